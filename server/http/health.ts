import type { FastifyInstance } from 'fastify'
import type { Orm } from '../db/orm.js'

/** /healthz: the process answers. /readyz: the database answers too. */
export function registerHealthRoutes(app: FastifyInstance, orm: Orm): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))

  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    try {
      await orm.em.getConnection().execute('select 1')
      return { status: 'ready' }
    } catch (error) {
      req.log.warn({ err: error }, 'database not reachable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}
