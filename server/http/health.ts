import type { FastifyInstance } from 'fastify'

/** One thing the server needs to serve; `check` throws (or times out) when it is not there. */
export interface ReadinessCheck {
  name: string
  check(): Promise<void>
}

/** Readiness turns 503 for good once shutdown begins. */
export class Readiness {
  private shuttingDown = false

  constructor(readonly checks: ReadinessCheck[], private readonly timeoutMs = 3000) {}

  beginShutdown(): void {
    this.shuttingDown = true
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown
  }

  /** The names of the checks that fail now (all of them run at once, each with a timeout). */
  async failing(): Promise<Array<{ name: string; error: unknown }>> {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs)
        })
        try {
          await Promise.race([check(), timeout])
          return null
        } catch (error) {
          return { name, error }
        } finally {
          clearTimeout(timer)
        }
      }),
    )
    return results.filter((result) => result !== null)
  }
}

/**
 * /healthz: the process answers (liveness; a restart helps only when this fails).
 * /readyz: 200 only when every readiness check passes (database reachable, migrations
 * current, media store answers); 503 once shutdown has begun, while the port is still
 * open, so a load balancer stops sending before the server stops accepting.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))

  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    if (readiness.isShuttingDown) return reply.code(503).send({ status: 'shutting down' })
    const failing = await readiness.failing()
    if (readiness.isShuttingDown) return reply.code(503).send({ status: 'shutting down' })
    if (failing.length === 0) return { status: 'ready' }
    for (const { name, error } of failing) req.log.warn({ err: error, check: name }, 'not ready')
    return reply.code(503).send({ status: 'unavailable', failing: failing.map(({ name }) => name) })
  })
}
