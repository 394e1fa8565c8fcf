import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELEVANCE_CANDIDATES, SEARCH_COUNT_LIMIT, searchTerms } from '../../core/domain/catalog/search.js'
import { refreshSearchStatistics } from '../../core/services/catalog/search-statistics.js'
import { videoSource } from '../../core/services/catalog/sources.js'
import { toPg } from '../../core/db/sql.js'
import { seedBulk } from '../../scripts/seed/bulk.js'
import { makeVideo } from '../support/factories.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

// 4,000 bulk videos: an adjective of the title (like "golden") is in 200 of them, a place in
// about 330, a time in 500; the words of the shared description parts are in most of them.
const VIDEOS = 4000
let db: TestDatabase
let t: TestApp
let client: pg.Client

beforeAll(async () => {
  db = await createTestDatabase()
  client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await seedBulk(client, { videos: VIDEOS, imageSets: 50, models: 40 })
  t = await createTestApp(db.orm)
})

afterAll(async () => {
  await t.app.close()
  await client.end()
  await db.drop()
})

/** The full-text query the search builds for a text (its words and their corrections). */
async function tsqueryOf(q: string): Promise<string> {
  const { text, values } = toPg(videoSource.prepareSearch!(searchTerms(q)!))
  return (await client.query<{ tsq: string }>(text, values)).rows[0]!.tsq
}

/** Released videos that match a search text, counted in SQL. */
async function actual(q: string) {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from video where released_at is not null and search_vector @@ $1::tsquery`, [
    await tsqueryOf(q),
  ])
  return rows[0]!.n
}

async function search(q: string, extra: object = {}) {
  const res = await trpcQuery(t.app, 'catalog.videos', { locale: 'en', q, per_page: 30, ...extra })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as {
    items: Array<{ id: number; title: string }>
    meta: { total: number; last_page: number; page: number; estimated?: boolean }
  }
}

describe('search statistics', () => {
  it('count, per lexeme, the released items that hold it, and recount only after a change', async () => {
    expect(await refreshSearchStatistics(db.orm.em.fork())).toEqual(['video', 'image_set'])
    const { rows } = await client.query<{ lexeme: string; documents: number }>(
      `select lexeme, documents from search_lexeme where kind = 'video' and lexeme in ('golden', 'rooftop')`,
    )
    for (const row of rows) {
      const holding = await client.query(`select 1 from video where released_at is not null and search_vector @@ to_tsquery('simple', $1)`, [row.lexeme])
      expect(row.documents).toBe(holding.rowCount)
    }
    expect(rows.length).toBeGreaterThan(0)
    const corpus = await client.query(`select documents from search_corpus where kind = 'video'`)
    expect(corpus.rows[0].documents).toBe(VIDEOS)

    expect(await refreshSearchStatistics(db.orm.em.fork())).toEqual([])
    await client.query(`update video set released_at = null where id = (select min(id) from video)`)
    expect(await refreshSearchStatistics(db.orm.em.fork())).toEqual(['video'])
    expect((await client.query(`select documents from search_corpus where kind = 'video'`)).rows[0].documents).toBe(VIDEOS - 1)
  })
})

describe('search with statistics', () => {
  beforeAll(async () => {
    await refreshSearchStatistics(db.orm.em.fork(), { force: true })
  })

  it('estimate a broad word instead of counting it, and still rank its newest matches', async () => {
    const broad = (
      await client.query<{ lexeme: string; documents: number }>(
        `select lexeme, documents from search_lexeme where kind = 'video' and documents >= $1 and length(lexeme) >= 6 order by documents desc, lexeme limit 1`,
        [SEARCH_COUNT_LIMIT],
      )
    ).rows[0]!
    const { items, meta } = await search(broad.lexeme)
    expect(meta.estimated).toBe(true)
    const truth = await actual(broad.lexeme)
    expect(meta.total).toBeGreaterThanOrEqual(truth * 0.9)
    expect(meta.total).toBeLessThanOrEqual(truth * 2.5)
    expect(items).toHaveLength(30)
    expect(meta.last_page).toBe(Math.ceil(RELEVANCE_CANDIDATES / 30))
    const ids = items.map((item) => item.id)
    const matching = await client.query(`select id from video where id = any($1) and search_vector @@ $2::tsquery`, [ids, await tsqueryOf(broad.lexeme)])
    expect(matching.rowCount).toBe(30)
  })

  it('count a narrow search exactly, also when its words are common alone', async () => {
    const narrow = await search('golden rooftop')
    expect(narrow.meta.estimated).toBeUndefined()
    expect(narrow.meta.total).toBe(await actual('golden rooftop'))
    expect(narrow.meta.total).toBeGreaterThan(0)
    expect(narrow.meta.total).toBeLessThan(SEARCH_COUNT_LIMIT)
  })

  it('take a title word as typed: "penthouse" finds no beach house', async () => {
    const houses = await search('penthouse house')
    expect(houses.meta.total).toBe(0)
    const penthouses = await search('penthouse', { per_page: 60, sort_by: { name: 'newest' } })
    expect(penthouses.items.length).toBeGreaterThan(0)
    expect(penthouses.items.every((item) => /penthouse/i.test(item.title))).toBe(true)
  })

  it('count when the statistics were wrong (a short page), and when there are none', async () => {
    // Statistics claiming that a word of one video is in every video.
    const em = db.orm.em.fork()
    makeVideo(em, { title: { en: 'Xylophone evening' } })
    await em.flush()
    await refreshSearchStatistics(db.orm.em.fork())
    const rare = 'xylophone'
    await client.query(`update search_lexeme set documents = $1 where kind = 'video' and lexeme = $2`, [VIDEOS, rare])
    const corrected = await search(rare)
    expect(corrected.meta.estimated).toBeUndefined()
    expect(corrected.meta.total).toBe(await actual(rare))
    expect(corrected.meta.total).toBe(1)
    expect(corrected.items.map((item) => item.title)).toEqual(['Xylophone evening'])

    await client.query(`delete from search_corpus`)
    const counted = await search('golden')
    expect(counted.meta.estimated).toBeUndefined()
    expect(counted.meta.total).toBe(await actual('golden'))
  })
})
