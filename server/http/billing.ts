import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { chosenPlanPath } from '../../core/domain/billing/billing.js'
import { isLocale } from '../../core/domain/locale.js'
import { translator } from '../../core/i18n.js'
import { applyBillingEvent } from '../../core/services/billing/events.js'
import { checkoutTarget, prepareCheckout } from '../../core/services/billing/checkout.js'
import { WebhookRejected, type BillingProvider } from '../../core/services/billing/provider.js'
import { billingProvider } from '../../core/services/billing/providers/index.js'
import { loadCurrentUser } from '../../core/services/auth/sessions.js'
import { AppError } from '../../core/domain/errors.js'
import { requestLocale } from './request-locale.js'

/** Processor notifications are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024
/** How long a processor should wait before delivering a "not yet" notification again. */
const RETRY_AFTER_SECONDS = 60

/**
 * The billing routes:
 *  - POST|GET /billing/webhook/<provider>: the configured processor's notifications. The
 *    adapter authenticates the request (source address, signature, digest or secret) and reads
 *    it from the raw bytes; the event is applied exactly once and answered as the processor
 *    expects, 200 only after it committed. Refusals change nothing and are logged without
 *    secrets; 503 (a subscription not known yet) makes the processor deliver it again.
 *  - GET /subscriptions/join/<sid>?locale=: the join link. Visitors go to sign-up and
 *    unconfirmed users to verify-email (coming back to the chosen plan), others to the
 *    processor's payment form or the demo checkout; every page on the way is in the link's
 *    locale.
 */
export function registerBillingRoutes(app: FastifyInstance, config: Config, orm: Orm): void {
  const provider = billingProvider(config.billing)

  void app.register(async (scope) => {
    // Only here: the body stays raw bytes, because signatures cover exactly those.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body))

    scope.route<{ Params: { provider: string } }>({
      method: ['GET', 'POST'],
      url: '/billing/webhook/:provider',
      // A HEAD request is no notification.
      exposeHeadRoute: false,
      handler: async (req, reply) => {
        void reply.header('cache-control', 'no-store')
        if (req.params.provider !== provider.id) return refuse(req, reply, provider, new WebhookRejected(404, `unknown provider ${req.params.provider}`))
        try {
          const { event, fields } = provider.receive({
            method: req.method,
            query: req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '',
            rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
            contentType: req.headers['content-type'],
            headers: req.headers,
            sourceIp: req.ip,
            receivedAt: new Date(),
          })
          const outcome = await applyBillingEvent(orm.em, provider.id, event, fields, new Date())
          req.log.info({ provider: provider.id, eventId: outcome.eventId, event: event.kind, result: outcome.result }, 'billing event')
          return send(reply, provider, outcome)
        } catch (error) {
          if (error instanceof WebhookRejected) return refuse(req, reply, provider, error)
          throw error
        }
      },
    })
  })

  app.get<{ Params: { sid: string }; Querystring: { locale?: string } }>('/subscriptions/join/:sid', async (req, reply) => {
    const em = orm.em.fork()
    const now = new Date()
    const { sid } = req.params
    const locale = isLocale(req.query.locale) ? req.query.locale : requestLocale(req.headers)
    void reply.header('cache-control', 'no-store')
    const user = await loadCurrentUser(em, req.cookies, now)
    // The pages on the way keep the link's language (the page's `locale` query wins over the stored one).
    const back = `${encodeURIComponent(chosenPlanPath(sid))}&locale=${locale}`
    if (!user) return reply.redirect(`/sign-up?redirect=${back}`, 303)
    if (!user.emailVerified) return reply.redirect(`/verify-email?redirect=${back}`, 303)
    let target: ReturnType<typeof checkoutTarget>
    try {
      const checkout = await prepareCheckout(em, config.billing, user, sid, now)
      target = checkoutTarget(config.billing, config.publicUrl, user, checkout, locale, now)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      // An unknown plan is a page that does not exist; otherwise the plan page says why.
      if (error.code === 'NOT_FOUND') return reply.callNotFound()
      return reply.redirect('/account/plan', 303)
    }
    if (target.url === null) {
      req.log.warn({ provider: provider.id, plan: sid, problem: target.problem }, 'checkout unavailable')
      return reply.code(503).type('text/plain; charset=utf-8').send(translator(locale).errors.checkoutUnavailable())
    }
    return reply.redirect(target.url, 303)
  })
}

function send(reply: FastifyReply, provider: BillingProvider, result: Parameters<BillingProvider['answer']>[0]) {
  const answer = provider.answer(result)
  return reply.code(answer.status).type(answer.contentType).send(answer.body)
}

function refuse(req: FastifyRequest, reply: FastifyReply, provider: BillingProvider, rejection: WebhookRejected) {
  // The reason names what was wrong, never a secret, signature or digest value.
  req.log.warn(
    { provider: provider.id, status: rejection.status, reason: rejection.reason, eventId: rejection.eventId, source: req.ip },
    'billing webhook refused',
  )
  if (rejection.status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS))
  return send(reply, provider, rejection)
}
