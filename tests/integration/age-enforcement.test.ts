import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { seedSiteContent } from '../../scripts/seed/index.js'
import { logIn, makeUser } from '../support/accounts.js'
import { createTestApp, SITE_CLIENT, trpcMutation, type TestApp } from '../support/app.js'
import { makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * What each outcome does to pages, procedures and other routes (needs `npm run build`, which
 * `npm test` runs first). The place comes from the CDN header behind TRUST_PROXY.
 */
let db: TestDatabase
let t: TestApp
let blocking: TestApp
let policyDir: string
let videoId = 0

beforeAll(async () => {
  db = await createTestDatabase()
  await seedSiteContent(db.orm, () => undefined)
  const em = db.orm.em.fork()
  videoId = makeVideo(em, { title: { en: 'Rooftop at dawn' } }).id
  await em.flush()
  t = await createTestApp(db.orm, { TRUST_PROXY: 'true' })
  policyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-policy-'))
  const policy = path.join(policyDir, 'policy.json')
  fs.writeFileSync(
    policy,
    JSON.stringify({
      version: 'test-1',
      rules: [
        { id: 'nl', countries: ['NL'], outcome: 'block', law: { name: 'A test law' } },
        { id: 'rest', countries: ['*'], outcome: 'open' },
      ],
    }),
  )
  blocking = await createTestApp(db.orm, { TRUST_PROXY: 'true', AGE_POLICY_FILE: policy })
})
afterAll(async () => {
  await t.app.close()
  await blocking.app.close()
  await db.drop()
  fs.rmSync(policyDir, { recursive: true })
})

const from = (country: string, extra: Record<string, string> = {}) => ({ 'cf-ipcountry': country, 'accept-language': 'en', ...extra })
const page = (app: TestApp, url: string, country: string, extra: Record<string, string> = {}) => app.app.inject({ url, headers: from(country, extra) })
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]

