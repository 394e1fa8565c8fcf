import type { EntityManager } from '@mikro-orm/postgresql'
import { currentRequestId } from '../../request-context.js'

/**
 * The class of the PostgreSQL advisory lock each worker pool holds while it lives
 * (worker/recovery.ts); counting them counts the live pools.
 */
export const WORKER_POOL_LOCK_CLASS = 7_311_002

/** A drop in INGEST_DIR the worker takes in (media_ingest_drop). */
export interface DropPayload {
  kind: 'video' | 'imageSet'
  /** Name inside INGEST_DIR. */
  name: string
  metaName: string | null
  /** Chosen when the drop was seen, so a retry after a crash finds the moved source. */
  mediaKey: string
}

type NoPayload = Record<string, never>

/**
 * Every task the worker runs, by the name jobs and the crontab use, with its payload. addJob
 * takes only these names with their payloads; the worker's task list must handle exactly these
 * (worker/tasks/index.ts, checked at start-up).
 */
export interface TaskPayloads {
  release_due_items: NoPayload
  send_mail: { id: number }
  purge_expired_auth: NoPayload
  media_process_video: { id: number }
  media_process_image_set: { id: number }
  media_ingest_drop: DropPayload
  media_backfill_scrub: NoPayload
  media_backfill_webp: NoPayload
  media_backfill_tour: NoPayload
  settle_subscriptions: NoPayload
  refresh_search_statistics: NoPayload
  backup_database: NoPayload
  purge_abandoned_uploads: NoPayload
}
export type TaskName = keyof TaskPayloads

/** The names of TaskPayloads, for the worker's start-up check (a key missing here fails the type check). */
export const TASK_NAMES = Object.keys({
  release_due_items: true,
  send_mail: true,
  purge_expired_auth: true,
  media_process_video: true,
  media_process_image_set: true,
  media_ingest_drop: true,
  media_backfill_scrub: true,
  media_backfill_webp: true,
  media_backfill_tour: true,
  settle_subscriptions: true,
  refresh_search_statistics: true,
  backup_database: true,
  purge_abandoned_uploads: true,
} satisfies Record<TaskName, true>) as TaskName[]

export interface JobOptions {
  /** Jobs with the same key replace each other until one runs (de-duplication). */
  jobKey?: string
  /** Jobs in one named queue run one at a time, in order. */
  queueName?: string
  runAt?: Date
  maxAttempts?: number
  priority?: number
}

/**
 * Adds a graphile-worker job through SQL on the given unit of work, so a job and the rows
 * it is about commit (or roll back) together. The queue schema is created by migrate().
 * A job queued while handling a request carries the request's id (`requestId` in the
 * payload), and the worker's log lines about the job show it.
 */
export async function addJob<T extends TaskName>(em: EntityManager, task: T, payload: TaskPayloads[T], options: JobOptions = {}): Promise<void> {
  await em.getConnection().execute(
    `select graphile_worker.add_job(?::text, ?::json, queue_name => ?::text, run_at => ?::timestamptz,
       max_attempts => ?::int, job_key => ?::text, priority => ?::int)`,
    [
      task,
      JSON.stringify(withRequestId(payload as Record<string, unknown>)),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? null,
      options.jobKey ?? null,
      options.priority ?? null,
    ],
    'run',
    em.getTransactionContext(),
  )
}

function withRequestId(payload: Record<string, unknown>): Record<string, unknown> {
  const requestId = currentRequestId()
  return requestId && payload.requestId === undefined ? { ...payload, requestId } : payload
}

/** The request id a job's payload carries, if it was queued by a request. */
export function jobRequestId(payload: unknown): string | undefined {
  const value = (payload as { requestId?: unknown } | null)?.requestId
  return typeof value === 'string' ? value : undefined
}
