/**
 * The app as server/main.ts builds it, for scripts/bench/age.ts: with BENCH_AGE=open every
 * request gets today's open answer (no location lookup, no policy); with `policy` the
 * age-assurance resolver runs as in production. Needs DATABASE_URL and PORT.
 */
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../core/config.js'
import { OPEN_ACCESS } from '../../core/domain/age/access.js'
import { openOrm, SERVER_DATABASE_LIMITS } from '../../core/db/orm.js'

const config = loadConfig()
const orm = await openOrm(config.databaseUrl!, { limits: SERVER_DATABASE_LIMITS })
const open = process.env.BENCH_AGE === 'open'
const app = await buildApp({ config, orm, ...(open ? { resolveAgeAccess: () => OPEN_ACCESS } : {}) })
await app.listen({ host: config.host, port: config.port })
console.log(`listening on ${config.port}`)
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => orm.close())
    .then(() => process.exit(0))
})
