import zlib from 'node:zlib'
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { emptyVideoMedia } from '../../core/db/entities/index.js'
import { CATALOG_CHANNEL } from '../../core/services/catalog/release.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, type TestApp } from '../support/app.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { makeCategory, makeImageSet, makeModel, makeVideo } from '../support/factories.js'
import { seedSiteContent } from '../../scripts/seed/index.js'

/**
 * The server-rendered pages (needs `npm run build`, which `npm test` runs first): every public
 * route answers HTML with its head and structured data, whatever the Accept header says;
 * robots.txt and the sitemaps are well-formed.
 */
let db: TestDatabase
let t: TestApp
const ids = { video: 0, upcoming: 0, set: 0, model: 0, category: 0 }
const PUBLIC_URL = 'https://club.example'

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { PUBLIC_URL, ...PUBLIC_DEMO_SITE, CATALOG_CACHE_TTL_MS: '60000' })
  await seedSiteContent(db.orm, () => undefined)
  const em = db.orm.em.fork()
  const model = makeModel(em, { firstName: 'Lina' })
  const category = makeCategory(em, { title: { en: 'Rooftops', de: 'Dächer' } })
  const video = makeVideo(em, {
    title: { en: 'Rooftop at dawn', de: 'Dach im Morgengrauen' },
    category,
    featuredModel: model,
    durationSeconds: 754,
    views: 12,
    likes: 3,
  })
  video.media = {
    ...emptyVideoMedia(),
    poster: [{ path: 'public/k1/poster-640.jpg', width: 640, height: 360 }],
    previewClip: 'public/k1/preview.mp4',
    master: 'protected/k1/master.m3u8',
  }
  video.models.add(model)
  const upcoming = makeVideo(em, { title: { en: 'Not yet', de: 'Noch nicht' }, releasedAt: null, publishAt: new Date(Date.now() + 86_400_000) })
  const set = makeImageSet(em, { title: { en: 'Garden light', de: 'Gartenlicht' } })
  set.media = { previews: [1, 2, 3, 4].map((n) => ({ path: `public/s1/previews/00${n}.jpg`, width: 960, height: 720 })), archive: null }
  await em.flush()
  Object.assign(ids, { video: video.id, upcoming: upcoming.id, set: set.id, model: model.id, category: category.id })
  await t.app.catalogChangesReady
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })

function head(html: string) {
  const ldJson = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')),
  )
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    h1: /<h1[^>]*>/.test(html),
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    hreflangs: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    rating: /<meta name="rating" content="adult"/.test(html),
    ogImage: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1],
    ogType: /<meta property="og:type" content="([^"]+)"/.exec(html)?.[1],
    ldJson,
  }
}

