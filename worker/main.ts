/**
 * The worker process: graphile-worker running the media tasks, the release cron, mail and
 * subscription upkeep against the same database as the server, and the ingest folder
 * watcher. Needs DATABASE_URL; the `npm start` launcher passes it.
 */
import { ensureAppSecret } from '../server/bootstrap.js'
import { ConfigError, loadConfig } from '../server/config.js'
import { openOrm, WORKER_DATABASE_LIMITS } from '../server/db/orm.js'
import { startWorker } from './runner.js'

ensureAppSecret()
let config
try {
  config = loadConfig()
  if (!config.databaseUrl) throw new ConfigError('Invalid environment variable:\n  DATABASE_URL: required by the worker')
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const orm = await openOrm(config.databaseUrl!, { pool: config.workerConcurrency + 2, limits: WORKER_DATABASE_LIMITS })
const worker = await startWorker({ config, orm }, config.databaseUrl!)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await worker.stop()
  await orm.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
await worker.promise
