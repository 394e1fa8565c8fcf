import type { FastifyInstance } from 'fastify'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { ageDeXml } from '../../core/domain/age/gates.js'
import { loadCurrentUser } from '../../core/services/auth/sessions.js'
import type { AgeAssurance } from '../../core/services/age/assurance.js'
import { completeFromProvider, finishInBrowser } from '../../core/services/age/checks.js'
import type { AgeCompletion } from '../../core/services/age/method.js'
import { browserRequest } from './browser-request.js'

/** A wallet's answer or a provider's notification is small; anything bigger is not one. */
const RESPONSE_BODY_LIMIT = 256 * 1024
const METHOD_ID = /^[a-z0-9][a-z0-9-]{0,39}$/
/** When the label's content last changed (its <last-change>). */
const AGE_DE_LAST_CHANGE = '2026-11-28'

/** The verification page a refused or expired check comes back to, with why. */
function verificationPage(locale: string, returnTo: string, result: 'refused' | 'expired'): string {
  return `/${locale}/verify-age?${new URLSearchParams({ returnTo, result })}`
}

function bodyOf(raw: Buffer, contentType: string | undefined): unknown {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw.toString('utf8')))
  if (type === 'application/json') {
    try {
      return JSON.parse(raw.toString('utf8'))
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * The age-de.xml label, and the generic routes of the age-verification flow (core/services/age/checks.ts), the same for
 * every method, so a new adapter needs no route of its own:
 *  - GET /age/callback/:method: the browser comes back from the provider (or the development
 *    page); the check of this browser is completed and becomes a proof; then back to where the
 *    visitor was, or to the verification page saying why not;
 *  - POST /age/response/:method: a wallet's direct post (OpenID4VP) or a provider's webhook,
 *    server to server: the raw body stays available for signatures.
 */
export function registerAgeRoutes(app: FastifyInstance, config: Config, orm: Orm, age: AgeAssurance): void {
  // The label youth-protection software in Germany reads (age-de.xml): the whole site is for 18 and over.
  const label = ageDeXml(new URL(config.publicUrl).hostname, AGE_DE_LAST_CHANGE)
  app.get('/age-de.xml', async (_req, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(label))

  app.get<{ Params: { method: string } }>('/age/callback/:method', async (req, reply) => {
    void reply.header('cache-control', 'no-store')
    const em = orm.em.fork()
    const now = new Date()
    const methodId = METHOD_ID.test(req.params.method) ? req.params.method : ''
    const user = await loadCurrentUser(em, req.cookies, now)
    const completion: AgeCompletion = {
      query: new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : ''),
      headers: req.headers,
    }
    const finished = await finishInBrowser(em, age.flow, {
      methodId,
      browser: browserRequest(req, reply),
      userId: user?.id ?? null,
      completion,
      rules: (id) => age.resolver.rule(id),
      now,
    })
    req.log.info({ method: methodId, outcome: finished.outcome }, 'age check finished')
    if (finished.outcome === 'verified') return reply.redirect(finished.returnTo, 303)
    return reply.redirect(verificationPage(finished.locale, finished.returnTo, finished.outcome), 303)
  })

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RESPONSE_BODY_LIMIT }, (_req, body, done) => done(null, body))
    scope.post<{ Params: { method: string } }>('/age/response/:method', async (req, reply) => {
      void reply.header('cache-control', 'no-store')
      if (!METHOD_ID.test(req.params.method)) return reply.code(404).send({ error: 'unknown method' })
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const outcome = await completeFromProvider(orm.em.fork(), age.flow, {
        methodId: req.params.method,
        completion: {
          query: new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : ''),
          body: bodyOf(rawBody, req.headers['content-type']),
          rawBody,
          headers: req.headers,
          origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
        },
        now: new Date(),
      })
      req.log.info({ method: req.params.method, outcome }, 'age check response')
      // What the provider learns: received or not, never why.
      return outcome === 'unknown' ? reply.code(404).send({ error: 'unknown check' }) : reply.send({ received: true })
    })
  })
}