describe('server-rendered pages', () => {
  const routes = () => [
    { path: '', type: 'WebSite' },
    { path: 'videos' },
    { path: 'images' },
    { path: 'models' },
    { path: 'categories' },
    { path: `videos/${ids.video}`, type: 'VideoObject', title: { en: 'Rooftop at dawn', de: 'Dach im Morgengrauen' } },
    { path: `images/${ids.set}`, type: 'ImageGallery', title: { en: 'Garden light', de: 'Gartenlicht' } },
    { path: `models/${ids.model}?type=videos`, type: 'Person', title: { en: 'Lina', de: 'Lina' } },
    { path: `categories/${ids.category}/videos`, type: 'CollectionPage', title: { en: 'Rooftops', de: 'Dächer' } },
    { path: 'coming-soon?type=videos' },
    { path: 'tos' },
    { path: 'faq' },
    { path: 'contact' },
  ]

  for (const locale of ['en', 'de'] as const) {
    it(`renders every public route in ${locale} with lang, title, h1, canonical, hreflang and structured data`, async () => {
      for (const route of routes()) {
        const url = `/${locale}/${route.path}`.replace(/\/$/, '')
        const res = await get(url, { accept: 'text/html' })
        expect(res.statusCode, url).toBe(200)
        const page = head(res.body)
        expect(page.lang, url).toBe(locale)
        expect(page.title, url).toMatch(/Streamclub/)
        if (route.title) expect(page.title, url).toContain(route.title[locale])
        expect(page.h1, url).toBe(true)
        expect(page.rating, url).toBe(true)
        const path = route.path.split('?')[0]!.replace(/\/$/, '')
        expect(page.canonical, url).toBe(`${PUBLIC_URL}/${[locale, path].filter(Boolean).join('/')}`)
        expect(page.hreflangs.map(([lang]) => lang).sort(), url).toEqual(['de', 'en', 'es', 'fr', 'it', 'x-default'])
        expect(Object.fromEntries(page.hreflangs)['x-default'], url).toBe(`${PUBLIC_URL}/${['de', path].filter(Boolean).join('/')}`)
        if (route.type)
          expect(
            page.ldJson.map((data) => data['@type']),
            url,
          ).toContain(route.type)
      }
    })
  }

  it('describes a video for search engines with public media only', async () => {
    const page = head((await get(`/en/videos/${ids.video}`)).body)
    expect(page.ogType).toBe('video.other')
    expect(page.ogImage).toBe(`${PUBLIC_URL}/media/k1/poster-640.jpg`)
    const video = page.ldJson.find((data) => data['@type'] === 'VideoObject')
    expect(video).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Rooftop at dawn',
      description: 'Description',
      thumbnailUrl: [`${PUBLIC_URL}/media/k1/poster-640.jpg`],
      duration: 'PT12M34S',
      contentUrl: `${PUBLIC_URL}/media/k1/preview.mp4`,
    })
    expect(video.uploadDate).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(video.interactionStatistic[0]).toMatchObject({ userInteractionCount: 12 })
    expect(JSON.stringify(page.ldJson)).not.toMatch(/protected|master\.m3u8/)
    const crumbs = page.ldJson.find((data) => data['@type'] === 'BreadcrumbList')
    expect(crumbs.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${PUBLIC_URL}/en`,
      `${PUBLIC_URL}/en/videos`,
      `${PUBLIC_URL}/en/videos/${ids.video}`,
    ])
  })

  it('answers HTML to any Accept header, and the page shows its content without scripts', async () => {
    for (const accept of ['*/*', 'application/json', '']) {
      const res = await get(`/en/videos/${ids.video}`, accept ? { accept } : {})
      expect(res.statusCode, accept).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toMatch(/<h1[^>]*>Rooftop at dawn<\/h1>/)
    }
    const list = await get('/en/videos', { accept: '*/*' })
    expect(list.body).toContain(`href="/en/videos/${ids.video}"`)
  })

  it("fetches an image set's first preview first and the other three when they are laid out", async () => {
    const html = (await get(`/en/images/${ids.set}`)).body
    const previews = [...html.matchAll(/<img src="[^"]*\/previews\/00\d\.jpg"[^>]*>/g)].map((m) => m[0])
    expect(previews).toHaveLength(4)
    expect(previews[0]).toMatch(/loading="eager" fetchPriority="high"/)
    for (const later of previews.slice(1)) expect(later).toMatch(/loading="lazy"/)
    // React preloads the one high-priority picture from the page's head.
    expect([...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/media/s1/previews/001.jpg'])
  })

  it('answers 404 with the not-found page for unknown paths, unknown and upcoming items', async () => {
    for (const url of ['/en/no-such-page', `/en/videos/${ids.upcoming}`, '/de/videos/999999', '/en/videos/abc']) {
      const res = await get(url, { accept: '*/*' })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(head(res.body).title, url).toMatch(/^(Page not found|Seite nicht gefunden) \| Streamclub$/)
    }
    expect((await get('/trpc/nope', { accept: 'text/html' })).headers['content-type']).not.toMatch(/html/)
  })

  it('asks browsers to keep to https when the site is served over https', async () => {
    expect((await get('/en')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const plain = await createTestApp(db.orm, { PUBLIC_URL: 'http://localhost:3000' })
    expect((await plain.app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined()
    await plain.app.close()
  })

  it('sends / to the stored language, else de', async () => {
    expect((await get('/')).headers.location).toBe('/de')
    expect((await get('/', { cookie: 'locale=fr' })).headers.location).toBe('/fr')
  })

  it('renders the age gate for people and leaves it out for search engines', async () => {
    const person = (await get('/en')).body
    expect(person).toContain('class="age-gate"')
    expect(person).toContain("localStorage.getItem('ageConfirmed')")
    const crawler = (await get('/en', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).body
    expect(crawler).not.toContain('class="age-gate"')
    expect((await get('/en/tos')).body).not.toContain('class="age-gate"')
  })

  it('compresses pages with brotli or gzip and allows exactly its own inline scripts', async () => {
    const plain = await get('/en', { 'accept-encoding': 'identity' })
    const br = await t.app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gzip = await t.app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)

    const csp = String(plain.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'sha256-/)
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script-src|script-src[^;]*unsafe/)
    const inline = [...plain.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(inline.length).toBeGreaterThan(0)
    for (const body of inline) expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`)
  })

  it('serves built scripts as the build compressed them, with vary and a year of caching', async () => {
    const page = (await get('/en')).body
    const entry = /import\("(\/assets\/[^"]+\.js)"\)/.exec(page)?.[1]
    expect(entry).toBeDefined()
    const plain = await get(entry!, { 'accept-encoding': 'identity' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.vary).toBe('Accept-Encoding')

    const br = await get(entry!, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true)
    const gzip = await get(entry!, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true)
    // Only the two encodings the build made; nothing is compressed per request.
    expect((await get(entry!, { 'accept-encoding': 'deflate' })).headers['content-encoding']).toBeUndefined()

    const revalidated = await get(entry!, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)

    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' })
    expect(favicon.statusCode).toBe(200)
    expect(favicon.headers['content-type']).toBe('image/svg+xml')
    expect(favicon.headers['content-encoding']).toBeUndefined()
    expect((await get('/assets/nothing-here.js')).statusCode).toBe(404)
    expect((await get('/assets/../package.json')).statusCode).toBe(404)
  })

  it('serves a page from the render cache until the catalog changes', async () => {
    const first = await get('/en/videos')
    t.app.pageCache.stats.hits = 0
    await get('/en/videos')
    expect(t.app.pageCache.stats.hits).toBe(1)
    const em = db.orm.em.fork()
    makeVideo(em, { title: { en: 'Fresh release', de: 'Frisch' } })
    await em.flush()
    await em.getConnection().execute(`notify ${CATALOG_CHANNEL}`)
    await expect.poll(async () => (await get('/en/videos')).body.includes('Fresh release')).toBe(true)
    expect(first.body).not.toContain('Fresh release')
  })
})

