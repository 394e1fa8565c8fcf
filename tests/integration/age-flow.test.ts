import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgeCheck, AgeProofRecord } from '../../core/db/entities/index.js'
import { logIn, makeUser } from '../support/accounts.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
let t: TestApp
let app: FastifyInstance

beforeAll(async () => {
  db = await createTestDatabase()
  // Behind a (pretend) CDN: the place comes from its country header.
  t = await createTestApp(db.orm, { TRUST_PROXY: 'true' })
  app = t.app
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

/** A browser: keeps the cookies the server sets, sends them back, and names its country. */
class Browser {
  readonly cookies = new Map<string, string>()
  constructor(readonly country: string | null) {}

  get headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    return { ...(this.country ? { 'cf-ipcountry': this.country } : {}), ...(cookie ? { cookie } : {}), 'x-locale': 'en' }
  }

  keep(res: InjectResponse): InjectResponse {
    for (const cookie of res.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return res
  }

  async query(path: string, input?: unknown) {
    return this.keep(await trpcQuery(app, path, input, this.headers))
  }

  async mutate(path: string, input: unknown) {
    return this.keep(await trpcMutation(app, path, input, this.headers))
  }

  async get(url: string) {
    return this.keep(await app.inject({ method: 'GET', url, headers: this.headers }))
  }

  async status() {
    return (await this.query('age.status')).json().result.data as {
      rule: string
      outcome: string
      verified: boolean
      expiresAt: string | null
      needsAccount: boolean
      needsFreshLogin: boolean
    }
  }

  /** The development provider from start to callback: the response of the callback. */
  async verify(over18 = true, returnTo = '/fr/videos') {
    const started = await this.mutate('age.start', { method: 'dev', returnTo })
    expect(started.statusCode, started.body).toBe(200)
    const start = started.json().result.data as { checkId: string; kind: string; url: string }
    expect(start).toMatchObject({ kind: 'redirect', url: `/dev-age-check?check=${start.checkId}&locale=en` })
    const answered = await this.mutate('age.devAnswer', { check: start.checkId, over18 })
    expect(answered.statusCode, answered.body).toBe(200)
    return this.get(answered.json().result.data.url)
  }
}

describe('the age-verification flow with the development provider', () => {
  it('turns a French visitor into a verified one for this browser session, storing nothing but the yes and its expiry', async () => {
    const browser = new Browser('FR')
    expect(await browser.status()).toMatchObject({ rule: 'fr', outcome: 'blur', verified: false })
    const rule = (await browser.query('age.rule')).json().result.data
    expect(rule).toMatchObject({ id: 'fr', outcome: 'blur', doubleAnonymity: true, methods: [{ id: 'dev', kind: 'dev', doubleAnonymous: true }] })

    const callback = await browser.verify(true, '/fr/videos?page=2')
    expect(callback.statusCode).toBe(303)
    expect(callback.headers.location).toBe('/fr/videos?page=2')
    const proofCookie = callback.cookies.find((cookie) => cookie.name === 'age_proof')!
    expect(proofCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    // A session cookie: it ends with the browser.
    expect(proofCookie.maxAge).toBeUndefined()
    expect(proofCookie.expires).toBeUndefined()

    const status = await browser.status()
    expect(status).toMatchObject({ rule: 'fr', verified: true })
    expect(new Date(status.expiresAt!).getTime() - Date.now()).toBeGreaterThan(55 * 60_000)

    // The stored row: over 18, method, provider, double anonymity, policy version, times, and the browser key: nothing else.
    const rows = await db.orm.em.fork().getConnection().execute('select * from age_proof')
    expect(rows).toHaveLength(1)
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'browser_key',
      'double_anonymous',
      'expires_at',
      'id',
      'method',
      'over18',
      'policy_version',
      'provider',
      'user_id',
      'verified_at',
    ])
    expect(rows[0]).toMatchObject({
      over18: true,
      method: 'dev',
      provider: 'Streamclub development check',
      double_anonymous: true,
      policy_version: '2026-11-28',
      user_id: null,
    })
    expect(rows[0]!.browser_key).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.browser_key).not.toBe(proofCookie.value)

    // Another browser in France is not verified by it.
    expect((await new Browser('FR').status()).verified).toBe(false)
    // The check was used once and its secrets are gone.
    const check = await db.orm.em.fork().findOneOrFail(AgeCheck, { method: 'dev', status: 'used' })
    expect(check.state).toBeNull()
  })

  it('refuses an under-18 answer, a forged callback, a replayed one, and a check finished by another browser', async () => {
    const minor = new Browser('IT')
    const refused = await minor.verify(false, '/it/videos')
    expect(refused.statusCode).toBe(303)
    expect(refused.headers.location).toBe('/en/verify-age?returnTo=%2Fit%2Fvideos&result=refused')
    expect((await minor.status()).verified).toBe(false)

    // A hand-made "yes" without the provider's signature.
    const forger = new Browser('IT')
    const started = (await forger.mutate('age.start', { method: 'dev', returnTo: '/it' })).json().result.data
    const forged = await forger.get(`/age/callback/dev?check=${started.checkId}&answer=yes&sig=${'A'.repeat(43)}`)
    expect(forged.headers.location).toContain('result=refused')
    expect((await forger.status()).verified).toBe(false)

    // A signed "yes" used by a browser that did not start the check.
    const owner = new Browser('IT')
    const own = (await owner.mutate('age.start', { method: 'dev', returnTo: '/it' })).json().result.data
    const url = (await owner.mutate('age.devAnswer', { check: own.checkId, over18: true })).json().result.data.url
    const thief = new Browser('IT')
    expect((await thief.mutate('age.devAnswer', { check: own.checkId, over18: true })).statusCode).toBe(404)
    expect((await thief.get(url)).headers.location).toContain('result=expired')
    expect((await thief.status()).verified).toBe(false)
    // The owner still can, once.
    expect((await owner.get(url)).headers.location).toBe('/it')
    expect((await owner.status()).verified).toBe(true)
    const replay = new Browser('IT')
    replay.cookies.set('age_check', owner.cookies.get('age_check')!)
    expect((await replay.get(url)).headers.location).toContain('result=expired')
    expect((await replay.status()).verified).toBe(false)
  })

  it('keeps proofs for accounts where the rule says so, and in Germany counts them only after a login during this visit', async () => {
    const browser = new Browser('DE')
    expect(await browser.status()).toMatchObject({ rule: 'de', needsAccount: true })
    const refused = await browser.mutate('age.start', { method: 'dev', returnTo: '/de' })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().error.message).toBe('Please log in or create an account first: here the proof of age is kept on your account.')

    const user = await makeUser(db.orm.em.fork(), { email: 'de-member@example.com' })
    browser.keep(await logIn(app, 'de-member@example.com', 'correct horse battery', true, browser.headers))
    expect(browser.cookies.has('sid_visit')).toBe(true)
    expect((await browser.verify(true, '/de')).headers.location).toBe('/de')
    expect(await browser.status()).toMatchObject({ verified: true, expiresAt: null })
    const rows = await db.orm.em.fork().find(AgeProofRecord, { user: user.id })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ browserKey: null, expiresAt: null, method: 'dev' })

    // The browser restarts: the remembered session survives, the visit cookie does not.
    browser.cookies.delete('sid_visit')
    expect(await browser.status()).toMatchObject({ verified: false, needsFreshLogin: true })
    browser.keep(await logIn(app, 'de-member@example.com', 'correct horse battery', true, browser.headers))
    expect(await browser.status()).toMatchObject({ verified: true, needsFreshLogin: false })

    // In the UK the account's proof counts too (a method accepted there, younger than its yearly re-check);
    // in France it does not: there a proof belongs to a browser session, never to an account.
    const inBritain = new Browser('GB')
    inBritain.cookies.set('sid', browser.cookies.get('sid')!)
    expect((await inBritain.status()).verified).toBe(true)
    const inFrance = new Browser('FR')
    inFrance.cookies.set('sid', browser.cookies.get('sid')!)
    expect((await inFrance.status()).verified).toBe(false)
  })

  it('offers no check where it is not needed, and only the methods the rule accepts', async () => {
    const dutch = new Browser('NL')
    expect(await dutch.status()).toMatchObject({ outcome: 'open', verified: false })
    const none = await dutch.mutate('age.start', { method: 'dev', returnTo: '/' })
    expect(none.statusCode).toBe(400)
    expect(none.json().error.message).toBe('This way of verifying your age is not offered where you are.')
    const french = new Browser('FR')
    expect((await french.mutate('age.start', { method: 'card', returnTo: '/' })).statusCode).toBe(400)
    expect((await french.mutate('age.start', { method: '../x', returnTo: '/' })).statusCode).toBe(400)
    // A return address off this site becomes the home page.
    const started = (await french.mutate('age.start', { method: 'dev', returnTo: 'https://evil.example/' })).json().result.data
    const url = (await french.mutate('age.devAnswer', { check: started.checkId, over18: true })).json().result.data.url
    expect((await french.get(url)).headers.location).toBe('/en')
    // Unknown methods and checks at the provider routes.
    expect((await app.inject({ method: 'POST', url: '/age/response/dev', payload: { state: started.checkId } })).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'POST', url: '/age/response/nope', payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
        .statusCode,
    ).toBe(404)
    expect((await french.get('/age/callback/nope')).headers.location).toContain('result=expired')
  })
})
