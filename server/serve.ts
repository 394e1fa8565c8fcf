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

const config = startupConfig()

const POOL_SIZE = 20
preloadServerEntry(config.serverEntry)
// The console renders pictures here too (uploads, a poster from a still): FFMPEG_PATH holds for them.
ffmpegBinaries(config)
const { migrated } = await whenToldToStart()
const embedded = await ensureDatabase()
if (!migrated) await migrateAlone(process.env.DATABASE_URL!)
const orm = await openOrm(process.env.DATABASE_URL!, { pool: POOL_SIZE, limits: { ...SERVER_DATABASE_LIMITS, statementMs: config.databaseStatementTimeoutMs } })

// Prometheus metrics when METRICS_PORT is set (prom-client and what it loads only then).
async function prometheus() {
  const [{ createRegistry, startMetricsEndpoint }, { ServerMetrics }] = await Promise.all([import('../core/metrics.js'), import('./metrics/server-metrics.js')])
  const register = createRegistry()
  const metrics = new ServerMetrics(register, () => orm.em.getDriver().getConnection().getNativeClient(), POOL_SIZE)
  return { metrics, startEndpoint: (host: string, port: number) => startMetricsEndpoint(register, host, port) }
}
const metricsPort = config.metrics.serverPort
const observed = metricsPort === null ? null : await prometheus()
const metrics = observed?.metrics ?? null
const app = await buildApp({ config, orm, metrics })
await app.listen({ host: config.host, port: config.port })
const metricsEndpoint = observed ? await observed.startEndpoint(config.metrics.host, metricsPort!) : null
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
