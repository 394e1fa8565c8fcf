import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import type { Orm } from '../db/orm.js'
import { chosenPlanPath } from '../domain/billing.js'
import { isLocale } from '../domain/locale.js'
import { translator } from '../i18n.js'
import { applyBillingEvent } from '../services/billing/events.js'
import { billingProvider, checkoutTarget, prepareCheckout } from '../services/billing/checkout.js'
import { WebhookRejected } from '../services/billing/provider.js'
import { loadCurrentUser } from '../services/sessions.js'
import { AppError } from '../trpc/errors.js'
import { requestLocale } from '../trpc/context.js'

/** Processor notifications are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024

/**
 * The billing routes:
 *  - POST /billing/webhook/<provider>: the processor's signed notifications. The raw body is
 *    verified first (HMAC-SHA256, constant time), then parsed, then applied exactly once.
 *    Refusals (bad signature 401, malformed 400/415, unknown plan, user or subscription 422,
 *    conflicts 409) change nothing and are logged without the secret or the signature.
 *  - GET /subscriptions/join/<sid>?locale=: the join link. Visitors go to sign-up and
 *    unconfirmed users to verify-email (coming back to the chosen plan), others to the
 *    processor's payment form or the demo checkout.
 */
export function registerBillingRoutes(app: FastifyInstance, config: Config, orm: Orm): void {
  const provider = billingProvider(config.billing)

  void app.register(async (scope) => {
    // Only here: the body stays raw bytes, because the signature covers exactly those.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body))

    scope.post<{ Params: { provider: string } }>('/billing/webhook/:provider', async (req, reply) => {
      if (req.params.provider !== provider.id) return refuse(req, reply, new WebhookRejected(404, `unknown provider ${req.params.provider}`))
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      if (!provider.verify(raw, req.headers)) return refuse(req, reply, new WebhookRejected(401, 'invalid signature'))
      try {
        const { event, fields } = provider.parse(raw, req.headers['content-type'])
        const outcome = await applyBillingEvent(orm.em, provider.id, event, fields, new Date())
        req.log.info({ provider: provider.id, eventId: outcome.eventId, event: event.kind, result: outcome.result }, 'billing event')
        return reply.header('cache-control', 'no-store').send({ ok: true, result: outcome.result })
      } catch (error) {
        if (error instanceof WebhookRejected) return refuse(req, reply, error)
        throw error
      }
    })
  })

  app.get<{ Params: { sid: string }; Querystring: { locale?: string } }>('/subscriptions/join/:sid', async (req, reply) => {
    const em = orm.em.fork()
    const now = new Date()
    const { sid } = req.params
    const locale = isLocale(req.query.locale) ? req.query.locale : requestLocale(req.headers)
    void reply.header('cache-control', 'no-store')
    const user = await loadCurrentUser(em, req.cookies, now)
    const back = encodeURIComponent(chosenPlanPath(sid))
    if (!user) return reply.redirect(`/sign-up?redirect=${back}`, 303)
    if (!user.emailVerified) return reply.redirect(`/verify-email?redirect=${back}`, 303)
    let target: string | null
    try {
      const checkout = await prepareCheckout(em, user, sid, now)
      target = checkoutTarget(config.billing, config.publicUrl, user, checkout, locale, now)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // An unknown plan is a page that does not exist; otherwise the plan page says why.
      if (error.code === 'NOT_FOUND') return reply.callNotFound()
      return reply.redirect('/account/plan', 303)
    }
    if (!target) return reply.code(503).type('text/plain; charset=utf-8').send(translator(locale).errors.checkoutUnavailable())
    return reply.redirect(target, 303)
  })
}

function refuse(req: FastifyRequest, reply: FastifyReply, rejection: WebhookRejected) {
  req.log.warn({ status: rejection.status, reason: rejection.reason, eventId: rejection.eventId }, 'billing webhook refused')
  return reply.code(rejection.status).header('cache-control', 'no-store').send({ ok: false, error: rejection.reason })
}

