import fs from 'node:fs/promises'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { WorkerEvents } from 'graphile-worker'
import type { Orm } from '../core/db/orm.js'
import { listBackups } from '../core/services/ops/backup/files.js'
import type { WorkerObserver } from './deps.js'

interface QueueRow {
  task: string
  queued: number
  scheduled: number
  running: number
  failed: number
  oldest: number | null
}

/**
 * The worker's metrics. The queue gauges come from PostgreSQL at scrape time, so they show
 * the whole queue whichever worker runs what; the rest counts what this process did:
 * - streamclub_worker_jobs{task,state}: queued (due, waiting), scheduled (run_at later: retries
 *   with backoff, future jobs), running (locked by a worker), failed (attempts used up);
 * - streamclub_worker_oldest_queued_job_age_seconds: how long the oldest due job has waited;
 * - streamclub_worker_job_duration_seconds{task,outcome}: every attempt (graphile-worker's job
 *   events), outcome success or error; streamclub_worker_jobs_failed_total{task}: jobs that
 *   used up their attempts here;
 * - streamclub_transcode_media_seconds_total / _wall_seconds_total{rung}: ladder encodes, by
 *   their top rung (one ffmpeg process encodes its rungs at once; the top one sets the cost:
 *   the lowest rung alone, then the higher ones together): speed = rate(media) / rate(wall);
 *   streamclub_transcode_speed{rung}: the last one's;
 * - streamclub_releases_total{kind}: items this worker released;
 * - streamclub_backup_last_timestamp_seconds, _last_size_bytes, streamclub_backups_kept:
 *   the newest complete backup in BACKUP_DIR.
 */
export class WorkerMetrics implements WorkerObserver {
  private readonly durations: Histogram<'task' | 'outcome'>
  private readonly failedForGood: Counter<'task'>
  private readonly mediaSeconds: Counter<'rung'>
  private readonly wallSeconds: Counter<'rung'>
  private readonly speed: Gauge<'rung'>
  private readonly releases: Counter<'kind'>
  private readonly started = new Map<string, number>()
  private pendingQueue: Promise<QueueRow[]> | undefined
  private tasks: string[] = []

  constructor(
    register: Registry,
    private readonly orm: Orm,
    backupDir: string,
  ) {
    // prom-client calls collect() with the gauge as `this`.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const metrics = this
    new Gauge({
      name: 'streamclub_worker_jobs',
      help: 'Jobs in the queue by task and state (queued, scheduled, running, failed), from PostgreSQL',
      labelNames: ['task', 'state'],
      registers: [register],
      async collect() {
        const rows = await metrics.queue()
        this.reset()
        for (const task of new Set([...metrics.tasks, ...rows.map((row) => row.task)])) {
          const row = rows.find((r) => r.task === task)
          for (const state of ['queued', 'scheduled', 'running', 'failed'] as const) this.set({ task, state }, Number(row?.[state] ?? 0))
        }
      },
    })
    new Gauge({
      name: 'streamclub_worker_oldest_queued_job_age_seconds',
      help: 'How long the oldest due job has been waiting (0 when none waits)',
      registers: [register],
      async collect() {
        const ages = (await metrics.queue()).map((row) => Number(row.oldest ?? 0))
        this.set(Math.max(0, ...ages))
      },
    })
    this.durations = new Histogram({
      name: 'streamclub_worker_job_duration_seconds',
      help: 'Job attempts run by this worker, by task and outcome',
      labelNames: ['task', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers: [register],
    })
    this.failedForGood = new Counter({
      name: 'streamclub_worker_jobs_failed_total',
      help: 'Jobs that used up their attempts in this worker',
      labelNames: ['task'],
      registers: [register],
    })
    this.mediaSeconds = new Counter({
      name: 'streamclub_transcode_media_seconds_total',
      help: 'Seconds of source encoded into ladders, by the ladder top rung',
      labelNames: ['rung'],
      registers: [register],
    })
    this.wallSeconds = new Counter({
      name: 'streamclub_transcode_wall_seconds_total',
      help: 'Wall seconds spent encoding ladders, by the ladder top rung',
      labelNames: ['rung'],
      registers: [register],
    })
    this.speed = new Gauge({
      name: 'streamclub_transcode_speed',
      help: 'Media seconds per wall second of the last ladder, by its top rung',
      labelNames: ['rung'],
      registers: [register],
    })
    this.releases = new Counter({
      name: 'streamclub_releases_total',
      help: 'Items this worker released (linked and playable)',
      labelNames: ['kind'],
      registers: [register],
    })
    new Gauge({
      name: 'streamclub_backup_last_timestamp_seconds',
      help: 'When the newest complete backup in BACKUP_DIR was written (0: none)',
      registers: [register],
      async collect() {
        const newest = (await listBackups(backupDir))[0]
        this.set(newest ? newest.mtimeMs / 1000 : 0)
      },
    })
    new Gauge({
      name: 'streamclub_backup_last_size_bytes',
      help: 'Size of the newest complete backup in BACKUP_DIR',
      registers: [register],
      async collect() {
        const newest = (await listBackups(backupDir))[0]
        this.set(newest ? (await fs.stat(newest.file)).size : 0)
      },
    })
    new Gauge({
      name: 'streamclub_backups_kept',
      help: 'Complete backups in BACKUP_DIR',
      registers: [register],
      async collect() {
        this.set((await listBackups(backupDir)).length)
      },
    })
  }

  /** Times every attempt from graphile-worker's job events; `tasks` always show, 0 or not. */
  attach(events: WorkerEvents, tasks: string[]): void {
    this.tasks = tasks
    events.on('job:start', ({ job }) => this.started.set(job.id, performance.now()))
    events.on('job:complete', ({ job, error }) => {
      const started = this.started.get(job.id)
      this.started.delete(job.id)
      if (started !== undefined) {
        this.durations.observe({ task: job.task_identifier, outcome: error ? 'error' : 'success' }, (performance.now() - started) / 1000)
      }
    })
    events.on('job:failed', ({ job }) => this.failedForGood.inc({ task: job.task_identifier }))
  }

  ladderEncoded(topRung: string, mediaSeconds: number, wallSeconds: number): void {
    this.mediaSeconds.inc({ rung: topRung }, mediaSeconds)
    this.wallSeconds.inc({ rung: topRung }, wallSeconds)
    if (wallSeconds > 0) this.speed.set({ rung: topRung }, mediaSeconds / wallSeconds)
  }

  released({ videos, imageSets }: { videos: number; imageSets: number }): void {
    if (videos) this.releases.inc({ kind: 'video' }, videos)
    if (imageSets) this.releases.inc({ kind: 'image_set' }, imageSets)
  }

  /**
   * One query per scrape for both queue gauges: a scrape collects every metric at once, so the
   * second gauge shares the query the first one started. The next scrape reads afresh.
   */
  private queue(): Promise<QueueRow[]> {
    this.pendingQueue ??= this.orm.em
      .getConnection()
      .execute<QueueRow[]>(
        `select task_identifier as task,
                count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as queued,
                count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
                count(*) filter (where locked_at is not null)::int as running,
                count(*) filter (where locked_at is null and attempts >= max_attempts)::int as failed,
                extract(epoch from now() - min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now()))::float8 as oldest
           from graphile_worker.jobs
          group by task_identifier`,
      )
      .finally(() => {
        this.pendingQueue = undefined
      })
    return this.pendingQueue
  }
}
