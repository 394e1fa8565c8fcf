/**
 * The app as server/main.ts builds it, for scripts/bench/gateway.ts: with
 * BENCH_GATEWAY_CHECK=signature the media gateway checks the signed URL alone (as before the
 * session check existed), with `session` it also confirms the session and the membership
 * (the default check). Needs DATABASE_URL, PORT and MEDIA_DIR.
 */
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../core/config.js'
import { openOrm, SERVER_DATABASE_LIMITS } from '../../core/db/orm.js'

const config = loadConfig()
const orm = await openOrm(config.databaseUrl!, { limits: SERVER_DATABASE_LIMITS })
const signatureOnly = process.env.BENCH_GATEWAY_CHECK === 'signature'
const app = await buildApp({ config, orm, ...(signatureOnly ? { mediaAccess: { allows: async () => true } } : {}) })
await app.listen({ host: config.host, port: config.port })
// The bench waits for this line (another process may answer on a port that is already taken).
console.log(`listening on ${config.port}`)
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => orm.close())
    .then(() => process.exit(0))
})
