/**
 * The console's view of the media pipeline: every ingested video and image set with its
 * state, progress, time left, failure reason and the attempts of its job; the live worker
 * pools and what each runs now. Retrying reuses the ingest's own retry (`retryItem`, as
 * `npm run ingest -- --retry`); cancelling takes a queued job off the queue or stops a
 * running one (its worker sees the item failed, kills ffmpeg and removes its partial output:
 * worker/media/cancel-watch.ts).
 */
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { localize, type Locale, type LocalizedText } from '../../domain/locale.js'
import { AppError } from '../../domain/errors.js'
import { cancelledReason, timeLeftSeconds } from '../../domain/media/pipeline.js'
import { comingResolutions, mediaAvailability, type MediaStatus } from '../../domain/catalog/publish.js'
import type { Resolution } from '../../domain/media/resolutions.js'
import { ImageSet, Video } from '../../db/entities/index.js'
import { findItem, MEDIA_JOB_KEY_PREFIX, MEDIA_TASKS, retryItem, type IngestKind } from './ingest.js'
import { WORKER_POOL_LOCK_CLASS } from '../ops/jobs.js'

export const PIPELINE_FILTERS = ['all', 'active', 'failed', 'ready'] as const
export type PipelineFilter = (typeof PIPELINE_FILTERS)[number]
const PIPELINE_LIMIT = 100

const STATES: Record<PipelineFilter, readonly string[]> = {
  all: ['pending', 'processing', 'ready', 'failed'],
  active: ['pending', 'processing'],
  failed: ['failed'],
  ready: ['ready'],
}

interface Row {
  kind: IngestKind
  id: number
  title: LocalizedText
  source_name: string
  media_status: MediaStatus
  media_progress: number
  /** Videos: the published rungs and the higher ones still to come (empty for image sets). */
  resolutions: Resolution[]
  pending_resolutions: Resolution[]
  media_error: string | null
  updated_at: Date
  released_at: Date | null
  publish_at: Date | null
  attempts: number | null
  max_attempts: number | null
  locked_at: Date | null
  running_seconds: number | null
  last_error: string | null
}

const itemsOf = (table: 'video' | 'image_set', kind: IngestKind) => `
  select '${kind}' as kind, t.id, t.title, t.source_name, t.media_status, t.media_progress, t.media_error, t.updated_at,
         ${table === 'video' ? 't.resolutions, t.pending_resolutions' : `'{}'::text[] as resolutions, '{}'::text[] as pending_resolutions`},
         t.released_at, t.publish_at, j.attempts, j.max_attempts, j.locked_at, extract(epoch from now() - j.locked_at)::float8 as running_seconds, j.last_error
    from "${table}" t left join graphile_worker.jobs j on j.key = '${MEDIA_JOB_KEY_PREFIX[kind]}' || t.id
   where t.source_name is not null and t.media_status = any(?::text[])`

/** The item a media job works on, from its task and payload. */
const ITEM_OF_TASK: Record<string, IngestKind> = { [MEDIA_TASKS.processVideo]: 'video', [MEDIA_TASKS.processImageSet]: 'imageSet' }

/** The newest ingested items (up to PIPELINE_LIMIT) in the filter's states, and the workers. */
export async function listPipeline(em: EntityManager, { filter, locale }: { filter: PipelineFilter; locale: Locale }) {
  const states = `{${STATES[filter].join(',')}}`
  const rows = await em.getConnection().execute<Row[]>(
    `select * from (${itemsOf('video', 'video')} union all ${itemsOf('image_set', 'imageSet')}) items
      order by updated_at desc, id desc limit ${PIPELINE_LIMIT}`,
    [states, states],
  )
  const workers = await listWorkers(em)
  return {
    workers,
    items: rows.map((row) => {
      const progress = row.media_status === 'ready' ? 1 : Number(row.media_progress)
      const running = row.locked_at !== null
      return {
        ...playableWhileMaking(row),
        kind: row.kind,
        id: row.id,
        title: localize(row.title, locale),
        sourceName: row.source_name,
        state: row.media_status,
        progress,
        timeLeftSeconds: row.media_status === 'processing' && running ? timeLeftSeconds(progress, row.running_seconds) : null,
        error: row.media_error,
        updatedAt: new Date(row.updated_at).toISOString(),
        releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
        publishAt: row.publish_at ? new Date(row.publish_at).toISOString() : null,
        // The job while it waits, runs or is retried with backoff (graphile-worker deletes it when done).
        job: row.attempts === null ? null : { attempts: row.attempts, maxAttempts: row.max_attempts!, running, lastError: row.last_error },
      }
    }),
  }
}

interface PoolRow {
  lock_key: string
  /** The liveness connection holding the lock: one per worker process, shared by its pools. */
  pid: number
  application_name: string | null
  backend_start: Date | null
}

interface RunningJobRow {
  id: string
  task_identifier: string
  lock_key: string
  payload: { id?: unknown } | null
  running_seconds: number
}

/**
 * The live workers and the jobs each runs now. Each of a worker's pools (graphile-worker runners:
 * one for transcodes, one for the rest) holds a liveness lock on the worker's one liveness
 * connection (worker/recovery.ts, named after the worker's host and process): a worker is the
 * set of locks of one connection.
 */
