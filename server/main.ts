/**
 * The server process: opens the database (embedded when DATABASE_URL is unset), applies
 * migrations, serves HTTP, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { ensureAppSecret, ensureDatabase, onShutdownSignal } from './bootstrap.js'
import { ConfigError, loadConfig } from './config.js'
import { migrate, openOrm, SERVER_DATABASE_LIMITS } from './db/orm.js'
import { buildApp } from './app.js'

ensureAppSecret()
let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const embedded = await ensureDatabase()
// Migrations may run long (an index on a big table): their own connection, without the
// request limits.
const migrator = await openOrm(process.env.DATABASE_URL!, { pool: 2 })
await migrate(migrator, process.env.DATABASE_URL!)
await migrator.close()
const orm = await openOrm(process.env.DATABASE_URL!, { limits: SERVER_DATABASE_LIMITS })
const app = await buildApp({ config, orm })
await app.listen({ host: config.host, port: config.port })

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  await app.close().catch((error) => app.log.error({ err: error }, 'closing the server failed'))
  await orm.close().catch(() => undefined)
  await embedded?.stop()
  process.exit(0)
}
onShutdownSignal((signal) => void shutdown(signal))
