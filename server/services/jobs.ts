import type { EntityManager } from '@mikro-orm/postgresql'
import { currentRequestId } from '../request-context.js'

/**
 * The class of the PostgreSQL advisory lock each worker pool holds while it lives
 * (worker/recovery.ts); counting them counts the live pools.
 */
export const WORKER_POOL_LOCK_CLASS = 7_311_002

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
export async function addJob(em: EntityManager, task: string, payload: Record<string, unknown>, options: JobOptions = {}): Promise<void> {
  await em.getConnection().execute(
    `select graphile_worker.add_job(?::text, ?::json, queue_name => ?::text, run_at => ?::timestamptz,
       max_attempts => ?::int, job_key => ?::text, priority => ?::int)`,
    [
      task,
      JSON.stringify(withRequestId(payload)),
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
