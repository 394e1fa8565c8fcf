/**
 * The tour as the browser tests see it (tests/e2e/tour.spec.ts): one more server on the local e2e
 * server's data folder, database and media (Playwright starts it once that one is ready), whose
 * every request is a visitor of a `blur` jurisdiction who has not verified the age
 * (docs/age-assurance.md, "What a tour shows"). For the tests only: in the product, the
 * age-assurance policy decides per request.
 */
import path from 'node:path'
import type { AgeAccess } from '../core/domain/age/access.js'
import { startupConfig } from '../core/bootstrap.js'
import { openOrm } from '../core/db/orm.js'
import { buildApp } from '../server/app.js'

const BLUR: AgeAccess = { outcome: 'blur', verified: false, explicitAllowed: false, jurisdiction: { country: 'FR', region: null, source: 'header' } }

const pgPort = Number(process.env.E2E_PG_PORT ?? 54340)
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data/e2e')
// The embedded PostgreSQL of the local e2e server (scripts/e2e-server.ts), already migrated and seeded.
process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${pgPort}/streamclub`
const config = startupConfig()
const orm = await openOrm(process.env.DATABASE_URL, { pool: 5 })
const app = await buildApp({ config, orm, resolveAgeAccess: () => BLUR })
await app.listen({ host: '127.0.0.1', port: config.port })

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await app.close()
  await orm.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
