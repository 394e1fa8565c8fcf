import type { Task } from 'graphile-worker'
import { isDatabaseUnavailable, type Orm } from '../core/db/orm.js'

/** How often a finished task asks whether the database is back, and for how long at most. */
export interface WaitOptions {
  retryMs?: number
  maxWaitMs?: number
}

/**
 * A task whose outcome goes back to the queue only once the database answers. graphile-worker
 * marks a job done (or failed, for a retry) with one statement when the task returns; should
 * PostgreSQL be away at that moment (a restart), it gives up on the whole worker pool and the
 * job stays locked until the liveness sweep frees it, to run a second time. Waiting here turns a
 * restart during a long job (a transcode) into a short pause: the job completes once.
 */
export function settleWhenDatabaseAnswers(task: Task, orm: Orm, log: (line: string) => void, options: WaitOptions = {}): Task {
  return async (payload, helpers) => {
    try {
      return await task(payload, helpers)
    } finally {
      await databaseAnswers(orm, helpers.abortSignal, log, options)
    }
  }
}

/** Resolves once `select 1` succeeds (at once when it does), or on abort, or after `maxWaitMs` (10 minutes). */
async function databaseAnswers(
  orm: Orm,
  abort: AbortSignal | undefined,
  log: (line: string) => void,
  { retryMs = 1000, maxWaitMs = 10 * 60_000 }: WaitOptions = {},
): Promise<void> {
  const started = Date.now()
  for (let attempt = 0; ; attempt++) {
    try {
      await orm.em.getConnection().execute('select 1')
      if (attempt > 0) log(`the database answers again after ${((Date.now() - started) / 1000).toFixed(1)} s`)
      return
    } catch (error) {
      if (attempt === 0) log(`a job ended while the database does not answer (${error instanceof Error ? error.message : String(error)}); waiting for it`)
      if (abort?.aborted || Date.now() - started > maxWaitMs) return
      await new Promise((resolve) => setTimeout(resolve, retryMs))
    }
  }
}

/**
 * Runs a database write of a finished piece of work (a transcode's result) and, when the
 * database is away at that moment (a restart, or one still starting up), waits until it answers
 * and writes again, so minutes of work are not thrown away for a short outage. Other errors,
 * an abort, or an outage longer than `maxWaitMs` are thrown.
 */
export async function writeWhenDatabaseAnswers<T>(
  orm: Orm,
  write: () => Promise<T>,
  abort: AbortSignal | undefined,
  log: (line: string) => void,
  options: WaitOptions = {},
): Promise<T> {
  const started = Date.now()
  const maxWaitMs = options.maxWaitMs ?? 10 * 60_000
  for (;;) {
    try {
      return await write()
    } catch (error) {
      if (!isDatabaseUnavailable(error) || abort?.aborted || Date.now() - started > maxWaitMs) throw error
      await databaseAnswers(orm, abort, log, { ...options, maxWaitMs: Math.max(0, maxWaitMs - (Date.now() - started)) })
    }
  }
}
