/**
 * What leaves the server for a visitor of a `blur` jurisdiction who has not verified the age
 * (issue 35, "Enforced on the server, never by CSS"; docs/age-assurance.md, "What a tour shows").
 * One app, whose requests are the tour's or the open site's by a test header, walks every public
 * catalog procedure and every page kind as both visitors, the open one first (so a cache that
 * forgot the variant would hand the tour the open answers), and follows every media URL found in
 * the answers. The tour gets 0 explicit media URLs answered 2xx and no explicit text; every
 * explicit file's direct URL answers 403 there; the open walk finds the full site. On the local
 * disk and on S3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { Banner, Category, ImageSet, ImageSetModel, Model, Video, VideoModel } from '../../core/db/entities/index.js'
import { OPEN_ACCESS, type AgeAccess } from '../../core/domain/age/access.js'
import { tourWebpPathOf } from '../../core/domain/media/tour.js'
import { appRouter } from '../../server/trpc/root.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTestApp, trpcQuery, trpcMutation, type TestApp } from '../support/app.js'
import { signedInUser } from '../support/accounts.js'
import { makeCategory, makeModel, makeVideo } from '../support/factories.js'
import { explicitFilesOf, ingestClipAndSet, mediaTestEnv, type MediaTestEnv } from '../support/media.js'

const BLUR: AgeAccess = { outcome: 'blur', verified: false, explicitAllowed: false, jurisdiction: { country: 'FR', region: null, source: 'header' } }
const TOUR = { 'x-test-age': 'blur' }

/** Texts only the full site may show: the items' own titles and descriptions, a bio, a banner's title, a category's description. */
const EXPLICIT_TEXTS = [
  'XPLICIT-VIDEO-TITLE',
  'XPLICIT-VIDEO-TEXT',
  'XPLICIT-SET-TITLE',
  'XPLICIT-SET-TEXT',
  'XPLICIT-SOON-TITLE',
  'XPLICIT-BIO',
  'XPLICIT-BANNER',
  'XPLICIT-CATEGORY-TEXT',
]