describe('robots.txt and sitemaps', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })

  it('names the sitemap index and keeps robots out of personal pages', async () => {
    const res = await get('/robots.txt')
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
    expect(res.body).toMatch(/^Disallow: \/account$/m)
  })

  it('lists one sitemap per locale and kind, each well-formed with alternates and the video extension', async () => {
    const index = await get('/sitemap.xml')
    expect(index.headers['content-type']).toMatch(/^application\/xml/)
    expect(XMLValidator.validate(index.body)).toBe(true)
    const locs = [parser.parse(index.body).sitemapindex.sitemap].flat().map((entry: { loc: string }) => entry.loc)
    expect(locs).toHaveLength(5 * 4)
    expect(locs).toContain(`${PUBLIC_URL}/sitemaps/fr/videos-1.xml`)

    const videos = await get('/sitemaps/fr/videos-1.xml')
    expect(XMLValidator.validate(videos.body)).toBe(true)
    const urlset = parser.parse(videos.body).urlset
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(urlset['@xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml')
    expect(urlset['@xmlns:video']).toBe('http://www.google.com/schemas/sitemap-video/1.1')
    const urls = [urlset.url].flat() as Array<Record<string, unknown>>
    // Released videos only: the upcoming one is not listed.
    expect(urls.map((u) => u.loc)).not.toContain(`${PUBLIC_URL}/fr/videos/${ids.upcoming}`)
    const entry = urls.find((u) => u.loc === `${PUBLIC_URL}/fr/videos/${ids.video}`)!
    expect((entry['xhtml:link'] as Array<Record<string, string>>).map((link) => link['@hreflang']).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'x-default'])
    expect(entry['video:video']).toMatchObject({
      'video:thumbnail_loc': `${PUBLIC_URL}/media/k1/poster-640.jpg`,
      // No French title: the spec's fallback, de first.
      'video:title': 'Dach im Morgengrauen',
      'video:content_loc': `${PUBLIC_URL}/media/k1/preview.mp4`,
      'video:duration': 754,
    })
    expect(String((entry['video:video'] as Record<string, unknown>)['video:description']).length).toBeGreaterThan(0)

    for (const kind of ['images', 'models', 'categories']) {
      const res = await get(`/sitemaps/de/${kind}-1.xml`)
      expect(res.statusCode, kind).toBe(200)
      expect(XMLValidator.validate(res.body), kind).toBe(true)
    }
    expect((await get('/sitemaps/xx/videos-1.xml')).statusCode).toBe(404)
    expect((await get('/sitemaps/en/videos-9.xml')).statusCode).toBe(404)
  })
})
