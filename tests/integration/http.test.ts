import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { makeVideo } from '../support/factories.js'
import { openOrm } from '../../core/db/orm.js'

let db: TestDatabase
let t: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm)
  const em = db.orm.em.fork()
  const day = 86_400_000
  const now = Date.now()
  makeVideo(em, { title: { de: 'Älteres Video', en: 'Older video' }, releasedAt: new Date(now - 2 * day) })
  makeVideo(em, { title: { de: 'Neuestes Video', en: 'Newest video', fr: 'Vidéo la plus récente' }, releasedAt: new Date(now - day) })
  makeVideo(em, { title: { de: 'Unveröffentlicht' }, releasedAt: null, publishAt: new Date(now + day) })
  await em.flush()
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    const ready = await t.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  it('reports 503 on /readyz when the database cannot be reached', async () => {
    const unreachable = await openOrm('postgres://postgres:postgres@127.0.0.1:9/nowhere')
    const app = await createTestApp(unreachable)
    const ready = await app.app.inject('/readyz')
    expect(ready.statusCode).toBe(503)
    expect((await app.app.inject('/healthz')).statusCode).toBe(200)
    await app.app.close()
    await unreachable.close()
  })

  it('tags every response with a request id, keeping a valid incoming one', async () => {
    const fresh = await t.app.inject('/healthz')
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-1234567890' } })
    expect(kept.headers['x-request-id']).toBe('edge-1234567890')
  })
})

describe('catalog.videos over tRPC', () => {
  it('returns released videos, newest first, in the asked locale with the de/en fallback', async () => {
    const res = await trpcQuery(t.app, 'catalog.videos', { locale: 'fr', limit: 8 })
    expect(res.statusCode).toBe(200)
    const items = res.json().result.data.items as Array<{ title: string; publishState: string }>
    expect(items.map((v) => v.title)).toEqual(['Vidéo la plus récente', 'Älteres Video'])
    expect(items.every((v) => v.publishState === 'published')).toBe(true)
  })

  it('answers a bad input with 400 and a readable, translated message', async () => {
    const res = await trpcQuery(t.app, 'catalog.videos', { locale: 'en', limit: 0 }, { 'x-locale': 'de' })
    expect(res.statusCode).toBe(400)
    const error = res.json().error
    expect(error.message).toBe('Dieser Filterwert ist ungültig.')
    expect(error.data.fieldErrors).toEqual({ limit: 'Dieser Filterwert ist ungültig.' })
    expect(JSON.stringify(error)).not.toMatch(/stack|at .*\.ts/)
  })

  it('answers an unexpected failure with the generic message, logged with its request id', async () => {
    const broken = await createTestDatabase()
    const app = await createTestApp(broken.orm)
    await broken.orm.em.getConnection().execute('drop table video cascade')
    const res = await trpcQuery(app.app, 'catalog.videos', { locale: 'en' }, { 'x-locale': 'en', 'x-request-id': 'req-broken-0001' })
    expect(res.statusCode).toBe(500)
    const body = res.json()
    expect(body.error.message).toBe('An error has occured. Our team has been notified')
    expect(JSON.stringify(body)).not.toMatch(/stack|relation|does not exist/)
    const logged = app.logs.find((line) => line.msg === 'procedure failed')
    expect(logged?.reqId).toBe('req-broken-0001')
    await app.app.close()
    await broken.drop()
  })
})

describe('HTML fallback', () => {
  it('keeps API paths out of the HTML fallback', async () => {
    const res = await t.app.inject({ url: '/trpc/nope', headers: { accept: 'text/html' } })
    expect(res.headers['content-type']).not.toMatch(/html/)
  })
})
