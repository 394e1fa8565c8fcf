import type { FastifyInstance } from 'fastify'
import type { Readiness } from '../../core/services/ops/readiness.js'

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