/** Media URLs of this site in a JSON or HTML answer (srcsets, JSON-LD, Open Graph and sitemaps included), as paths with their query. */
function mediaUrlsIn(text: string): string[] {
  const found = text.replace(/&amp;/g, '&').matchAll(/(?:https?:\/\/[^/"'\s<>]+)?(\/(?:media|protected|download)\/[^"'\s,<>)\\]+)/g)
  return [...found].map((match) => match[1]!)
}

/** The stored path a site URL serves (`/media/x` → `public/x`), null for the gateway and downloads. */
const storedOf = (url: string) => (url.startsWith('/media/') ? `public/${url.slice('/media/'.length).split('?')[0]}` : null)
const urlOf = (stored: string) => `/media/${stored.slice('public/'.length)}`

for (const kind of ['local', 's3'] as const) {
  describe(`the tour on the ${kind} store`, () => {
    let t: MediaTestEnv
    let app: TestApp
    let video: Video
    let imageSet: ImageSet
    let upcoming: Video
    let model: Model
    let category: Category
    let member: { cookie: string }
    const tourFiles = new Set<string>()
    const explicitFiles = new Set<string>()

    beforeAll(async () => {
      t = await mediaTestEnv(`tour-walk-${kind}`, { store: kind })
      const resolveAgeAccess = (req: FastifyRequest) => (req.headers['x-test-age'] === 'blur' ? BLUR : OPEN_ACCESS)
      app = await createTestApp(t.db.orm, { ...t.env, RATE_LIMIT_PER_IP: '10000', CATALOG_CACHE_TTL_MS: '60000' }, { resolveAgeAccess })
      expect(await app.app.catalogChangesReady).toBe(true)
      await ensurePlans(t.db.orm.em.fork())
      ;({ video, imageSet } = await ingestClipAndSet(t))

      const em = t.db.orm.em.fork()
      const preview = imageSet.media.previews[0]!
      category = makeCategory(em, { title: { en: 'Outdoor' }, featured: true })
      category.description = { en: 'XPLICIT-CATEGORY-TEXT' }
      category.logo = preview
      category.preview = preview
      model = makeModel(em, { firstName: 'Lena' })
      model.bio = { en: 'XPLICIT-BIO' }
      model.description = { en: 'XPLICIT-BIO' }
      model.alt = { en: 'XPLICIT-BIO' }
      model.avatar = preview
      model.preview = preview
      model.previewThumbnail = preview
      model.cupSize = 'C'
      model.preferences = ['outdoor']
      em.create(Banner, { title: { en: 'XPLICIT-BANNER' }, image: [preview], position: 'top', active: true, sortOrder: 1, linkPath: `/videos/${video.id}` })
      await em.flush()
      const ready = await em.findOneOrFail(Video, video.id)
      ready.title = { en: 'XPLICIT-VIDEO-TITLE', de: 'XPLICIT-VIDEO-TITLE' }
      ready.description = { en: 'XPLICIT-VIDEO-TEXT' }
      ready.category = category
      ready.featuredModel = model
      // Long enough for "Continue watching" (the clip itself is 2 s).
      ready.durationSeconds = 600
      em.create(VideoModel, { video: ready, model, position: 0 })
      const set = await em.findOneOrFail(ImageSet, imageSet.id)
      set.title = { en: 'XPLICIT-SET-TITLE' }
      set.description = { en: 'XPLICIT-SET-TEXT' }
      // An editor's tour texts: what the tour shows of this set instead.
      set.tourTitle = { en: 'A calm afternoon' }
      set.tourDescription = { en: 'Pictures of a walk.' }
      set.category = category
      set.featuredModel = model
      em.create(ImageSetModel, { imageSet: set, model, position: 0 })
      // Coming soon: the same media, published next week.
      upcoming = makeVideo(em, { title: { en: 'XPLICIT-SOON-TITLE' }, publishAt: new Date(Date.now() + 7 * 86_400_000), releasedAt: null, category })
      upcoming.media = ready.media
      await em.flush()
      video = ready

      // Every file the items' rows name: the tour renditions, and everything else (explicit).
      for (const ref of [...video.media.poster, ...imageSet.media.previews]) {
        expect(ref.tour, ref.path).toBeTruthy()
        tourFiles.add(ref.tour!)
        tourFiles.add(tourWebpPathOf(ref.tour!))
      }
      for (const file of await explicitFilesOf(em, video, imageSet)) explicitFiles.add(file)
      member = await signedInUser(app.app, t.db.orm.em.fork(), { email: `tour-${kind}@example.com`, plan: 'premium-monthly' })
    }, 120_000)

    afterAll(async () => {
      await app?.app.close()
      await t?.cleanup()
    })

    const get = (url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } })

    /** Every public catalog procedure and every page kind, as one visitor; the answers and the media URLs in them. */
    async function walk(headers: Record<string, string>) {
      const answers: string[] = []
      const called = new Set<string>()
      const call = async (path: string, input: unknown) => {
        const res = await trpcQuery(app.app, path, input, headers)
        expect(res.statusCode, `${path} ${JSON.stringify(input)}: ${res.body}`).toBe(200)
        answers.push(res.body)
        called.add(path)
        return res.json().result.data
      }
      const all = { locale: 'en', with: ['category', 'featured_model', 'featured_preview', 'models'] }
      for (const input of [
        all,
        { ...all, soon: true },
        { ...all, q: 'Lena' },
        { ...all, category: category.id },
        { ...all, models: [model.id] },
        { ...all, sort_by: 'most_watched' },
      ]) {
        await call('catalog.videos', input)
        await call('catalog.imageSets', input)
      }
      await call('catalog.models', { locale: 'en' })
      await call('catalog.models', { locale: 'en', q: 'Lena' })
      await call('catalog.categories', { locale: 'en' })
      await call('catalog.categories', { locale: 'en', featured: true })
      await call('catalog.video', { locale: 'en', id: video.id })
      await call('catalog.imageSet', { locale: 'en', id: imageSet.id })
      await call('catalog.model', { locale: 'en', id: model.id })
      await call('catalog.category', { locale: 'en', id: category.id })
      for (const position of ['top', 'bottom']) await call('catalog.banners', { locale: 'en', position })

      const pages = [
        '/en',
        '/en/videos',
        `/en/videos/${video.id}`,
        '/en/images',
        `/en/images/${imageSet.id}`,
        '/en/models',
        `/en/models/${model.id}?type=videos`,
        `/en/models/${model.id}?type=images`,
        '/en/categories',
        `/en/categories/${category.id}/videos`,
        `/en/categories/${category.id}/images`,
        '/en/search/videos?q=Lena',
        '/en/search/images?q=Lena',
        '/en/coming-soon?type=videos',
        '/en/coming-soon?type=images',
      ]
      for (const page of pages) {
        const res = await get(page, headers)
        expect(res.statusCode, page).toBe(200)
        answers.push(res.body)
      }
      const index = await get('/sitemap.xml', headers)
      for (const sitemap of [...index.body.matchAll(/<loc>[^<]*(\/sitemaps\/en\/[^<]+)<\/loc>/g)].map((m) => m[1]!)) {
        const res = await get(sitemap, headers)
        expect(res.statusCode, sitemap).toBe(200)
        answers.push(res.body)
      }
      return { answers, called, urls: new Set(answers.flatMap(mediaUrlsIn)) }
    }

    /** The members' signed URLs of the items (HLS, full stills, lightbox pictures) and the downloads, as the open site hands them out. */
    async function signedUrls() {
      const played = (await trpcQuery(app.app, 'playback.video', { locale: 'en', id: video.id }, { cookie: member.cookie })).json().result.data
      const pictures = (await trpcQuery(app.app, 'playback.imageSet', { locale: 'en', id: imageSet.id }, { cookie: member.cookie })).json().result.data
      return [
        played.master,
        ...played.rungs.map((rung: { playlist: string }) => rung.playlist),
        played.thumbnails,
        ...played.stills.map((still: { src: string }) => still.src),
        ...pictures.images.flatMap((image: { web: { src: string }; original: { src: string } }) => [image.web.src, image.original.src]),
        `/download/video/${video.id}`,
        `/download/image-set/${imageSet.id}`,
      ].filter((url): url is string => typeof url === 'string')
    }

    it('walks every public catalog procedure', async () => {
      const procedures = Object.keys((appRouter._def as unknown as { procedures: Record<string, unknown> }).procedures).filter((path) =>
        path.startsWith('catalog.'),
      )
      const { called } = await walk({})
      expect([...called].sort()).toEqual(procedures.sort())
    })

    it('the open site: every page kind shows the full catalog, its explicit media answer 2xx', async () => {
      const { answers, urls } = await walk({})
      const text = answers.join('\n')
      for (const marker of [
        'XPLICIT-VIDEO-TITLE',
        'XPLICIT-VIDEO-TEXT',
        'XPLICIT-SET-TITLE',
        'XPLICIT-SOON-TITLE',
        'XPLICIT-BIO',
        'XPLICIT-BANNER',
        'XPLICIT-CATEGORY-TEXT',
      ]) {
        expect(text, marker).toContain(marker)
      }
      const found = [...urls].map(storedOf)
      for (const stored of [
        ...video.media.poster.map((r) => r.path),
        video.media.previewClip!,
        video.media.stills[0]!.thumb.path,
        imageSet.media.previews[0]!.path,
      ]) {
        expect(found, stored).toContain(stored)
      }
      for (const url of [...urls, ...[...explicitFiles].filter((f) => f.startsWith('public/')).map(urlOf)]) {
        expect((await get(url)).statusCode, url).toBe(200)
      }
      for (const url of await signedUrls()) expect([200, 302], url).toContain((await get(url, { cookie: member.cookie })).statusCode)
    })

    it('the tour: 0 explicit media URLs answered 2xx and no explicit text, over every procedure and page kind; the blurred pictures answer', async () => {
      const { answers, urls } = await walk(TOUR)
      const text = answers.join('\n')
      for (const marker of EXPLICIT_TEXTS) expect(text, marker).not.toContain(marker)
      // What the tour shows instead: the editor's tour text, neutral titles, the models' first names.
      expect(text).toContain('A calm afternoon')
      expect(text).toContain(`Video ${video.id}`)
      expect(text).toContain('Lena')

      // Every media URL in the tour's answers is a tour rendition, and it answers.
      expect(urls.size).toBeGreaterThanOrEqual(4)
      for (const url of urls) {
        expect(tourFiles, url).toContain(storedOf(url))
        const res = await get(url, TOUR)
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type'], url).toMatch(/^image\/(jpeg|webp)/)
      }
      expect([...urls].some((url) => url.endsWith('.tour.webp'))).toBe(true)

      // The direct URL of every explicit file answers 403: public files, and the members' signed
      // URLs and downloads even with the member's session.
      const explicitUrls = [...[...explicitFiles].filter((f) => f.startsWith('public/')).map(urlOf), ...(await signedUrls())]
      const answered: string[] = []
      for (const url of explicitUrls) {
        const res = await get(url, { ...TOUR, cookie: member.cookie })
        if (res.statusCode < 300) answered.push(url)
        else expect(res.statusCode, url).toBe(403)
      }
      expect(answered).toEqual([])
      const refused = await get(urlOf(video.media.poster[0]!.path), { ...TOUR, 'accept-language': 'fr' })
      expect(refused.json().error).toBe('Vérifiez votre âge pour voir ceci. D’ici là, le site affiche une visite floutée.')
      expect(refused.headers['cache-control']).toBe('no-store')
    })

    it('the tour refuses a member the player and the lightbox, with the reason; the open site gives them', async () => {
      for (const [path, input] of [
        ['playback.video', { locale: 'en', id: video.id }],
        ['playback.imageSet', { locale: 'en', id: imageSet.id }],
      ] as const) {
        const refused = await trpcQuery(app.app, path, input, { ...TOUR, cookie: member.cookie, 'x-locale': 'de' })
        expect(refused.statusCode, path).toBe(403)
        expect(refused.json().error.message).toBe('Bestätigen Sie Ihr Alter, um dies zu sehen. Bis dahin zeigt die Seite eine unscharfe Vorschau.')
        expect((await trpcQuery(app.app, path, input, { cookie: member.cookie })).statusCode).toBe(200)
      }
      // Continue watching: the tour's cards.
      expect((await trpcMutation(app.app, 'watch.save', { id: video.id, position: 60 }, { cookie: member.cookie })).statusCode).toBe(200)
      const cards = (await trpcQuery(app.app, 'watch.continue', { locale: 'en' }, { ...TOUR, cookie: member.cookie })).json().result.data
      expect(cards).toHaveLength(1)
      expect(cards[0]).toMatchObject({ title: `Video ${video.id}`, previewClipUrl: null, positionSeconds: 60 })
      const cardUrls = mediaUrlsIn(JSON.stringify(cards))
      expect(cardUrls.length).toBeGreaterThan(0)
      for (const url of cardUrls) expect(tourFiles).toContain(storedOf(url))
    })

    it('the tour’s details: tour texts or neutral ones, no stills, clips, images or intimate facts; the same shapes', async () => {
      const detail = async (path: string, id: number, headers: Record<string, string> = TOUR) =>
        (await trpcQuery(app.app, path, { locale: 'en', id }, headers)).json().result.data
      const tourVideo = await detail('catalog.video', video.id)
      const openVideo = await detail('catalog.video', video.id, {})
      expect(Object.keys(tourVideo).sort()).toEqual(Object.keys(openVideo).sort())
      expect(tourVideo).toMatchObject({ title: `Video ${video.id}`, description: '', tour: true, previews: [], previewClipUrl: null, thumbnailClipUrl: null })
      expect(openVideo).toMatchObject({ title: 'XPLICIT-VIDEO-TITLE', tour: false })
      expect(tourVideo.poster.src).toMatch(/\.tour\.jpg$/)
      expect(tourVideo.poster.webpSrcSet).toMatch(/\.tour\.webp/)
      const set = await detail('catalog.imageSet', imageSet.id)
      expect(set).toMatchObject({ title: 'A calm afternoon', description: 'Pictures of a walk.', images: [], tour: true })
      expect(set.previews.every((picture: { src: string }) => picture.src.endsWith('.tour.jpg'))).toBe(true)
      const person = await detail('catalog.model', model.id)
      expect(person).toMatchObject({ name: 'Lena', bio: '', description: '', preferences: [], facts: { cupSize: null, genitalArea: null } })
      expect(person.preview.alt).toBe('Lena')
    })
  })
}
