/**
 * What makes the pipeline board live: PostgreSQL notifies `pipeline_changed` whenever an
 * ingested item's state, progress or error changes (a trigger, see the migration
 * pipeline_changed), the worker's stored ffmpeg progress included. Each server keeps one
 * LISTEN connection (opened when the first page follows the board) and wakes every follower;
 * a follower then reads the board once, however many changes came in the meantime.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { listenToChannel, type ChangeListener } from '../site/notifications.js'

const PIPELINE_CHANNEL = 'pipeline_changed'

/**
 * Wakes the boards for a change the trigger does not watch (a video's published rungs, which
 * the board's partial note shows); inside a transaction the notification is sent on commit.
 */
export async function notifyPipelineChanged(em: EntityManager, item: `${'video' | 'image_set'}:${number}`): Promise<void> {
  await em.getConnection().execute(`select pg_notify(?, ?)`, [PIPELINE_CHANNEL, item], 'run', em.getTransactionContext())
}

export interface FeedTiming {
  /** Changes closer together than this are read as one (the worker writes progress once a second per job). */
  minGapMs: number
  /** A read at least this often, for what sends no notification: a worker starting or going away. */
  heartbeatMs: number
}

const DEFAULT_TIMING: FeedTiming = { minGapMs: 250, heartbeatMs: 5000 }

export class PipelineFeed {
  private listener: ChangeListener | null = null
  private version = 0
  private readonly waiters = new Set<() => void>()
  private closed = false

  constructor(
    private readonly databaseUrl: string,
    private readonly log: { warn: (obj: object, msg: string) => void },
    private readonly timing: FeedTiming = DEFAULT_TIMING,
  ) {}

  /** Resolves when the LISTEN connection is up (opening it if nobody followed yet). */
  ready(): Promise<boolean> {
    this.listener ??= listenToChannel(this.databaseUrl, PIPELINE_CHANNEL, {
      onNotification: () => this.wake(),
      // Changes may have been missed while the connection was away: read again.
      onConnected: () => this.wake(),
      onLost: (error) => this.log.warn({ err: error }, 'pipeline change listener lost; the board refreshes on its heartbeat until it reconnects'),
    })
    return this.listener.ready
  }

  /**
   * Yields at once, then after each change (or heartbeat), until `signal` aborts or the feed
   * closes: the follower reads the board at every step.
   */
  async *changes(signal?: AbortSignal): AsyncGenerator<void> {
    void this.ready()
    while (!this.closed && !signal?.aborted) {
      const seen = this.version
      yield
      await this.wait(this.timing.minGapMs, signal, false)
      if (this.version === seen) await this.wait(this.timing.heartbeatMs, signal, true)
    }
  }

  /** Ends every follower's stream (the server is stopping) and the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true
    this.wake()
    await this.listener?.close()
  }

  private wake(): void {
    this.version++
    for (const waiter of this.waiters) waiter()
    this.waiters.clear()
  }

  /** Waits `ms`, or less: until an abort or the feed's close, and with `untilChange` until a change. */
  private wait(ms: number, signal: AbortSignal | undefined, untilChange: boolean): Promise<void> {
    if (this.closed || signal?.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        this.waiters.delete(onChange)
        resolve()
      }
      const onChange = () => (untilChange || this.closed ? done() : undefined)
      const timer = setTimeout(done, ms)
      signal?.addEventListener('abort', done, { once: true })
      this.waiters.add(onChange)
    })
  }
}
