/**
 * Catalog answers to visitors without a session, kept whole per server (server/http/public-answers.ts):
 * sent again without running the procedure, in every encoding, apart per age-assurance answer,
 * never for a session or a fresh random order, and dropped with the catalog on a change notice.
 */
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { OPEN_ACCESS, type AgeAccess } from '../../core/domain/age/access.js'
import { notifyCatalogChanged } from '../../core/services/catalog/release.js'
import type { Video } from '../../core/db/entities/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { signedInUser } from '../support/accounts.js'
import { makeVideo } from '../support/factories.js'

const BLUR: AgeAccess = { outcome: 'blur', verified: false, explicitAllowed: false, jurisdiction: { country: 'FR', region: null, source: 'header' } }

let db: TestDatabase
let t: TestApp
let video: Video
let cookie: string

beforeAll(async () => {
  db = await createTestDatabase()
  const resolveAgeAccess = (req: FastifyRequest) => (req.headers['x-test-age'] === 'blur' ? BLUR : OPEN_ACCESS)
  t = await createTestApp(db.orm, { CATALOG_CACHE_TTL_MS: '60000' }, { resolveAgeAccess })
  const em = db.orm.em.fork()
  for (let i = 0; i < 6; i++) makeVideo(em, { title: { en: `Kept ${i}` }, publishAt: new Date(Date.now() - (i + 1) * 86_400_000) })
  video = makeVideo(em, { title: { en: 'The detail' } })
  await em.flush()
  cookie = (await signedInUser(t.app, em, { email: 'member@example.com' })).cookie
  expect(await t.app.catalogChangesReady).toBe(true)
})

afterAll(async () => {
  await t.app.close()
  await db.drop()
})

/** The answer cache's lookups and the catalog cache's (what the procedures read) so far. */
const lookups = () => {
  const { answer, catalog } = { answer: t.app.answerCache.stats, catalog: t.app.catalogCache.stats }
  return { answerHits: answer.hits, answerMisses: answer.misses, catalog: catalog.hits + catalog.misses + catalog.stale }
}

const videos = (input: object, headers: Record<string, string> = {}) => trpcQuery(t.app, 'catalog.videos', { locale: 'en', per_page: 4, ...input }, headers)

describe('catalog answers to visitors', () => {
  it('are sent again from memory, without running the procedure', async () => {
    const first = await videos({ page: 2 })
    expect(first.statusCode).toBe(200)
    const before = lookups()
    const again = await videos({ page: 2 })
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    const after = lookups()
    expect(after.answerHits).toBe(before.answerHits + 1)
    // The procedure did not run: it would have read the catalog cache.
    expect(after.catalog).toBe(before.catalog)
  })

  it('come in the encoding the browser accepts, each the same JSON', async () => {
    const plain = await videos({ page: 1 })
    const br = await videos({ page: 1 }, { 'accept-encoding': 'br, gzip' })
    const gzip = await videos({ page: 1 }, { 'accept-encoding': 'gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(JSON.parse(plain.body).result.data.items).toHaveLength(4)
  })

  it('are kept apart per age-assurance answer', async () => {
    const input = { locale: 'en', id: video.id }
    const full = await trpcQuery(t.app, 'catalog.video', input)
    const tour = await trpcQuery(t.app, 'catalog.video', input, { 'x-test-age': 'blur' })
    const tourAgain = await trpcQuery(t.app, 'catalog.video', input, { 'x-test-age': 'blur' })
    expect(full.json().result.data.tour).toBe(false)
    expect(tour.json().result.data.tour).toBe(true)
    expect(tourAgain.body).toBe(tour.body)
    expect((await trpcQuery(t.app, 'catalog.video', input)).body).toBe(full.body)
  })

  it('are not kept for a session, a fresh random order or an error', async () => {
    const before = lookups()
    const kept = t.app.answerCache.size
    const signedIn = await videos({ page: 3 }, { cookie })
    expect(signedIn.statusCode).toBe(200)
    // A signed-in caller never reaches the answer cache…
    expect(lookups().answerMisses).toBe(before.answerMisses)
    // …a fresh random order is answered anew every time…
    for (let i = 0; i < 2; i++) expect((await videos({ random: true })).statusCode).toBe(200)
    // …and so is a refusal, in the asker's language.
    for (const [language, text] of [
      ['de', 'Bitte melde dich zuerst an.'],
      ['en', 'Please log in first.'],
    ] as const) {
      const refused = await videos({ favorite: true }, { 'accept-language': language })
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error.message).toBe(text)
    }
    // Each asked anew: none was kept.
    const after = lookups()
    expect(after.answerHits).toBe(before.answerHits)
    expect(after.answerMisses).toBe(before.answerMisses + 4)
    expect(t.app.answerCache.size).toBe(kept)
  })

  it('are dropped when the catalog changes', async () => {
    const first = await videos({ page: 1, per_page: 2 })
    await db.orm.em.getConnection().execute(`update video set title = '{"en": "Renamed"}' where id = ${JSON.parse(first.body).result.data.items[0].id}`)
    expect((await videos({ page: 1, per_page: 2 })).body).toBe(first.body)
    const clears = t.app.answerCache.stats.clears
    await notifyCatalogChanged(db.orm.em.fork(), 'test')
    await expect.poll(() => t.app.answerCache.stats.clears).toBeGreaterThan(clears)
    expect(JSON.parse((await videos({ page: 1, per_page: 2 })).body).result.data.items[0].title).toBe('Renamed')
  })
})
