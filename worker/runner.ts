import crypto from 'node:crypto'
import { EventEmitter } from 'node:events'
import path from 'node:path'
import pg from 'pg'
import { Logger, run, runOnce, type WorkerEvents } from 'graphile-worker'
import { MEDIA_TASKS } from '../core/services/media/ingest.js'
import { addJob, jobRequestId } from '../core/services/ops/jobs.js'
import { openMediaStore } from '../core/services/media/open-store.js'
import type { WorkerDeps } from './deps.js'
import { ffmpegBinaries } from '../core/ffmpeg/binaries.js'
import { graphileLogger, type WorkerLog } from './logger.js'
import { DropWatcher } from './media/ingest-folder.js'
import { dropSettledSourceCopies } from './media/source-copies.js'
import type { WorkerMetrics } from './metrics.js'
import { WorkerLiveness } from './recovery.js'
import { assertCrontabTasksExist, createTaskList, crontab, splitTranscodes } from './tasks/index.js'
import { queueScrubBackfill } from './tasks/media-backfill-scrub.js'
import { queueWebpBackfill } from './tasks/media-backfill-webp.js'
import { queueTourBackfill } from './tasks/media-backfill-tour.js'
import type { DropPayload } from '../core/services/ops/jobs.js'

export interface WorkerHandle {
  promise: Promise<void>
  /**
   * Graceful: no new jobs; running ones get WORKER_SHUTDOWN_TIMEOUT_SECONDS, then their
   * abort signal fires and they are handed back (see handBackOnShutdown).
   */
  stop(): Promise<void>
  /** Forceful, when a job ignores its abort signal: running jobs are released at once. */
  kill(): Promise<void>
}

/**
 * Through the batcher (0 ms: no waiting), job completions and failures are awaited before
 * graphile-worker closes its pool (at a shutdown, at the end of runOnce). Unbatched (its
 * default) they are sent without being waited for: a stop right after a job can lose its
 * completion (the job would run again) or its hand-back (it would stay locked), and runOnce
 * can return before its last job is marked done.
 */
export const SETTLED_JOBS = { completeJobBatchDelay: 0, failJobBatchDelay: 0 }

export interface WorkerOptions {
  /** Watch INGEST_DIR for drops (default true). */
  watchIngest?: boolean
  concurrency?: number
  log?: (line: string) => void
  /** The worker's JSON log; graphile-worker's own lines go there too (default: its console logger). */
  workerLog?: WorkerLog
  metrics?: WorkerMetrics | null
}

/**
 * graphile-worker with the product's tasks and crontab, plus two companions: the liveness
 * plugin and sweep (jobs of a killed worker are retried at once, not after 4 hours), and
 * the ingest folder watcher that turns settled drops into media_ingest_drop jobs.
 */
