/**
 * The worker process: graphile-worker running the media tasks, the release cron, mail,
 * subscription upkeep and the scheduled backup against the same database as the server,
 * and the ingest folder watcher; Prometheus metrics on WORKER_METRICS_PORT. Needs
 * DATABASE_URL; the `npm start` launcher passes it. On SIGTERM/SIGINT it takes no new job,
 * lets running ones finish for WORKER_SHUTDOWN_TIMEOUT_SECONDS, then hands them back.
 */
import { onShutdownSignal, startupConfig } from '../core/bootstrap.js'
import { ConfigError } from '../core/config.js'
import { openOrm, WORKER_DATABASE_LIMITS } from '../core/db/orm.js'
import { within } from '../core/time.js'
import { createRegistry, startMetricsEndpoint } from '../core/metrics.js'
import { createWorkerLog } from './logger.js'
import { WorkerMetrics } from './metrics.js'
import { startWorker, type WorkerHandle } from './runner.js'

const config = startupConfig((c) => {
  if (!c.databaseUrl) throw new ConfigError('Invalid environment variable:\n  DATABASE_URL: required by the worker')
})

const log = createWorkerLog(config)
const orm = await openOrm(config.databaseUrl!, { pool: config.workerConcurrency + 2, limits: WORKER_DATABASE_LIMITS })
const register = config.metrics.workerPort === null ? null : createRegistry()
const metrics = register ? new WorkerMetrics(register, orm, config.backup.dir) : null
// Signals are taken from the start: a SIGTERM while the worker still starts (its runners may
// already have taken a job) stops it gracefully once it is up, rather than killing it mid-job.
let started!: (worker: WorkerHandle) => void
const starting = new Promise<WorkerHandle>((resolve) => (started = resolve))
let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  const timeoutMs = config.shutdown.workerTimeoutMs
  log.info({ signal, timeoutMs }, 'shutting down: no new jobs; running jobs may finish, then are handed back')
  const worker = await starting
  // A job that ignores its abort signal is released by force a little later.
  if (
    (await within(
      worker.stop().then(() => true),
      timeoutMs + 10_000,
    )) !== true
  ) {
    log.warn('jobs still running after the shutdown timeout; releasing them by force')
    await within(worker.kill(), 10_000)
  }
  await metricsEndpoint?.close()
  await within(orm.close(), 5000)
  log.info('stopped')
  process.exit(0)
}
onShutdownSignal((signal) => void shutdown(signal))

const worker = await startWorker({ config, orm, observer: metrics ?? undefined }, config.databaseUrl!, {
  log: (line) => log.info(line),
  workerLog: log,
  metrics,
})
const metricsEndpoint = register ? await startMetricsEndpoint(register, config.metrics.host, config.metrics.workerPort!) : null
if (metricsEndpoint) log.info(`metrics at http://${config.metrics.host}:${metricsEndpoint.port}/metrics`)
started(worker)
await worker.promise
