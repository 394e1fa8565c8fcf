/**
 * npm run seed:bulk -- --videos 100000 --image-sets 50000 --models 10000
 * Adds a large synthetic catalog (rows only, media shared with the demo items) to the database
 * of DATABASE_URL, or to the embedded PostgreSQL under DATA_DIR. Run it on an empty database or
 * on top of the demo catalog; every run adds the given numbers of rows.
 */
import { parseArgs } from 'node:util'
import pg from 'pg'
import { ensureDatabase } from '../core/bootstrap.js'
import { migrate, openOrm } from '../core/db/orm.js'
import { refreshSearchStatistics } from '../core/services/catalog/search-statistics.js'
import { seedBulk } from './seed/bulk.js'

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    'image-sets': { type: 'string', default: '50000' },
    models: { type: 'string', default: '10000' },
  },
})
const count = (name: keyof typeof values) => {
  const value = Number(values[name])
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
    console.error(`--${name} must be a whole number from 0 to 1000000`)
    process.exit(1)
  }
  return value
}
const size = { videos: count('videos'), imageSets: count('image-sets'), models: Math.max(1, count('models')) }

const db = await ensureDatabase()
const orm = await openOrm(process.env.DATABASE_URL!, { pool: 2 })
await migrate(orm, process.env.DATABASE_URL!)
const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
await client.connect()
const started = Date.now()
try {
  await seedBulk(client, size, (line) => console.log(`[seed:bulk] ${line}`))
  await refreshSearchStatistics(orm.em.fork())
  console.log(`[seed:bulk] done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await client.end()
  await orm.close()
  await db?.stop()
}
