import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImageSetModel, Session, User, VideoModel, VideoState, type Category, type Model, type Video } from '../../core/db/entities/index.js'
import { notifyCatalogChanged } from '../../core/services/catalog/release.js'
import { detailTitle } from '../../core/services/catalog/index.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { makeCategory, makeImageSet, makeModel, makeVideo } from '../support/factories.js'

const DAY = 86_400_000
let db: TestDatabase
let t: TestApp
let lena: Model
let mia: Model
let romance: Category
let outdoor: Category
const videos: Video[] = []
let upcoming: Video
let unreleased: Video
let cookie: string

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm)
  const em = db.orm.em.fork()
  const now = Date.now()
  lena = makeModel(em, { firstName: 'Lena', likes: 50, createdAt: new Date(now - 3 * DAY) })
  mia = makeModel(em, { firstName: 'Mia', likes: 80, createdAt: new Date(now - 2 * DAY) })
  makeModel(em, { firstName: 'Zoe', likes: 10, createdAt: new Date(now - DAY) })
  romance = makeCategory(em, { title: { en: 'Romance', de: 'Romantik' }, featured: true, sortOrder: 2 })
  outdoor = makeCategory(em, { title: { en: 'Outdoor', de: 'Draußen' }, sortOrder: 1 })
  // 25 released videos, published one day apart: video 0 is the newest.
  for (let i = 0; i < 25; i++) {
    videos.push(
      makeVideo(em, {
        title: { de: `Video ${i}`, en: `Video ${i}`, ...(i === 0 ? { fr: 'Vidéo zéro' } : {}) },
        publishAt: new Date(now - (i + 1) * DAY),
        views: (i * 7) % 25,
        likes: (i * 11) % 25,
        durationSeconds: 600 + ((i * 13) % 25),
        category: i % 2 ? outdoor : romance,
        featuredModel: i % 3 ? mia : lena,
      }),
    )
  }
  videos.push(
    makeVideo(em, {
      title: { en: 'Rooftop at Midnight', de: 'Dachterrasse um Mitternacht' },
      description: { en: 'A slow evening above the city lights.', de: 'Ein ruhiger Abend über den Lichtern der Stadt.' },
      publishAt: new Date(now - 40 * DAY),
    }),
  )
  upcoming = makeVideo(em, { title: { en: 'Upcoming one' }, publishAt: new Date(now + 2 * DAY), releasedAt: null })
  makeVideo(em, { title: { en: 'Upcoming two' }, publishAt: new Date(now + DAY), releasedAt: null })
  unreleased = makeVideo(em, { title: { en: 'Media not ready' }, releasedAt: null, mediaStatus: 'processing' })
  await em.flush()
  videos.forEach((video, index) => {
    em.create(VideoModel, { video, model: index % 3 ? mia : lena, position: 0 })
  })
  em.create(VideoModel, { video: videos[1]!, model: lena, position: 1 })
  const set = makeImageSet(em, { title: { en: 'Garden photos' } })
  await em.flush()
  em.create(ImageSetModel, { imageSet: set, model: lena, position: 0 })

  const user = em.create(User, { email: 'fan@example.com', passwordHash: 'x', emailVerifiedAt: new Date() })
  const token = crypto.randomBytes(24).toString('hex')
  em.create(Session, { id: hashToken(token), user, expiresAt: new Date(now + DAY) })
  em.create(VideoState, { user, video: videos[3]!, favorite: true, rating: 'like' })
  em.create(VideoState, { user, video: videos[5]!, watchLater: true })
  await em.flush()
  cookie = `sid=${token}`
  expect(await t.app.catalogChangesReady).toBe(true)
})

afterAll(async () => {
  await t.app.close()
  await db.drop()
})

async function list(path: string, input: object, headers: Record<string, string> = {}) {
  const res = await trpcQuery(t.app, `catalog.${path}`, { locale: 'en', ...input }, headers)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
    items: Array<{ id: number } & Record<string, any>>
    meta: { total: number; last_page: number; page: number; per_page: number }
  }
}

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id)

