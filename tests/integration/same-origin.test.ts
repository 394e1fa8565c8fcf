import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, SITE_CLIENT, type TestApp } from '../support/app.js'
import { logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'
import { WEBHOOK } from '../support/billing.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const SITE = 'https://club.example'
const PASSWORD = 'correct horse battery'
let db: TestDatabase
let t: TestApp
let cookie: string

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { ...PUBLIC_DEMO_SITE, PUBLIC_URL: SITE, RATE_LIMIT_PER_IP: '1000' })
  await makeUser(db.orm.em.fork(), { email: 'victim@example.com' })
  cookie = sessionCookieOf(await logIn(t.app, 'victim@example.com', PASSWORD))
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const logout = (headers: Record<string, string>, payload?: string) =>
  t.app.inject({ method: 'POST', url: '/trpc/auth.logout', headers: { cookie, ...headers }, ...(payload === undefined ? {} : { payload }) })

const MULTIPART = ['--X', 'Content-Disposition: form-data; name="0"', '', '{}', '--X--', ''].join('\r\n')

describe('mutations come from this site only', () => {
  it('refuses cross-site form posts and other sites with 403, a translated message, and no effect', async () => {
    const attempts: Array<[string, Record<string, string>, string | undefined]> = [
      ['multipart form', { 'content-type': 'multipart/form-data; boundary=X' }, MULTIPART],
      ['multipart form with the site header', { 'content-type': 'multipart/form-data; boundary=X', ...SITE_CLIENT }, MULTIPART],
      ['text/plain form', { 'content-type': 'text/plain' }, '{"0":{}}'],
      ['urlencoded form', { 'content-type': 'application/x-www-form-urlencoded' }, '0=%7B%7D'],
      ['no body at all', {}, undefined],
      ['JSON from another origin', { 'content-type': 'application/json', origin: 'https://evil.example' }, '{}'],
      ['JSON from another origin with the site header', { 'content-type': 'application/json', origin: 'https://evil.example', ...SITE_CLIENT }, '{}'],
      ['JSON from an opaque origin', { 'content-type': 'application/json', origin: 'null' }, '{}'],
      ['JSON, cross-site fetch', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', ...SITE_CLIENT }, '{}'],
      ['JSON, same-site fetch (another subdomain)', { 'content-type': 'application/json', 'sec-fetch-site': 'same-site', ...SITE_CLIENT }, '{}'],
      ['JSON without any sign of origin', { 'content-type': 'application/json' }, '{}'],
      ['the site header with a form', { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...SITE_CLIENT }, '0=1'],
    ]
    for (const [name, headers, payload] of attempts) {
      const res = await logout({ 'accept-language': 'de', ...headers }, payload)
      expect(res.statusCode, name).toBe(403)
      expect(res.json().error, name).toBe('Diese Anfrage kam nicht von dieser Website und wurde abgelehnt.')
    }
    // Still signed in: none of them logged the victim out.
    expect(await me(t.app, cookie)).toMatchObject({ email: 'victim@example.com' })
    const french = await logout({ 'content-type': 'text/plain', 'x-locale': 'fr' }, '{}')
    expect(french.json().error).toBe('Cette requête ne provient pas de ce site et a été refusée.')
  })

  it("takes JSON from the site's pages: its Origin, a same-origin fetch, or the client's header", async () => {
    const ways: Array<[string, Record<string, string>]> = [
      ['Origin of PUBLIC_URL', { origin: SITE }],
      ['Origin of the address the request went to', { origin: 'http://localhost:80', host: 'localhost:80' }],
      ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
      ["the client's header", SITE_CLIENT],
      ['all of them, as a browser sends them', { origin: SITE, 'sec-fetch-site': 'same-origin', ...SITE_CLIENT }],
    ]
    for (const [name, headers] of ways) {
      const session = sessionCookieOf(await logIn(t.app, 'victim@example.com', PASSWORD))
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.logout',
        headers: { cookie: session, 'content-type': 'application/json', ...headers },
        payload: '{}',
      })
      expect(res.statusCode, name).toBe(200)
      expect(await me(t.app, session), name).toBeNull()
    }
  })

  it('leaves reads and the billing webhook open to other sites', async () => {
    const read = await t.app.inject({ url: '/trpc/auth.me', headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })
    expect(read.statusCode).toBe(200)
    // The processor posts a form from its own servers; its signature decides (here: none, 401).
    const hook = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://processor.example', 'sec-fetch-site': 'cross-site' },
      payload: 'eventType=Expiration',
    })
    expect(hook.statusCode).toBe(401)
  })

  it('refuses a download another site started, before it counts', async () => {
    const res = await t.app.inject({ url: '/download/video/1', headers: { cookie, 'sec-fetch-site': 'cross-site', 'accept-language': 'en' } })
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toBe('This request did not come from this site and was refused.')
    const [row] = await db.orm.em.getConnection().execute<Array<{ count: string }>>('select count(*) from download_counter')
    expect(Number(row!.count)).toBe(0)
    // Opened from the site's own page, the usual answers follow (here: not a member).
    const own = await t.app.inject({ url: '/download/video/1', headers: { cookie, 'sec-fetch-site': 'same-origin', 'accept-language': 'en' } })
    expect(own.statusCode).toBe(404)
  })
})
