/**
 * The benchmark's bare baseline: one Fastify route on node-postgres that runs exactly the
 * statements the catalog.videos procedure runs for the same input (built by the same list
 * builder) and answers the same JSON, without tRPC, validation, sessions or the cache.
 * Started by scripts/bench/catalog.ts with DATABASE_URL and PORT.
 */
import Fastify from 'fastify'
import pg from 'pg'
import { lastPage } from '../../core/domain/catalog/list.js'
import { listStatements, normalizeListQuery } from '../../core/services/catalog/list-query.js'
import { videoSource } from '../../core/services/catalog/sources.js'
import { toPg } from '../../core/db/sql.js'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
const app = Fastify({ logger: false })

app.get('/videos', async (req, reply) => {
  const { input: raw, nocount } = req.query as { input?: string; nocount?: string }
  const input = JSON.parse(raw ?? '{}') as Parameters<typeof normalizeListQuery>[1]
  const now = new Date()
  const q = normalizeListQuery('videos', input)
  const statements = listStatements(videoSource, q, now, null)
  const run = (fragment: Parameters<typeof toPg>[0]) => {
    const { text, values } = toPg(fragment)
    return pool.query(text, values)
  }
  // nocount: the page statement alone, for orientation (the procedure always counts).
  const [count, page] = await Promise.all([nocount ? null : run(statements.count!), run(statements.page(q.page))])
  const total = count ? (count.rows[0] as { total: number }).total : page.rowCount!
  const data = {
    items: page.rows.map((row) => videoSource.map(row as Parameters<typeof videoSource.map>[0], q, now)),
    meta: { total, last_page: lastPage(total, q.perPage), page: q.page, per_page: q.perPage },
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ result: { data } }))
})

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
)