describe('video lists', () => {
  it('list released videos newest first, with meta; upcoming and unreleased ones stay out', async () => {
    const { items, meta } = await list('videos', { per_page: 10 })
    expect(meta).toEqual({ total: 26, last_page: 3, page: 1, per_page: 10 })
    expect(ids(items)).toEqual(ids(videos.slice(0, 10)))
    expect(items.every((item) => item.publishState === 'published')).toBe(true)
    const all = await list('videos', { per_page: 60 })
    expect(ids(all.items)).not.toContain(upcoming.id)
    expect(ids(all.items)).not.toContain(unreleased.id)
  })

  it('sort by most watched, best rated and longest, with a unique tie-break', async () => {
    for (const [name, key] of [
      ['most_watched', 'views'],
      ['best_rated', 'likes'],
      ['longest', 'durationSeconds'],
    ] as const) {
      const { items } = await list('videos', { per_page: 60, sort_by: { name } })
      const values = items.map((item) => item[key] as number)
      expect(values, name).toEqual([...values].sort((a, b) => b - a))
    }
    const ascending = await list('videos', { per_page: 60, sort_by: { name: 'most_watched', direction: 'asc' } })
    const views = ascending.items.map((item) => item.views as number)
    expect(views).toEqual([...views].sort((a, b) => a - b))
  })

  it('fall back to newest for an unknown sort, and to the natural direction for a bad one', async () => {
    const newest = await list('videos', { per_page: 5 })
    expect(ids((await list('videos', { per_page: 5, sort_by: { name: 'alphabetic' } })).items)).toEqual(ids(newest.items))
    expect(ids((await list('videos', { per_page: 5, sort_by: { name: 'drop table', direction: 'sideways' } })).items)).toEqual(ids(newest.items))
    expect(ids((await list('videos', { per_page: 5, sort_by: 'newest' })).items)).toEqual(ids(newest.items))
  })

  it('clamp the page: below 1 becomes 1, past the last becomes the last; per_page is capped', async () => {
    expect((await list('videos', { per_page: 10, page: 0 })).meta.page).toBe(1)
    expect((await list('videos', { per_page: 10, page: -4 })).meta.page).toBe(1)
    const past = await list('videos', { per_page: 10, page: 99 })
    expect(past.meta).toMatchObject({ page: 3, last_page: 3 })
    expect(past.items).toHaveLength(6)
    expect((await list('videos', { per_page: 10, page: 'two' })).meta.page).toBe(1)
    const capped = await list('videos', { per_page: 5000 })
    expect(capped.meta.per_page).toBe(60)
    expect(capped.items).toHaveLength(26)
  })

  it('bring the asked relations, with the locale fallback de then en', async () => {
    const { items } = await list('videos', { locale: 'fr', per_page: 2, with: ['models', 'category', 'featured_model', 'featured_preview'] })
    expect(items[0]).toMatchObject({ title: 'Vidéo zéro', category: { id: romance.id, title: 'Romantik' }, featuredModel: { id: lena.id, name: 'Lena' } })
    expect(items[0]!.models).toEqual([{ id: lena.id, name: 'Lena', avatar: null }])
    expect(items[1]!.models.map((m: { name: string }) => m.name)).toEqual(['Mia', 'Lena'])
    expect(items[0]!.featuredPreview).toBeNull()
    expect(items[1]!.title).toBe('Video 1')
    const bare = await list('videos', { per_page: 1 })
    expect(bare.items[0]).not.toHaveProperty('models')
  })

  it('filter by category, models, not and limit', async () => {
    const byCategory = await list('videos', { per_page: 60, category: outdoor.id })
    expect(byCategory.meta.total).toBe(12)
    expect(byCategory.items.every((item) => videos.findIndex((v) => v.id === item.id) % 2 === 1)).toBe(true)
    const byModel = await list('videos', { per_page: 60, models: [lena.id] })
    expect(ids(byModel.items)).toContain(videos[1]!.id)
    expect(byModel.meta.total).toBe(10)
    const others = await list('videos', { models: [lena.id], not: [videos[0]!.id], limit: 3 })
    expect(others.items).toHaveLength(3)
    expect(ids(others.items)).not.toContain(videos[0]!.id)
    expect(others.meta).toEqual({ total: 3, last_page: 1, page: 1, per_page: 3 })
  })

  it('list coming-soon items with the soonest first and their upcoming state', async () => {
    const { items } = await list('videos', { soon: true })
    expect(items.map((item) => item.title)).toEqual(['Upcoming two', 'Upcoming one'])
    expect(items.every((item) => item.publishState === 'upcoming')).toBe(true)
  })

  it('keep a random_persist order for the same seed', async () => {
    const a = await list('videos', { per_page: 10, random_persist: 'seed-1' })
    const b = await list('videos', { per_page: 10, random_persist: 'seed-1' })
    expect(ids(a.items)).toEqual(ids(b.items))
    const all = await list('videos', { per_page: 60, random_persist: 'seed-1' })
    expect(new Set(ids(all.items)).size).toBe(26)
    expect((await list('videos', { random: true, limit: 5 })).items).toHaveLength(5)
  })
})

