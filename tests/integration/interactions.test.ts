import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImageSet, Model, Video } from '../../core/db/entities/index.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, makeUser, sessionCookieOf } from '../support/accounts.js'
import { makeImageSet, makeModel, makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const PASSWORD = 'correct horse battery'

let db: TestDatabase
let t: TestApp
let videos: Video[]
let sets: ImageSet[]
let models: Model[]
let upcoming: Video

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000' })
  const em = db.orm.em.fork()
  videos = Array.from({ length: 4 }, (_, i) => makeVideo(em, { title: { en: `Video ${i}` }, releasedAt: new Date(Date.now() - i * 60_000) }))
  sets = Array.from({ length: 3 }, (_, i) => makeImageSet(em, { title: { en: `Set ${i}` }, releasedAt: new Date(Date.now() - i * 60_000) }))
  models = Array.from({ length: 3 }, () => makeModel(em))
  upcoming = makeVideo(em, { releasedAt: null, publishAt: new Date(Date.now() + 86_400_000) })
  await em.flush()
  // The public detail answers are cached while the change listener runs.
  expect(await t.app.catalogChangesReady).toBe(true)
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

let users = 0
async function newUser() {
  const email = `interactions${++users}@example.com`
  const user = await makeUser(db.orm.em.fork(), { email })
  return { id: user.id, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
}

const update = (cookie: string | undefined, input: Record<string, unknown>) =>
  trpcMutation(t.app, 'interactions.update', input, { 'x-locale': 'en', ...(cookie ? { cookie } : {}) })

async function ok(cookie: string, input: Record<string, unknown>) {
  const res = await update(cookie, input)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as {
    state: { rating: string | null; favorite: boolean; watchLater: boolean; view: boolean }
    likes: number
    dislikes: number
    views: number
  }
}

/** The stored counters and the stored ratings of a video. */
async function countsOf(table: 'video' | 'image_set' | 'performer', stateTable: string, column: string, id: number) {
  const conn = db.orm.em.fork().getConnection()
  const [item] = await conn.execute(`select likes, dislikes from ${table} where id = ?`, [id])
  const [stored] = await conn.execute(
    `select count(*) filter (where rating = 'like')::int as likes, count(*) filter (where rating = 'dislike')::int as dislikes from ${stateTable} where ${column} = ?`,
    [id],
  )
  return { item: { likes: item!.likes, dislikes: item!.dislikes }, stored: { likes: stored!.likes, dislikes: stored!.dislikes } }
}

describe('rating', () => {
  it('likes, switches to dislike and clears, moving the counts with the stored rating', async () => {
    const user = await newUser()
    const id = videos[0]!.id
    expect(await ok(user.cookie, { kind: 'video', id, rating: 'like' })).toMatchObject({ state: { rating: 'like' }, likes: 1, dislikes: 0 })
    expect(await ok(user.cookie, { kind: 'video', id, rating: 'like' })).toMatchObject({ likes: 1, dislikes: 0 })
    expect(await ok(user.cookie, { kind: 'video', id, rating: 'dislike' })).toMatchObject({ state: { rating: 'dislike' }, likes: 0, dislikes: 1 })
    expect(await ok(user.cookie, { kind: 'video', id, rating: null })).toMatchObject({ state: { rating: null }, likes: 0, dislikes: 0 })
  })

  it('shows the signed-in user the counts they just changed, even from the cache', async () => {
    const user = await newUser()
    const id = videos[1]!.id
    const detail = (cookie?: string) => trpcQuery(t.app, 'catalog.video', { locale: 'en', id }, cookie ? { cookie } : {}).then((r) => r.json().result.data)
    expect((await detail()).likes).toBe(0)
    await ok(user.cookie, { kind: 'video', id, rating: 'like' })
    const mine = await detail(user.cookie)
    expect(mine.likes).toBe(1)
    expect(mine.state).toEqual({ rating: 'like', favorite: false, watchLater: false, view: false })
    await ok(user.cookie, { kind: 'video', id, rating: null })
  })

  it('keeps the counts equal to the stored ratings when two tabs and other users click rapidly', async () => {
    const tabs = await newUser()
    const others = await Promise.all([newUser(), newUser(), newUser()])
    const targets = [
      { kind: 'video', id: videos[2]!.id, table: 'video', state: 'video_state', column: 'video_id' },
      { kind: 'imageSet', id: sets[0]!.id, table: 'image_set', state: 'image_set_state', column: 'image_set_id' },
      { kind: 'model', id: models[0]!.id, table: 'performer', state: 'model_state', column: 'model_id' },
    ] as const
    const ratings = ['like', 'dislike', null, 'like', 'like', null, 'dislike', 'dislike', 'like', null] as const
    for (const target of targets) {
      const clicks = []
      for (let round = 0; round < 3; round++) {
        for (const [index, rating] of ratings.entries()) {
          // The same user from two "tabs" (same session) and three others, all at once.
          clicks.push(update(tabs.cookie, { kind: target.kind, id: target.id, rating }))
          clicks.push(update(tabs.cookie, { kind: target.kind, id: target.id, rating: ratings[(index + 3) % ratings.length] }))
          clicks.push(update(others[(index + round) % 3]!.cookie, { kind: target.kind, id: target.id, rating }))
        }
      }
      const results = await Promise.all(clicks)
      expect(results.every((r) => r.statusCode === 200)).toBe(true)
      const counts = await countsOf(target.table, target.state, target.column, target.id)
      expect(counts.item, target.kind).toEqual(counts.stored)
    }
  })
})

describe('favorite, watch later and view', () => {
  it('toggles favorite and watch later, and sets view once (counting one view)', async () => {
    const user = await newUser()
    const id = videos[3]!.id
    expect((await ok(user.cookie, { kind: 'video', id, favorite: true })).state).toEqual({ rating: null, favorite: true, watchLater: false, view: false })
    expect((await ok(user.cookie, { kind: 'video', id, watch_later: true })).state.watchLater).toBe(true)
    expect((await ok(user.cookie, { kind: 'video', id, favorite: false })).state).toEqual({ rating: null, favorite: false, watchLater: true, view: false })
    const first = await ok(user.cookie, { kind: 'video', id, view: true })
    const again = await ok(user.cookie, { kind: 'video', id, view: true })
    expect(first.state.view).toBe(true)
    expect(again.views).toBe(first.views)
    await ok(user.cookie, { kind: 'video', id, watch_later: false })
  })

  it('refuses visitors, unknown or upcoming items, several changes at once and model watch-later, changing nothing', async () => {
    const user = await newUser()
    expect((await update(undefined, { kind: 'video', id: videos[0]!.id, favorite: true })).statusCode).toBe(401)
    expect(errorOf(await update(user.cookie, { kind: 'video', id: 999_999, favorite: true })).data.code).toBe('NOT_FOUND')
    expect(errorOf(await update(user.cookie, { kind: 'video', id: upcoming.id, favorite: true })).data.code).toBe('NOT_FOUND')
    const both = errorOf(await update(user.cookie, { kind: 'video', id: videos[0]!.id, favorite: true, rating: 'like' }))
    expect(both.data.httpStatus).toBe(400)
    expect(both.message).toBe('Send exactly one change: rating, favorite, watch later or view.')
    expect(errorOf(await update(user.cookie, { kind: 'video', id: videos[0]!.id })).data.httpStatus).toBe(400)
    expect(errorOf(await update(user.cookie, { kind: 'model', id: models[0]!.id, watch_later: true })).data.httpStatus).toBe(400)
    expect(errorOf(await update(user.cookie, { kind: 'video', id: videos[0]!.id, rating: 'love' })).data.httpStatus).toBe(400)
    expect(errorOf(await update(user.cookie, { kind: 'song', id: videos[0]!.id, favorite: true })).data.httpStatus).toBe(400)
    const rows = await db.orm.em.fork().getConnection().execute(`select count(*)::int as n from video_state where user_id = ?`, [user.id])
    expect(rows[0]!.n).toBe(0)
  })
})

describe('favorites and watch-later lists', () => {
  it('list what the user toggled, per kind, paginated with the catalog rules, and nothing of other users', async () => {
    const user = await newUser()
    const other = await newUser()
    await ok(user.cookie, { kind: 'video', id: videos[0]!.id, favorite: true })
    await ok(user.cookie, { kind: 'video', id: videos[2]!.id, favorite: true })
    await ok(user.cookie, { kind: 'video', id: videos[1]!.id, watch_later: true })
    await ok(user.cookie, { kind: 'imageSet', id: sets[1]!.id, favorite: true })
    await ok(user.cookie, { kind: 'imageSet', id: sets[2]!.id, watch_later: true })
    await ok(user.cookie, { kind: 'model', id: models[2]!.id, favorite: true })
    await ok(other.cookie, { kind: 'video', id: videos[3]!.id, favorite: true })

    const list = async (path: string, input: Record<string, unknown>, cookie = user.cookie) => {
      const res = await trpcQuery(t.app, path, { locale: 'en', with: ['rating'], ...input }, { cookie })
      return res.json().result.data as { items: Array<{ id: number; state: { favorite: boolean } }>; meta: { total: number; last_page: number; page: number } }
    }
    const favoriteVideos = await list('catalog.videos', { favorite: true })
    expect(favoriteVideos.items.map((v) => v.id)).toEqual([videos[0]!.id, videos[2]!.id])
    expect(favoriteVideos.items.every((v) => v.state.favorite)).toBe(true)
    expect((await list('catalog.videos', { watch_later: true })).items.map((v) => v.id)).toEqual([videos[1]!.id])
    expect((await list('catalog.imageSets', { favorite: true })).items.map((v) => v.id)).toEqual([sets[1]!.id])
    expect((await list('catalog.imageSets', { watch_later: true })).items.map((v) => v.id)).toEqual([sets[2]!.id])
    expect((await list('catalog.models', { favorite: true })).items.map((v) => v.id)).toEqual([models[2]!.id])

    // Page size and clamping follow the list rules: one per page, page 9 becomes the last.
    const paged = await list('catalog.videos', { favorite: true, per_page: 1, page: 9 })
    expect(paged.meta).toMatchObject({ total: 2, last_page: 2, page: 2 })
    expect(paged.items.map((v) => v.id)).toEqual([videos[2]!.id])

    // Unfavoriting removes the item from the list.
    await ok(user.cookie, { kind: 'video', id: videos[0]!.id, favorite: false })
    expect((await list('catalog.videos', { favorite: true })).items.map((v) => v.id)).toEqual([videos[2]!.id])
    // Visitors have no such lists.
    expect((await trpcQuery(t.app, 'catalog.videos', { locale: 'en', favorite: true })).statusCode).toBe(401)
  })
})
