/**
 * The crawler of issue 35, item 7: for each jurisdiction of the shipped policy, a visitor whose
 * place comes from the trusted CDN header walks every public catalog procedure, every page kind
 * and the sitemaps, then requests every media URL found there and the direct URL of every
 * explicit file of the items (full posters, stills, clips, HLS, downloads). Unverified in a blur
 * or front place: 0 explicit media URLs answer 2xx. Then the same visitor verifies through the
 * development provider and finds the full site. A block place (a policy file) answers 451
 * everywhere but the legal pages; an open place behaves as today.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageSet, Video } from '../../core/db/entities/index.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { seedSiteContent } from '../../scripts/seed/index.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { logIn, signedInUser } from '../support/accounts.js'
import { explicitFilesOf, ingestClipAndSet, mediaTestEnv, type MediaTestEnv } from '../support/media.js'

/** Media URLs of this site in an answer, as paths with their query. */
function mediaUrlsIn(text: string): string[] {
  const found = text.replace(/&amp;/g, '&').matchAll(/(?:https?:\/\/[^/"'\s<>]+)?(\/(?:media|protected|download)\/[^"'\s,<>)\\]+)/g)
  return [...found].map((match) => match[1]!)
}
const storedOf = (url: string) => (url.startsWith('/media/') ? `public/${url.slice('/media/'.length).split('?')[0]}` : url.split('?')[0]!)

/** The shipped policy's places: the CDN headers that put a visitor there, and what it gets. */
const PLACES = [
  { rule: 'gb', headers: { 'cf-ipcountry': 'GB' }, outcome: 'front' },
  { rule: 'us-av-states', headers: { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' }, outcome: 'front' },
  { rule: 'de', headers: { 'cf-ipcountry': 'DE' }, outcome: 'blur' },
  { rule: 'fr', headers: { 'cf-ipcountry': 'FR' }, outcome: 'blur' },
  { rule: 'it', headers: { 'cf-ipcountry': 'IT' }, outcome: 'blur' },
  { rule: 'es', headers: { 'cf-ipcountry': 'ES' }, outcome: 'blur' },
] as const

let t: MediaTestEnv
let app: TestApp
let blocking: TestApp
let policyDir: string
let video: Video
let imageSet: ImageSet
const explicitFiles = new Set<string>()
/** The members' signed URLs (HLS, stills, lightbox pictures) and the downloads, as an open visitor's member gets them. */
let signedUrls: string[] = []
let users = 0

/** A browser: keeps its cookies, names its place through the CDN headers. */
class Visitor {
  readonly cookies = new Map<string, string>()
  constructor(readonly place: Record<string, string>) {}
  get headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    return { ...this.place, 'accept-language': 'en', 'x-locale': 'en', ...(cookie ? { cookie } : {}) }
  }
  keep(res: InjectResponse): InjectResponse {
    for (const cookie of res.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return res
  }
  async get(url: string, on: TestApp = app) {
    return this.keep(await on.app.inject({ method: 'GET', url, headers: this.headers }))
  }
  async query(procedure: string, input: unknown, on: TestApp = app) {
    return this.keep(await trpcQuery(on.app, procedure, input, this.headers))
  }
  async signIn() {
    // A member, logged in in this browser during this visit (the session and visit cookies).
    const { email } = await signedInUser(app.app, t.db.orm.em.fork(), { email: `crawler-${++users}@example.com`, plan: 'premium-monthly' })
    this.keep(await logIn(app.app, email, 'correct horse battery', true, this.headers))
  }
  /** The development provider, from the verification page's start to the callback. */
  async verify() {
    const started = this.keep(await trpcMutation(app.app, 'age.start', { method: 'dev', returnTo: '/en/videos' }, this.headers))
    expect(started.statusCode, started.body).toBe(200)
    const { checkId } = started.json().result.data as { checkId: string }
    const answered = this.keep(await trpcMutation(app.app, 'age.devAnswer', { check: checkId, over18: true }, this.headers))
    expect(answered.statusCode, answered.body).toBe(200)
    const back = await this.get(answered.json().result.data.url)
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toBe('/en/videos')
  }
}

beforeAll(async () => {
  t = await mediaTestEnv('age-crawler')
  await seedSiteContent(t.db.orm, () => undefined)
  app = await createTestApp(t.db.orm, { ...t.env, TRUST_PROXY: 'true', RATE_LIMIT_PER_IP: '10000' })
  policyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-crawler-policy-'))
  const policy = path.join(policyDir, 'policy.json')
  fs.writeFileSync(
    policy,
    JSON.stringify({
      version: 'test-block',
      rules: [
        { id: 'nl', countries: ['NL'], outcome: 'block', law: { name: 'A test law' } },
        { id: 'rest', countries: ['*'], outcome: 'open' },
      ],
    }),
  )
  blocking = await createTestApp(t.db.orm, { ...t.env, TRUST_PROXY: 'true', RATE_LIMIT_PER_IP: '10000', AGE_POLICY_FILE: policy })
  await ensurePlans(t.db.orm.em.fork())
  ;({ video, imageSet } = await ingestClipAndSet(t))
  const em = t.db.orm.em.fork()
  video = await em.findOneOrFail(Video, video.id)
  imageSet = await em.findOneOrFail(ImageSet, imageSet.id)
  for (const file of await explicitFilesOf(em, video, imageSet)) explicitFiles.add(file)
  // What a member of an open place is handed: the signed URLs the crawler then tries everywhere.
  const open = new Visitor({ 'cf-ipcountry': 'CH' })
  await open.signIn()
  const played = (await open.query('playback.video', { locale: 'en', id: video.id })).json().result.data
  const lightbox = (await open.query('playback.imageSet', { locale: 'en', id: imageSet.id })).json().result.data
  signedUrls = [
    played.master,
    ...played.rungs.map((rung: { playlist: string }) => rung.playlist),
    ...played.stills.map((still: { src: string }) => still.src),
    ...lightbox.images.flatMap((image: { web: { src: string }; original: { src: string } }) => [image.web.src, image.original.src]),
    `/download/video/${video.id}`,
    `/download/image-set/${imageSet.id}`,
  ].filter((url): url is string => typeof url === 'string')
}, 120_000)

afterAll(async () => {
  await app?.app.close()
  await blocking?.app.close()
  await t?.cleanup()
  if (policyDir) fs.rmSync(policyDir, { recursive: true })
})

const PAGES = () => [
  '/en',
  '/en/videos',
  `/en/videos/${video.id}`,
  '/en/images',
  `/en/images/${imageSet.id}`,
  '/en/models',
  '/en/categories',
  '/en/search/videos?q=a',
  '/en/coming-soon?type=videos',
  '/sitemap.xml',
  '/sitemaps/en/videos.xml',
]
const PROCEDURES = () =>
  [
    ['catalog.videos', { locale: 'en' }],
    ['catalog.imageSets', { locale: 'en' }],
    ['catalog.models', { locale: 'en' }],
    ['catalog.categories', { locale: 'en' }],
    ['catalog.video', { locale: 'en', id: video.id }],
    ['catalog.imageSet', { locale: 'en', id: imageSet.id }],
    ['catalog.banners', { locale: 'en', position: 'top' }],
  ] as const

/** Walks pages, procedures and sitemaps; then every media URL found there, every explicit file's URL and the signed URLs: those answered 2xx. */
async function crawl(visitor: Visitor) {
  const answers: string[] = []
  const statuses: Record<string, number> = {}
  for (const url of PAGES()) {
    const res = await visitor.get(url)
    statuses[url] = res.statusCode
    answers.push(res.body)
  }
  for (const [procedure, input] of PROCEDURES()) {
    const res = await visitor.query(procedure, input)
    statuses[procedure] = res.statusCode
    answers.push(res.body)
  }
  const found = new Set(answers.flatMap(mediaUrlsIn))
  const tried = [...found, ...[...explicitFiles].filter((f) => f.startsWith('public/')).map((f) => `/media/${f.slice('public/'.length)}`), ...signedUrls]
  const answered: string[] = []
  for (const url of tried) if ((await visitor.get(url)).statusCode < 300) answered.push(url)
  return { statuses, explicitAnswered: answered.filter((url) => explicitFiles.has(storedOf(url)) || signedUrls.includes(url)), found }
}

describe('every shipped jurisdiction, as an unverified visitor and then verified through the development provider', () => {
  for (const place of PLACES) {
    it(`${place.rule} (${place.outcome}): 0 explicit media URLs answered 2xx before, the full site after`, async () => {
      // A member (signed in), so the player's signed URLs are theirs once verified.
      const visitor = new Visitor(place.headers)
      await visitor.signIn()
      const status = (await visitor.query('age.status', undefined)).json().result.data
      expect(status).toMatchObject({ rule: place.rule, outcome: place.outcome, verified: false })

      const before = await crawl(visitor)
      expect(before.explicitAnswered).toEqual([])
      // The member's own player is refused too, so no signed URL is handed out.
      expect((await visitor.query('playback.video', { locale: 'en', id: video.id })).statusCode).toBe(403)
      if (place.outcome === 'front') {
        expect(before.statuses['/en/videos']).toBe(403)
        expect(before.statuses['catalog.videos']).toBe(403)
      } else {
        expect(before.statuses['/en/videos']).toBe(200)
        expect(before.statuses['catalog.videos']).toBe(200)
        // The tour shows its blurred pictures.
        expect([...before.found].some((url) => url.includes('.tour.'))).toBe(true)
      }

      await visitor.verify()
      expect((await visitor.query('age.status', undefined)).json().result.data).toMatchObject({ rule: place.rule, verified: true })
      const after = await crawl(visitor)
      for (const key of ['/en/videos', `/en/videos/${video.id}`, 'catalog.videos', 'catalog.video']) expect(after.statuses[key], key).toBe(200)
      // The full site: the explicit pictures and clips are in the answers and answer 200; the member's signed URLs play.
      expect(after.explicitAnswered).toContain(`/media/${video.media.poster[0]!.path.slice('public/'.length)}`)
      expect(after.explicitAnswered.length).toBeGreaterThan(explicitFiles.size / 2)
      const played = (await visitor.query('playback.video', { locale: 'en', id: video.id })).json().result.data
      expect((await visitor.get(played.master)).statusCode).toBe(200)
    })
  }

  it('an open place behaves as today: the full catalog, the click-through gate, explicit media answer', async () => {
    const visitor = new Visitor({ 'cf-ipcountry': 'CH' })
    const crawled = await crawl(visitor)
    expect(crawled.statuses['/en/videos']).toBe(200)
    expect(crawled.explicitAnswered).toContain(`/media/${video.media.poster[0]!.path.slice('public/'.length)}`)
    expect((await visitor.get('/en/videos')).body).toContain('class="age-gate"')
  })

  it('a block place: 451 everywhere but the legal pages and the statements', async () => {
    const visitor = new Visitor({ 'cf-ipcountry': 'NL' })
    for (const url of [...PAGES(), `/media/${video.media.poster[0]!.path.slice('public/'.length)}`, ...signedUrls]) {
      expect((await visitor.get(url, blocking)).statusCode, url).toBe(451)
    }
    for (const [procedure, input] of PROCEDURES()) expect((await visitor.query(procedure, input, blocking)).statusCode, procedure).toBe(451)
    for (const url of ['/en/tos', '/en/privacy', '/en/imprint', '/en/age-assurance']) expect((await visitor.get(url, blocking)).statusCode, url).toBe(200)
  })
})
