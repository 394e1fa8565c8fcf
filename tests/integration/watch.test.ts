import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Video } from '../../core/db/entities/index.js'
import type { Role } from '../../core/domain/billing/membership.js'
import { CONTINUE_WATCHING_LIMIT } from '../../core/domain/playback/watch.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, makeUser, sessionCookieOf } from '../support/accounts.js'
import { makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const PASSWORD = 'correct horse battery'

let db: TestDatabase
let t: TestApp
let videos: Video[]
let upcoming: Video

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000' })
  const em = db.orm.em.fork()
  videos = Array.from({ length: 16 }, (_, i) => makeVideo(em, { title: { en: `Video ${i}` }, durationSeconds: 100 + i }))
  upcoming = makeVideo(em, { releasedAt: null, publishAt: new Date(Date.now() + 86_400_000) })
  await em.flush()
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

let users = 0
async function newUser(role: Role = 'permanentAccess') {
  const email = `watch${++users}@example.com`
  const user = await makeUser(db.orm.em.fork(), { email, role })
  return { id: user.id, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
}

const save = (cookie: string | undefined, id: number, position: number, headers: Record<string, string> = {}) =>
  trpcMutation(t.app, 'watch.save', { id, position }, { 'x-locale': 'en', ...(cookie ? { cookie } : {}), ...headers })

async function saved(cookie: string, id: number, position: number) {
  const res = await save(cookie, id, position)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as { positionSeconds: number; durationSeconds: number; resumeAt: number | null }
}

async function positionOf(cookie: string, id: number) {
  const res = await trpcQuery(t.app, 'watch.position', { id }, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as { positionSeconds: number; resumeAt: number | null } | null
}

async function continueList(cookie: string) {
  const res = await trpcQuery(t.app, 'watch.continue', { locale: 'en' }, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as Array<{
    id: number
    title: string
    positionSeconds: number
    durationSeconds: number
    featuredPreview: unknown
    state: unknown
  }>
}

describe('the watch position', () => {
  it('is stored per user and video (one row), offered to resume, and kept inside the video', async () => {
    const member = await newUser()
    const other = await newUser()
    const id = videos[0]!.id
    expect(await positionOf(member.cookie, id)).toBeNull()
    expect(await saved(member.cookie, id, 12.5)).toEqual({ positionSeconds: 12.5, durationSeconds: 100, resumeAt: 12.5 })
    expect(await saved(member.cookie, id, 754)).toMatchObject({ positionSeconds: 100, resumeAt: null })
    expect(await saved(member.cookie, id, 34.25)).toMatchObject({ positionSeconds: 34.25, resumeAt: 34.25 })
    expect(await positionOf(member.cookie, id)).toMatchObject({ positionSeconds: 34.25, resumeAt: 34.25 })
    // Another user has their own position.
    expect(await positionOf(other.cookie, id)).toBeNull()
    const rows = await db.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from watch_position where user_id = ? and video_id = ?', [member.id, id])
    expect(rows[0]!.n).toBe(1)
  })

  it('offers nothing to resume in the first seconds, nor past 95 % (watched)', async () => {
    const member = await newUser()
    const id = videos[1]!.id // 101 s
    expect((await saved(member.cookie, id, 1.5)).resumeAt).toBeNull()
    expect((await saved(member.cookie, id, 2)).resumeAt).toBe(2)
    expect((await saved(member.cookie, id, 95.9)).resumeAt).toBe(95.9)
    expect((await saved(member.cookie, id, 95.95)).resumeAt).toBeNull()
  })

  it('is for members: visitors 401, users without a plan 403; unknown and upcoming videos 404; bad positions 400', async () => {
    const member = await newUser()
    const plain = await newUser('user')
    expect((await save(undefined, videos[0]!.id, 10)).statusCode).toBe(401)
    expect((await save(plain.cookie, videos[0]!.id, 10)).statusCode).toBe(403)
    expect((await trpcQuery(t.app, 'watch.continue', { locale: 'en' }, { cookie: plain.cookie })).statusCode).toBe(403)
    expect((await save(member.cookie, 999_999, 10)).statusCode).toBe(404)
    expect((await save(member.cookie, upcoming.id, 10)).statusCode).toBe(404)
    for (const position of [-1, 1e9, Number.NaN, '12']) {
      const res = await trpcMutation(t.app, 'watch.save', { id: videos[0]!.id, position }, { cookie: member.cookie, 'x-locale': 'en' })
      expect(res.statusCode, String(position)).toBe(400)
      expect(errorOf(res).message).not.toMatch(/zod|stack/i)
    }
  })

  it('takes the keepalive save a page sends while it is left (same origin), and refuses other sites', async () => {
    const member = await newUser()
    const id = videos[2]!.id
    // What fetch(keepalive) sends from the site's page on pagehide: JSON, the site's Origin, same-origin.
    const leaving = await save(member.cookie, id, 3.2, { origin: new URL(t.config.publicUrl).origin, 'sec-fetch-site': 'same-origin', 'x-streamclub-csrf': '' })
    expect(leaving.statusCode, leaving.body).toBe(200)
    expect(await positionOf(member.cookie, id)).toMatchObject({ resumeAt: 3.2 })
    // A beacon can only send text/plain (or a form) without a preflight: that is refused like any cross-site form.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/trpc/watch.save',
      payload: JSON.stringify({ id, position: 50 }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: member.cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(beacon.statusCode).toBe(403)
    const crossSite = await save(member.cookie, id, 50, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
    expect(crossSite.statusCode).toBe(403)
    expect(await positionOf(member.cookie, id)).toMatchObject({ resumeAt: 3.2 })
  })
})

describe('continue watching', () => {
  it('lists begun, unfinished, released videos, the most recently watched first, with the position', async () => {
    const member = await newUser()
    const other = await newUser()
    const [a, b, c, d, e] = videos.slice(3, 8).map((video) => video.id) as [number, number, number, number, number]
    await saved(member.cookie, a, 30)
    await saved(member.cookie, b, 1) // too early to count
    await saved(member.cookie, c, 60)
    await saved(member.cookie, d, 99) // d is 106 s: 93 %
    await saved(member.cookie, e, 104) // e is 107 s: 97 %, watched
    await saved(other.cookie, a, 50)
    const list = await continueList(member.cookie)
    expect(list.map((video) => video.id)).toEqual([d, c, a])
    expect(list[0]).toMatchObject({
      positionSeconds: 99,
      durationSeconds: 106,
      title: 'Video 6',
      state: { rating: null, favorite: false, watchLater: false, view: false },
    })
    expect(list[2]).toMatchObject({ positionSeconds: 30 })
    // Watching one again puts it first; watching it to the end takes it out.
    await saved(member.cookie, a, 31)
    expect((await continueList(member.cookie)).map((video) => video.id)).toEqual([a, d, c])
    await saved(member.cookie, c, 200)
    expect((await continueList(member.cookie)).map((video) => video.id)).toEqual([a, d])
    expect((await continueList(other.cookie)).map((video) => video.id)).toEqual([a])
  })

  it(`shows at most ${CONTINUE_WATCHING_LIMIT}, and leaves out a video taken back from the catalog`, async () => {
    const member = await newUser()
    for (const video of videos) await saved(member.cookie, video.id, 10)
    const list = await continueList(member.cookie)
    expect(list).toHaveLength(CONTINUE_WATCHING_LIMIT)
    expect(list[0]!.id).toBe(videos.at(-1)!.id)
    const hidden = videos.at(-1)!
    await db.orm.em
      .fork()
      .getConnection()
      .execute('update video set released_at = null, publish_at = ? where id = ?', [new Date(Date.now() + 86_400_000), hidden.id])
    expect((await continueList(member.cookie)).map((video) => video.id)).not.toContain(hidden.id)
    expect(await positionOf(member.cookie, hidden.id)).toBeNull()
  })
})
