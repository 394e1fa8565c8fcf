import type { FastifyInstance } from 'fastify'
import type { Config } from '../../core/config.js'
import { blockExempt, uniformlyOpen } from '../../core/domain/age/gates.js'
import { translator } from '../../core/i18n.js'
import { requestLocale } from './request-locale.js'

const SITEMAPS = /^\/(sitemap\.xml|sitemaps\/)/

/**
 * The age-assurance answer (req.ageAccess) enforced on the routes that are not pages (pages:
 * server/render/page-route.ts; procedures: server/trpc/trpc.ts):
 *  - in a block place, every route but the exempt ones (core/domain/age/gates.ts) answers 451
 *    in the visitor's language;
 *  - in a front place the sitemaps (which name the catalog) answer only verified visitors; a
 *    blur place gets their tour variant (server/render/sitemaps.ts);
 *  - where the policy answers differently by place or proof, API answers are private (no
 *    shared cache may hand one visitor's answer to another).
 * Explicit media are refused by the media routes themselves.
 */
export function registerAgeEnforcement(app: FastifyInstance, config: Config): void {
  const privateAnswers = !uniformlyOpen(config.age.policy.rules.map((rule) => rule.outcome))
  app.addHook('onRequest', async (req, reply) => {
    const access = req.ageAccess
    const pathname = req.url.split('?')[0]!
    // Pages (no route of their own) are answered by the page renderer with their own status.
    if (req.routeOptions.url === undefined) return
    if (access.outcome === 'block' && !blockExempt(pathname)) {
      return reply
        .code(451)
        .header('cache-control', 'private, no-store')
        .send({ error: translator(requestLocale(req.headers)).errors.ageBlocked(), requestId: req.id })
    }
    if (access.outcome === 'front' && !access.explicitAllowed && SITEMAPS.test(pathname)) {
      return reply
        .code(403)
        .header('cache-control', 'private, no-store')
        .send({ error: translator(requestLocale(req.headers)).errors.ageVerificationRequired(), requestId: req.id })
    }
  })
  if (privateAnswers) {
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/trpc/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-store')
      return payload
    })
  }
}