async function listWorkers(em: EntityManager) {
  const connection = em.getConnection()
  const pools = await connection.execute<PoolRow[]>(
    `select l.objid::bigint::text as lock_key, l.pid, a.application_name, a.backend_start
       from pg_locks l left join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = ? and l.objsubid = 2
        and l.database = (select oid from pg_database where datname = current_database())
      order by a.backend_start, l.objid`,
    [WORKER_POOL_LOCK_CLASS],
  )
  // A pool's lock is named hashtext(pool id); an advisory lock shows its key as an unsigned oid
  // (and the database it was taken in: the cluster may serve others).
  const jobs = await connection.execute<RunningJobRow[]>(
    `select j.id::text, t.identifier as task_identifier, ((hashtext(j.locked_by)::bigint + 4294967296) % 4294967296)::text as lock_key,
            j.payload, extract(epoch from now() - j.locked_at)::float8 as running_seconds
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.locked_at is not null order by j.locked_at`,
  )
  const workers = new Map<number, PoolRow[]>()
  for (const pool of pools) workers.set(pool.pid, [...(workers.get(pool.pid) ?? []), pool])
  return [...workers.values()].map((locks) => ({
    key: locks[0]!.lock_key,
    name: locks[0]!.application_name?.replace(/^streamclub-worker\s*/, '') || null,
    since: locks[0]!.backend_start ? new Date(locks[0]!.backend_start).toISOString() : null,
    jobs: jobs
      .filter((job) => locks.some((lock) => lock.lock_key === job.lock_key))
      .map((job) => {
        const kind = ITEM_OF_TASK[job.task_identifier]
        const itemId = job.payload?.id
        return {
          id: job.id,
          task: job.task_identifier,
          item: kind && typeof itemId === 'number' ? { kind, id: itemId } : null,
          runningSeconds: Math.round(job.running_seconds),
        }
      }),
  }))
}

/**
 * A video playable at its first rungs while the rest is made or after making it failed
 * (domain/publish.ts): `partial` names the rungs it plays and those on their way.
 */
function playableWhileMaking(row: Row): { partial: { playable: Resolution[]; coming: Resolution[] } | null } {
  const state = { mediaStatus: row.media_status, resolutions: row.resolutions, pendingResolutions: row.pending_resolutions }
  return { partial: mediaAvailability(state) === 'partial' ? { playable: row.resolutions, coming: [...comingResolutions(state)] } : null }
}

/** What the audit log keeps of an item's pipeline state. */
const pipelineState = (row: { mediaStatus: string; mediaError?: string | null; mediaProgress: unknown }) => ({
  mediaStatus: row.mediaStatus,
  mediaError: row.mediaError ?? null,
  mediaProgress: Number(row.mediaProgress),
})

/**
 * Queues a failed item again (the ingest's retry). Only failed items: a queued or running one
 * is already on its way, and a ready one would be made again from scratch.
 */
export async function retryFailedItem(em: EntityManager, kind: IngestKind, id: number) {
  const row = await findItem(em, kind, { id })
  const name = row?.sourceName
  if (!row || !name) throw new AppError('NOT_FOUND', 'notFound')
  if (row.mediaStatus !== 'failed') throw new AppError('CONFLICT', 'itemNotFailed')
  const before = pipelineState(row)
  await retryItem(em, kind, id)
  await em.refresh(row)
  return { before, after: pipelineState(row), name }
}

/**
 * Cancels a queued or running item (call it in a transaction): the item is failed with the
 * reason (who cancelled it), and its job leaves the queue. A job that runs now cannot be
 * deleted under its worker: graphile-worker clears its key and uses up its attempts, and the
 * worker, which watches its item, stops ffmpeg and removes the partial output within a second
 * or two. A retry later queues the item anew.
 */
export async function cancelItem(em: EntityManager, kind: IngestKind, id: number, actorEmail: string) {
  // Locked, so the worker's own writes to the row wait for this decision.
  const row =
    kind === 'video'
      ? await em.findOne(Video, id, { lockMode: LockMode.PESSIMISTIC_WRITE })
      : await em.findOne(ImageSet, id, { lockMode: LockMode.PESSIMISTIC_WRITE })
  const name = row?.sourceName
  if (!row || !name) throw new AppError('NOT_FOUND', 'notFound')
  if (row.mediaStatus !== 'pending' && row.mediaStatus !== 'processing') throw new AppError('CONFLICT', 'itemNotActive')
  const before = pipelineState(row)
  const [job] = await em
    .getConnection()
    .execute<Array<{ id: string | null; running: boolean }>>(
      `select id::text, (locked_at is not null) as running from graphile_worker.remove_job(?)`,
      [`${MEDIA_JOB_KEY_PREFIX[kind]}${id}`],
      'all',
      em.getTransactionContext(),
    )
  row.mediaStatus = 'failed'
  row.mediaError = cancelledReason(actorEmail)
  await em.flush()
  return { before, after: { ...pipelineState(row), job: job?.id ? (job.running ? 'stopped' : 'removed') : null }, name }
}
