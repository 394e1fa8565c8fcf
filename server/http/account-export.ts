import type { FastifyInstance } from 'fastify'
import type { Orm } from '../../core/db/orm.js'
import { AppError } from '../../core/domain/errors.js'
import { errorText, translator } from '../../core/i18n.js'
import { exportAccountData, exportFileName } from '../../core/services/account/export.js'
import type { RateLimits } from '../../core/services/auth/rate-limits.js'
import { loadCurrentUser } from '../../core/services/auth/sessions.js'
import { requestLocale } from './request-locale.js'
import { refuseCrossSite } from './same-origin.js'

/** Exports per IP address and minute: plenty for a member, little for a script. */
const EXPORT_LIMIT = { limit: 10, windowSeconds: 60 } as const

/**
 * GET /account/export.json: the signed-in member's data as a JSON file (an attachment, never
 * cached), read in one snapshot (core/services/account/export.ts). The "Download my data" link
 * points here, so the browser saves the file itself. A request another site started is refused.
 */
export function registerAccountExport(app: FastifyInstance, orm: Orm, limits: RateLimits): void {
  app.get('/account/export.json', async (req, reply) => {
    const locale = requestLocale(req.headers)
    reply.header('cache-control', 'private, no-store')
    const fetchSite = req.headers['sec-fetch-site']
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return refuseCrossSite(req, reply, 'fetchSite')
    const em = orm.em.fork()
    const now = new Date()
    const user = await loadCurrentUser(em, req.cookies, now)
    if (!user) return reply.code(401).send({ error: translator(locale).errors.unauthorized() })
    try {
      await limits.hitIp('accountExport', req.ip, EXPORT_LIMIT)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return reply
        .code(429)
        .header('retry-after', String((error.params?.seconds as number | undefined) ?? 60))
        .send({ error: errorText(locale, error.key, error.params) })
    }
    const data = await exportAccountData(em, { userId: user.id, locale: user.locale }, now)
    req.log.info({ userId: user.id }, 'account data exported')
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .send(JSON.stringify(data, null, 2))
  })
}