describe('per-user state and personal filters', () => {
  it('refuse the favorite and watch-later filters to visitors with a translated 401', async () => {
    const res = await trpcQuery(t.app, 'catalog.videos', { locale: 'de', favorite: true }, { 'x-locale': 'de' })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Bitte melde dich zuerst an.')
  })

  it('list the signed-in user’s favorites and watch-later items', async () => {
    expect(ids((await list('videos', { favorite: true }, { cookie })).items)).toEqual([videos[3]!.id])
    expect(ids((await list('videos', { watch_later: true }, { cookie })).items)).toEqual([videos[5]!.id])
  })

  it('add the caller’s rating, favorite and watch-later state with `rating`', async () => {
    const { items } = await list('videos', { per_page: 6, with: ['rating'] }, { cookie })
    expect(items[3]!.state).toEqual({ rating: 'like', favorite: true, watchLater: false, view: false })
    expect(items[0]!.state).toEqual({ rating: null, favorite: false, watchLater: false, view: false })
    const visitor = await list('videos', { per_page: 6, with: ['rating'] })
    expect(visitor.items[3]!.state).toBeNull()
  })
})

describe('search', () => {
  it('finds titles in any language, tolerating typos, best match first', async () => {
    const exact = await list('videos', { q: 'Mitternacht' })
    expect(exact.items[0]!.title).toBe('Rooftop at Midnight')
    const typo = await list('videos', { q: 'Rooftpo' })
    expect(typo.items.map((item) => item.title)).toContain('Rooftop at Midnight')
    const prefix = await list('videos', { q: 'dachter' })
    expect(prefix.items[0]!.title).toBe('Rooftop at Midnight')
    const description = await list('videos', { q: 'city lights' })
    expect(description.items.map((item) => item.title)).toEqual(['Rooftop at Midnight'])
  })

  it('finds content by a model’s name, even misspelt', async () => {
    const { items, meta } = await list('videos', { q: 'Lenna', per_page: 60 })
    expect(meta.total).toBe(10)
    expect(ids(items).sort()).toEqual(ids((await list('videos', { models: [lena.id], per_page: 60 })).items).sort())
    expect((await list('imageSets', { q: 'lena' })).items.map((item) => item.title)).toEqual(['Garden photos'])
  })

  it('finds models by name with typos', async () => {
    expect((await list('models', { q: 'Miia' })).items.map((m) => m.name)).toContain('Mia')
    expect((await list('models', { q: 'lenaa' })).items[0]!.name).toBe('Lena')
  })

  it('clamps a search page past the last, and sorts search results by other sorts too', async () => {
    const past = await list('videos', { q: 'video', per_page: 10, page: 99 })
    expect(past.meta).toMatchObject({ total: 25, last_page: 3, page: 3 })
    expect(past.items).toHaveLength(5)
    const byViews = await list('videos', { q: 'video', per_page: 60, sort_by: { name: 'most_watched' } })
    const views = byViews.items.map((item) => item.views as number)
    expect(views).toEqual([...views].sort((a, b) => b - a))
  })

  it('answers an unsearchable text with an empty list and a too long one with a 400', async () => {
    expect((await list('videos', { q: '*** ???' })).meta).toEqual({ total: 0, last_page: 1, page: 1, per_page: 30 })
    const res = await trpcQuery(t.app, 'catalog.videos', { locale: 'en', q: 'x'.repeat(500) }, { 'x-locale': 'en' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('The search text is too long.')
  })
})

describe('models and categories lists', () => {
  it('sort models newest, best rated and alphabetically', async () => {
    expect((await list('models', {})).items.map((m) => m.name)).toEqual(['Zoe', 'Mia', 'Lena'])
    expect((await list('models', { sort_by: { name: 'best_rated' } })).items.map((m) => m.name)).toEqual(['Mia', 'Lena', 'Zoe'])
    expect((await list('models', { sort_by: { name: 'alphabetic' } })).items.map((m) => m.name)).toEqual(['Lena', 'Mia', 'Zoe'])
    expect((await list('models', { sort_by: { name: 'longest' } })).items.map((m) => m.name)).toEqual(['Zoe', 'Mia', 'Lena'])
  })

  it('list categories in their order, and the featured ones', async () => {
    expect((await list('categories', {})).items.map((c) => c.title)).toEqual(['Outdoor', 'Romance'])
    expect((await list('categories', { featured: true })).items.map((c) => c.title)).toEqual(['Romance'])
  })
})

describe('detail pages', () => {
  it('answer a released video with all its parts', async () => {
    const res = await trpcQuery(t.app, 'catalog.video', { locale: 'en', id: videos[1]!.id })
    expect(res.statusCode).toBe(200)
    const video = res.json().result.data
    expect(video).toMatchObject({ id: videos[1]!.id, title: 'Video 1', description: 'Description', category: { title: 'Outdoor' }, state: null })
    expect(video.models.map((m: { name: string }) => m.name)).toEqual(['Mia', 'Lena'])
  })

  it('answer an upcoming, unreleased or unknown item with a translated 404, a malformed id with 400', async () => {
    for (const id of [upcoming.id, unreleased.id, 999_999]) {
      const res = await trpcQuery(t.app, 'catalog.video', { locale: 'it', id }, { 'x-locale': 'it' })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('Questo contenuto non esiste.')
    }
    for (const id of ['abc', -1, 1.5, 2 ** 40]) {
      expect((await trpcQuery(t.app, 'catalog.video', { locale: 'en', id })).statusCode).toBe(400)
    }
  })

  it('answer a model with facts and content counts, and a category', async () => {
    const model = (await trpcQuery(t.app, 'catalog.model', { locale: 'en', id: lena.id })).json().result.data
    expect(model).toMatchObject({ name: 'Lena', videosCount: 10, imageSetsCount: 1, description: 'About the model' })
    expect(model.age).toBeGreaterThanOrEqual(18)
    const category = (await trpcQuery(t.app, 'catalog.category', { locale: 'de', id: romance.id })).json().result.data
    expect(category).toMatchObject({ title: 'Romantik', featured: true })
  })

  it('give the HTML shell the title of a page that may be shown, null otherwise', async () => {
    const caller = { em: db.orm.em.fork(), now: new Date(), user: null, cache: t.app.catalogCache, variant: 'full' as const }
    expect(await detailTitle(caller, 'videos', videos[0]!.id, 'fr')).toBe('Vidéo zéro')
    expect(await detailTitle(caller, 'videos', upcoming.id, 'fr')).toBeNull()
    expect(await detailTitle(caller, 'models', 123_456, 'en')).toBeNull()
  })
})

describe('the catalog cache', () => {
  it('serves public lists from memory and drops them when the catalog changes', async () => {
    const first = await list('videos', { per_page: 3, locale: 'es' })
    await db.orm.em.getConnection().execute(`update video set title = '{"de": "Geändert"}' where id = ${videos[0]!.id}`)
    // Without a notification the cached page is still served…
    expect((await list('videos', { per_page: 3, locale: 'es' })).items[0]!.title).toBe(first.items[0]!.title)
    // …and a change notice drops it on this server.
    const clears = t.app.catalogCache.stats.clears
    await notifyCatalogChanged(db.orm.em.fork(), 'test')
    await expect.poll(() => t.app.catalogCache.stats.clears).toBeGreaterThan(clears)
    expect((await list('videos', { per_page: 3, locale: 'es' })).items[0]!.title).toBe('Geändert')
  })

  it('counts a list once for all its pages, page sizes and orders, until the catalog changes', async () => {
    const changed = async () => {
      const clears = t.app.catalogCache.stats.clears
      await notifyCatalogChanged(db.orm.em.fork(), 'test')
      await expect.poll(() => t.app.catalogCache.stats.clears).toBeGreaterThan(clears)
    }
    await changed()
    const total = (await list('videos', { per_page: 2, locale: 'it' })).meta.total
    // A released video that no notice announces: pages not read before still give the counted total…
    await db.orm.em.getConnection().execute(`update video set released_at = null where id = ${videos[7]!.id}`)
    expect((await list('videos', { per_page: 2, page: 3, locale: 'it' })).meta.total).toBe(total)
    expect((await list('videos', { per_page: 5, sort: 'most_watched', locale: 'it' })).meta.total).toBe(total)
    // …a filtered list is another total, and the change notice drops them all.
    expect((await list('videos', { per_page: 2, category: romance.id, locale: 'it' })).meta.total).toBeLessThan(total)
    await changed()
    expect((await list('videos', { per_page: 2, page: 4, locale: 'it' })).meta.total).toBe(total - 1)
    await db.orm.em.getConnection().execute(`update video set released_at = now() where id = ${videos[7]!.id}`)
    await changed()
  })

  it('never caches a user’s personal lists', async () => {
    const em = db.orm.em.fork()
    const before = await list('videos', { favorite: true }, { cookie })
    await em.getConnection().execute(`update video_state set favorite = true where video_id = ${videos[5]!.id}`)
    const after = await list('videos', { favorite: true }, { cookie })
    expect(after.items.length).toBe(before.items.length + 1)
  })
})
