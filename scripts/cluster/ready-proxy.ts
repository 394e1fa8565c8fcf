/**
 * A small readiness-aware reverse proxy: what a load balancer does in front of several
 * servers. It asks every server's `/readyz` every `pollMs` and sends each request, in turn,
 * to a server that last answered 200; a server that answers 503 (shutting down, database
 * away) or does not answer (stopped, starting) gets nothing until it answers 200 again.
 * Used by `npm run demo:cluster` and the cluster test (tests/integration/cluster.test.ts).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Upstream {
  name: string
  /** http://host:port of the server. */
  url: string
}

export interface ProxyOptions {
  /** How often each server's readiness is asked (ms). */
  pollMs?: number
  /** A readiness answer slower than this counts as not ready (ms). */
  checkTimeoutMs?: number
  /** With no server ready, a request waits this long for one (ms), then gets 502. */
  waitForReadyMs?: number
  /**
   * Send a request again to another server when the connection failed before any answer
   * (what load balancers do for idempotent requests). Off in the cluster test, so that any
   * request the servers drop counts as failed.
   */
  retryConnectionErrors?: boolean
  /** Called for every answer passed on (the server's name, its status). */
  onAnswer?: (upstream: string, status: number) => void
}

interface UpstreamState extends Upstream {
  ready: boolean
  agent: http.Agent
  served: number
}

/** Bodies up to this size are kept, so that a request can be sent again; larger ones are streamed once. */
const REPLAYABLE_BYTES = 1024 * 1024
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])

export class ReadyProxy {
  readonly upstreams: UpstreamState[]
  /** Every change of a server's readiness as the proxy saw it. */
  readonly changes: Array<{ upstream: string; ready: boolean; at: number }> = []
  /** Requests that got no answer from any server (502), and requests sent a second time. */
  failed = 0
  retried = 0
  #server: http.Server | null = null
  #poller: NodeJS.Timeout | null = null
  #next = 0
  #waiters = new Set<() => void>()
  readonly #options: Required<Omit<ProxyOptions, 'onAnswer'>> & Pick<ProxyOptions, 'onAnswer'>

  constructor(upstreams: Upstream[], options: ProxyOptions = {}) {
    this.upstreams = upstreams.map((upstream) => ({ ...upstream, ready: false, served: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) }))
    this.#options = { pollMs: 200, checkTimeoutMs: 2000, waitForReadyMs: 30_000, retryConnectionErrors: true, ...options }
  }

  /** Listens on `port` (0: any free one) and starts polling readiness; resolves with the proxy's address. */
  async listen(port: number, host = '127.0.0.1'): Promise<string> {
    await this.#pollAll()
    this.#poller = setInterval(() => void this.#pollAll(), this.#options.pollMs)
    this.#server = http.createServer((req, res) => void this.#handle(req, res))
    this.#server.keepAliveTimeout = 30_000
    await new Promise<void>((resolve) => this.#server!.listen(port, host, resolve))
    return `http://${host}:${(this.#server.address() as AddressInfo).port}`
  }

  async close(): Promise<void> {
    if (this.#poller) clearInterval(this.#poller)
    for (const wake of this.#waiters) wake()
    if (this.#server) {
      this.#server.closeAllConnections()
      await new Promise<void>((resolve) => this.#server!.close(() => resolve()))
    }
    for (const upstream of this.upstreams) upstream.agent.destroy()
  }

  async #pollAll(): Promise<void> {
    await Promise.all(
      this.upstreams.map(async (upstream) => {
        const ready = await fetch(`${upstream.url}/readyz`, { signal: AbortSignal.timeout(this.#options.checkTimeoutMs) }).then(
          async (res) => {
            await res.body?.cancel()
            return res.status === 200
          },
          () => false,
        )
        this.#setReady(upstream, ready)
      }),
    )
  }

  #setReady(upstream: UpstreamState, ready: boolean): void {
    if (upstream.ready === ready) return
    upstream.ready = ready
    this.changes.push({ upstream: upstream.name, ready, at: Date.now() })
    if (ready) for (const wake of this.#waiters) wake()
  }

  /** The next ready server in turn, skipping `tried`; waits for one when none is ready. */
  async #pick(tried: Set<UpstreamState>): Promise<UpstreamState | null> {
    const deadline = Date.now() + this.#options.waitForReadyMs
    for (;;) {
      for (let i = 0; i < this.upstreams.length; i++) {
        const upstream = this.upstreams[(this.#next + i) % this.upstreams.length]!
        if (upstream.ready && !tried.has(upstream)) {
          this.#next = (this.#next + i + 1) % this.upstreams.length
          return upstream
        }
      }
      const left = deadline - Date.now()
      if (left <= 0 || !this.#poller) return null
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          this.#waiters.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(left, this.#options.pollMs))
        this.#waiters.add(wake)
      })
    }
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const length = Number(req.headers['content-length'] ?? 0)
    const replayable = req.headers['transfer-encoding'] === undefined && length <= REPLAYABLE_BYTES
    const body = replayable ? Buffer.concat(await req.toArray()) : null
    const tried = new Set<UpstreamState>()
    for (;;) {
      const upstream = await this.#pick(tried)
      if (!upstream) {
        this.failed++
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('no server is ready')
        return
      }
      tried.add(upstream)
      const outcome = await this.#forward(upstream, req, res, body)
      if (outcome === 'answered') return
      // The connection failed before any answer: the server is gone or going.
      this.#setReady(upstream, false)
      const again = this.#options.retryConnectionErrors && body !== null && (IDEMPOTENT.has(req.method ?? '') || outcome === 'refused')
      if (!again) {
        this.failed++
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('the server closed the connection')
        else res.destroy()
        return
      }
      this.retried++
    }
  }

  #forward(upstream: UpstreamState, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | null): Promise<'answered' | 'refused' | 'dropped'> {
    return new Promise((resolve) => {
      const target = new URL(req.url ?? '/', upstream.url)
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
      const outgoing = http.request(
        target,
        {
          method: req.method,
          agent: upstream.agent,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' },
        },
        (answer) => {
          upstream.served++
          this.#options.onAnswer?.(upstream.name, answer.statusCode ?? 0)
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
          answer.pipe(res)
          answer.once('error', () => res.destroy())
          resolve('answered')
        },
      )
      outgoing.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'dropped'))
      if (body) outgoing.end(body)
      else req.pipe(outgoing)
    })
  }
}