export async function startWorker(deps: WorkerDeps, databaseUrl: string, options: WorkerOptions = {}): Promise<WorkerHandle> {
  const log = options.log ?? ((line: string) => console.log(`[worker] ${line}`))
  const binaries = ffmpegBinaries(deps.config)
  log(`ffmpeg: ${binaries.ffmpeg} (${binaries.source})`)
  const taskList = createTaskList(deps, log)
  const schedule = crontab(deps.config)
  assertCrontabTasksExist(taskList, schedule)
  const liveness = new WorkerLiveness(databaseUrl, log)
  // Running jobs' request ids, for the lines their tasks log (which carry only the job id).
  const requestIds = new Map<string, string>()
  const events = new EventEmitter() as WorkerEvents
  const shared = {
    connectionString: databaseUrl,
    noHandleSignals: true,
    pollInterval: 1000,
    events,
    gracefulShutdownAbortTimeout: deps.config.shutdown.workerTimeoutMs,
    ...(options.workerLog ? { logger: graphileLogger(options.workerLog, (jobId) => requestIds.get(jobId)) } : {}),
    preset: { worker: SETTLED_JOBS, plugins: [liveness.plugin()] },
  }
  // Transcodes one at a time in a runner of their own; everything else beside them.
  const { transcodes, others } = splitTranscodes(taskList)
  const runners = await Promise.all([
    run({ ...shared, concurrency: options.concurrency ?? deps.config.workerConcurrency, taskList: others, crontab: schedule }),
    run({ ...shared, concurrency: 1, taskList: transcodes }),
  ])
  const runner = {
    events,
    promise: Promise.all(runners.map((r) => r.promise)).then(() => undefined),
    stop: () => Promise.all(runners.map((r) => r.stop())),
    kill: () => Promise.all(runners.map((r) => r.kill())),
  }
  runner.events.on('job:start', ({ job }) => {
    const requestId = jobRequestId(job.payload)
    if (requestId) requestIds.set(job.id, requestId)
    options.workerLog?.debug({ task: job.task_identifier, jobId: job.id, attempt: job.attempts, ...(requestId ? { reqId: requestId } : {}) }, 'job started')
  })
  runner.events.on('job:complete', ({ job }) => requestIds.delete(job.id))
  options.metrics?.attach(runner.events, Object.keys(taskList))
  liveness.startSweeping()
  // Videos made before scrub thumbnails get them (a no-op once all have them).
  await queueScrubBackfill(deps.orm.em.fork()).catch((error: unknown) =>
    log(`could not queue the scrub thumbnail backfill: ${error instanceof Error ? error.message : String(error)}`),
  )
  // Public pictures made before WebP get theirs (a no-op once all have one).
  await queueWebpBackfill(deps.orm.em.fork()).catch((error: unknown) =>
    log(`could not queue the WebP backfill: ${error instanceof Error ? error.message : String(error)}`),
  )
  // Pictures the public tour shows, made before tour renditions, get theirs (a no-op once all have one).
  await queueTourBackfill(deps.orm.em.fork()).catch((error: unknown) =>
    log(`could not queue the tour picture backfill: ${error instanceof Error ? error.message : String(error)}`),
  )

  let watchTimer: NodeJS.Timeout | null = null
  if (options.watchIngest ?? true) {
    const settleMs = deps.config.ingestSettleSeconds * 1000
    const watcher = new DropWatcher(deps.config.ingestDir, settleMs)
    const every = Math.min(5000, Math.max(1000, settleMs / 2))
    let busy = false
    watchTimer = setInterval(() => {
      if (busy) return
      busy = true
      scanOnce(deps, watcher, log)
        .catch((error: unknown) => log(`ingest folder scan failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => (busy = false))
    }, every)
    log(`watching ${deps.config.ingestDir} (settle ${deps.config.ingestSettleSeconds} s)`)
  }

  return {
    promise: runner.promise,
    async stop() {
      if (watchTimer) clearInterval(watchTimer)
      await runner.stop()
      await liveness.stop()
    },
    async kill() {
      if (watchTimer) clearInterval(watchTimer)
      await runner.kill()
      await liveness.stop()
    },
  }
}

/** One look at the drop folder: queues a media_ingest_drop job per settled drop; then drops local source copies no longer needed. */
export async function scanOnce(deps: WorkerDeps, watcher: DropWatcher, log: (line: string) => void): Promise<number> {
  const ready = await watcher.scan()
  for (const drop of ready) {
    const payload: DropPayload = {
      kind: drop.kind,
      name: drop.name,
      metaName: drop.metaPath ? path.relative(watcher.ingestDir, drop.metaPath) : null,
      mediaKey: crypto.randomUUID(),
    }
    await addJob(deps.orm.em.fork(), MEDIA_TASKS.ingestDrop, payload, { jobKey: `ingest-drop:${drop.name}`, maxAttempts: 5 })
    log(`picked up ${drop.name} (${drop.kind})`)
  }
  await dropSettledSourceCopies(await openMediaStore(deps.config), deps.orm.em.fork())
  return ready.length
}

const quiet = new Logger(() => () => undefined)

/**
 * Runs every job that is due until none is left (jobs retried later, with backoff, are
 * left for the real worker, unless `waitForRetries`). The demo seed, the ingest script without a running worker,
 * and the tests use it; it is the same task list the worker runs.
 */
export async function drainJobs(
  deps: WorkerDeps,
  databaseUrl: string,
  { concurrency = 1, transcodeConcurrency = 1, verbose = false, waitForRetries = false } = {},
): Promise<void> {
  const { transcodes, others } = splitTranscodes(createTaskList(deps))
  const liveness = new WorkerLiveness(databaseUrl)
  const counter = new pg.Client({ connectionString: databaseUrl })
  await counter.connect()
  try {
    for (let round = 0; round < 10_000; round++) {
      const once = { connectionString: databaseUrl, preset: { worker: SETTLED_JOBS, plugins: [liveness.plugin()] }, ...(verbose ? {} : { logger: quiet }) }
      // As in the worker: transcodes beside the other jobs, one at a time unless told otherwise.
      await Promise.all([runOnce({ ...once, concurrency: transcodeConcurrency, taskList: transcodes }), runOnce({ ...once, concurrency, taskList: others })])
      const { rows } = await counter.query<{ due: string; later: string }>(
        `select count(*) filter (where run_at <= now()) as due, count(*) filter (where run_at > now()) as later
           from graphile_worker.jobs
          where locked_at is null and attempts < max_attempts and task_identifier = any($1::text[])`,
        [[...Object.keys(transcodes), ...Object.keys(others)].filter((task) => task !== 'release_due_items')],
      )
      if (Number(rows[0]?.due ?? 0) > 0) continue
      if (!waitForRetries || Number(rows[0]?.later ?? 0) === 0) break
      // A job failed and waits for its retry (backoff): wait for it.
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  } finally {
    await counter.end()
    await liveness.stop()
  }
}
