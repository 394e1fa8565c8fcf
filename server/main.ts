/**
 * The server process: opens the database (embedded when DATABASE_URL is unset), applies
 * migrations, serves HTTP (and Prometheus metrics on METRICS_PORT), and on SIGTERM/SIGINT
 * stops gracefully: readiness 503, drain, close the port, finish the requests in flight,
 * close the pool.
 */
import { ensureDatabase, onShutdownSignal, startupConfig, whenToldToStart } from '../core/bootstrap.js'
import { migrateAlone, openOrm, SERVER_DATABASE_LIMITS } from '../core/db/orm.js'
import { buildApp } from './app.js'
import { preloadServerEntry } from './render/client-build.js'
import { ffmpegBinaries } from '../core/ffmpeg/binaries.js'
import { within } from '../core/time.js'
import { closeGracefully } from './lifecycle.js'
import { createRegistry, startMetricsEndpoint } from '../core/metrics.js'
import { ServerMetrics } from './metrics/server-metrics.js'

const config = startupConfig()

const POOL_SIZE = 20
preloadServerEntry(config.serverEntry)
// The console renders pictures here too (uploads, a poster from a still): FFMPEG_PATH holds for them.
ffmpegBinaries(config)
const { migrated } = await whenToldToStart()
const embedded = await ensureDatabase()
if (!migrated) await migrateAlone(process.env.DATABASE_URL!)
const orm = await openOrm(process.env.DATABASE_URL!, { pool: POOL_SIZE, limits: { ...SERVER_DATABASE_LIMITS, statementMs: config.databaseStatementTimeoutMs } })

const register = config.metrics.serverPort === null ? null : createRegistry()
const metrics = register ? new ServerMetrics(register, () => orm.em.getDriver().getConnection().getNativeClient(), POOL_SIZE) : null
const app = await buildApp({ config, orm, metrics })
await app.listen({ host: config.host, port: config.port })
const metricsEndpoint = register ? await startMetricsEndpoint(register, config.metrics.host, config.metrics.serverPort!) : null
if (metricsEndpoint) app.log.info(`metrics at http://${config.metrics.host}:${metricsEndpoint.port}/metrics`)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'signal received')
  const outcome = await closeGracefully(app, config.shutdown).catch((error: unknown) => {
    app.log.error({ err: error }, 'closing the server failed')
    return 'failed'
  })
  await metricsEndpoint?.close()
  // A request cut off by the timeout may still hold a pooled connection: do not wait for it.
  await within(
    orm.close().catch(() => undefined),
    5000,
  )
  await embedded?.stop()
  app.log.info({ outcome }, 'stopped')
  process.exit(0)
}
onShutdownSignal((signal) => void shutdown(signal))
