/**
 * One connection that LISTENs on a PostgreSQL channel and hands each notification on; after a
 * failure it reconnects (every `retryMs`), telling its user that notifications were lost
 * meanwhile (`onLost`) and when they flow again (`onConnected`: anything known before may
 * have missed a change). The catalog cache and the live pipeline board use it.
 */
import pg from 'pg'

export interface ChannelHandlers {
  onNotification(payload: string): void
  /** LISTEN succeeded (first time, or after a reconnect). */
  onConnected?(): void
  /** The connection failed or ended; notifications are lost until onConnected. */
  onLost?(error: unknown): void
}

export interface ChangeListener {
  close(): Promise<void>
  /** Resolves once the first LISTEN succeeded (or failed); tests wait for it. */
  ready: Promise<boolean>
}

export function listenToChannel(databaseUrl: string, channel: string, handlers: ChannelHandlers, retryMs = 2000): ChangeListener {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let resolveReady: (ok: boolean) => void = () => undefined
  const ready = new Promise<boolean>((resolve) => (resolveReady = resolve))

  const connect = async () => {
    const current = new pg.Client({ connectionString: databaseUrl })
    client = current
    const fail = (error: unknown) => {
      if (client !== current) return
      client = null
      resolveReady(false)
      current.end().catch(() => undefined)
      if (closed) return
      handlers.onLost?.(error)
      timer = setTimeout(() => void connect(), retryMs)
      timer.unref()
    }
    current.on('error', fail)
    current.on('end', () => fail(new Error('connection ended')))
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '')
    })
    try {
      await current.connect()
      await current.query(`listen ${channel}`)
      if (closed) return void current.end().catch(() => undefined)
      handlers.onConnected?.()
      resolveReady(true)
    } catch (error) {
      fail(error)
    }
  }
  void connect()

  return {
    ready,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}