describe('pages by outcome', () => {
  it('open: today’s pages with the click-through gate, and the RTA label', async () => {
    const res = await page(t, '/en/videos', 'NL')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('class="age-gate"')
    expect(res.body).toContain('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA"/>')
    expect(res.body).toContain('data-age="open elsewhere 0 1"')
    expect(res.body).toContain('href="https://db-ip.com"')
    // The same page answers differently elsewhere: no shared cache may keep it.
    expect(res.headers['cache-control']).toBe('private, max-age=0, must-revalidate')
  })

  it('front: every catalog page is the verification page (403), legal pages stay', async () => {
    for (const url of ['/en', '/en/videos', `/en/videos/${videoId}`, '/en/models', '/en/search/videos?q=rooftop', '/favorites', '/']) {
      // Pages outside /{lang}/ take the language of the locale cookie.
      const res = await page(t, url, 'GB', { cookie: 'locale=en' })
      expect(res.statusCode, url).toBe(403)
      expect(h1(res.body), url).toBe('Verify your age')
      expect(res.body, url).not.toContain('Rooftop at dawn')
      expect(res.body, url).not.toContain('class="age-gate"')
      expect(res.body, url).toContain('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA"/>')
    }
    const verify = await page(t, '/en/videos', 'GB')
    expect(verify.body).toContain('Where you are, the law asks us to check that you are an adult before we show anything of the catalog.')
    expect(verify.body).toContain('Verify with Streamclub development check')
    expect(verify.body).toContain('href="/en/age-assurance/gb"')
    expect(verify.body).toContain('<meta name="robots" content="noindex"/>')
    for (const url of [
      '/en/tos',
      '/en/privacy',
      '/en/imprint',
      '/en/faq',
      '/en/contact',
      '/en/report',
      '/en/age-assurance',
      '/en/age-assurance/gb',
      '/login',
      '/sign-up',
    ]) {
      const res = await page(t, url, 'GB')
      expect(res.statusCode, url).toBe(200)
      expect(h1(res.body), url).not.toBe('Verify your age')
    }
  })

  it('front: search engines get what a visitor of the place gets', async () => {
    const res = await page(t, '/en/videos', 'GB', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    expect(res.statusCode).toBe(403)
    expect(h1(res.body)).toBe('Verify your age')
    expect((await page(t, '/sitemap.xml', 'GB')).statusCode).toBe(403)
    expect((await page(t, '/sitemap.xml', 'NL')).statusCode).toBe(200)
  })

  it('blur: the tour renders with the banner to the verification page', async () => {
    const res = await page(t, '/en', 'FR')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('data-age="blur fr 0 0"')
    expect(res.body).toContain('Pictures and titles are hidden until you verify your age')
    expect(res.body).toMatch(/href="\/en\/verify-age\?returnTo=%2Fen"/)
    expect((await page(t, '/fr', 'FR')).body).toContain('Les images et les titres restent masqués')
    expect(res.body).not.toContain('class="age-gate"')
  })

  it('block: 451 with the "not available" page in the visitor’s language everywhere but the legal pages', async () => {
    for (const url of ['/en', '/en/videos', '/de/videos', `/en/videos/${videoId}`, '/login', '/en/verify-age', '/']) {
      const res = await page(blocking, url, 'NL')
      expect(`${url} ${res.statusCode} ${res.headers.location}`, url).toBe(`${url} 451 undefined`)
      expect(res.headers['cache-control'], url).toBe('private, max-age=0, must-revalidate')
    }
    expect(h1((await page(blocking, '/en/videos', 'NL')).body)).toBe('Not available where you are')
    expect(h1((await page(blocking, '/de/videos', 'NL')).body)).toBe('An deinem Standort nicht verfügbar')
    expect(h1((await page(blocking, '/it/videos', 'NL')).body)).toBe('Non disponibile dove ti trovi')
    for (const url of [
      '/en/tos',
      '/en/privacy',
      '/en/2257',
      '/en/imprint',
      '/en/contact',
      '/en/faq',
      '/en/report',
      '/en/age-assurance',
      '/en/age-assurance/nl',
    ]) {
      expect((await page(blocking, url, 'NL')).statusCode, url).toBe(200)
    }
    // Other places of the same policy: open.
    expect((await page(blocking, '/en/videos', 'BE')).statusCode).toBe(200)
  })
})

describe('other routes by outcome', () => {
  const trpc = (app: TestApp, procedure: string, country: string, input?: unknown) =>
    app.app.inject({
      url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers: from(country, { 'x-locale': 'en' }),
    })

  it('front: catalog procedures refuse with a translated error until verified; the site’s own answer', async () => {
    const refused = await trpc(t, 'catalog.videos', 'GB', { locale: 'en' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe('Please verify your age first: the law where you are requires it before this content is shown.')
    expect(refused.headers['cache-control']).toBe('private, no-store')
    expect((await trpc(t, 'catalog.video', 'GB', { id: videoId, locale: 'en' })).statusCode).toBe(403)
    expect((await trpc(t, 'site.settings', 'GB')).statusCode).toBe(200)
    expect((await trpc(t, 'auth.me', 'GB')).statusCode).toBe(200)
    expect((await trpc(t, 'catalog.videos', 'NL', { locale: 'en' })).statusCode).toBe(200)
    expect((await trpc(t, 'catalog.videos', 'FR', { locale: 'en' })).statusCode).toBe(200)
  })

  it('front: a verified member gets the full site', async () => {
    await makeUser(db.orm.em.fork(), { email: 'uk-member@example.com' })
    const login = await logIn(t.app, 'uk-member@example.com', 'correct horse battery', false, from('GB'))
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const started = await trpcMutation(t.app, 'age.start', { method: 'dev', returnTo: '/en/videos' }, { ...from('GB'), cookie })
    const check = started.json().result.data.checkId
    const checkCookie = started.cookies.find((c) => c.name === 'age_check')!
    const cookies = `${cookie}; age_check=${checkCookie.value}`
    const url = (await trpcMutation(t.app, 'age.devAnswer', { check, over18: true }, { ...from('GB'), cookie: cookies })).json().result.data.url
    const back = await t.app.inject({ url, headers: { ...from('GB'), cookie: cookies } })
    expect(back.headers.location).toBe('/en/videos')
    const full = await page(t, '/en/videos', 'GB', { cookie })
    expect(full.statusCode).toBe(200)
    expect(full.body).toContain('data-age="front gb 1 1"')
    expect(h1(full.body)).not.toBe('Verify your age')
    expect(
      (await t.app.inject({ url: `/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en' }))}`, headers: { ...from('GB'), cookie } }))
        .statusCode,
    ).toBe(200)
  })

  it('block: 451 for the API, media and downloads; the labels, health and the site’s own procedures answer', async () => {
    const api = await trpc(blocking, 'catalog.videos', 'NL', { locale: 'en' })
    expect(api.statusCode).toBe(451)
    expect(api.json().error).toBe('This site is not available where you are.')
    for (const url of [
      '/media/public/x/poster.jpg',
      '/protected/x/master.m3u8',
      `/download/video/${videoId}`,
      '/subscriptions/join/basic-monthly',
      '/sitemap.xml',
    ]) {
      expect((await page(blocking, url, 'NL')).statusCode, url).toBe(451)
    }
    expect((await trpc(blocking, 'site.settings', 'NL')).statusCode).toBe(200)
    expect((await trpc(blocking, 'site.settings,auth.me', 'NL')).statusCode).not.toBe(451)
    expect((await trpc(blocking, 'site.settings,catalog.videos', 'NL')).statusCode).toBe(451)
    for (const url of ['/age-de.xml', '/robots.txt', '/healthz']) expect((await page(blocking, url, 'NL')).statusCode, url).toBe(200)
    // A provider's notification comes from its servers, wherever they are.
    const webhook = await blocking.app.inject({
      method: 'POST',
      url: '/age/response/dev',
      headers: from('NL', { 'content-type': 'application/json', ...SITE_CLIENT }),
      payload: {},
    })
    expect(webhook.statusCode).toBe(404)
  })

  it('serves the age-de.xml label: the whole site for 18 and over', async () => {
    const res = await page(t, '/age-de.xml', 'DE')
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(XMLValidator.validate(res.body)).toBe(true)
    const xml = new XMLParser().parse(res.body)['age-declaration']
    expect(xml['ageblock-basic']).toMatchObject({ 'age-issuer': 'localhost', country: 'de', 'label-version': 1 })
    expect(xml['ageblock-labeltype']).toMatchObject({ xmlfile: true, 'default-age': 18 })
    expect(xml['ageblock-labeltype-definition']['labeltype-xmlfile'].label.age).toBe(18)
  })
})
