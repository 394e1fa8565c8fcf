import type { Task, TaskList } from 'graphile-worker'
import type { Config } from '../../core/config.js'
import { MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { TASK_NAMES, type TaskName } from '../../core/services/ops/jobs.js'
import type { WorkerDeps } from '../deps.js'
import { settleWhenDatabaseAnswers } from '../settle-outcome.js'
import { backupDatabaseTask } from './backup-database.js'
import { purgeAbandonedUploadsTask } from './purge-abandoned-uploads.js'
import { purgeExpiredAuthTask } from './purge-expired-auth.js'
import { mediaBackfillScrubTask } from './media-backfill-scrub.js'
import { mediaBackfillWebpTask } from './media-backfill-webp.js'
import { mediaBackfillTourTask } from './media-backfill-tour.js'
import { mediaIngestDropTask } from './media-ingest-drop.js'
import { mediaProcessImageSetTask } from './media-process-image-set.js'
import { mediaProcessVideoTask } from './media-process-video.js'
import { refreshSearchStatisticsTask } from './refresh-search-statistics.js'
import { releaseDueItemsTask } from './release-due-items.js'
import { sendMailTask } from './send-mail.js'
import { settleSubscriptionsTask } from './settle-subscriptions.js'

/**
 * Every task the worker runs, by the name jobs and the crontab use; each hands its outcome
 * back to the queue only when the database answers (settleWhenDatabaseAnswers).
 */
export function createTaskList(deps: WorkerDeps, log: (line: string) => void = () => undefined): TaskList {
  const tasks: Record<TaskName, Task> = {
    release_due_items: releaseDueItemsTask(deps),
    send_mail: sendMailTask(deps),
    purge_expired_auth: purgeExpiredAuthTask(deps),
    [MEDIA_TASKS.processVideo]: mediaProcessVideoTask(deps),
    [MEDIA_TASKS.processImageSet]: mediaProcessImageSetTask(deps),
    [MEDIA_TASKS.ingestDrop]: mediaIngestDropTask(deps),
    [MEDIA_TASKS.backfillScrub]: mediaBackfillScrubTask(deps),
    [MEDIA_TASKS.backfillWebp]: mediaBackfillWebpTask(deps),
    [MEDIA_TASKS.backfillTour]: mediaBackfillTourTask(deps),
    settle_subscriptions: settleSubscriptionsTask(deps),
    refresh_search_statistics: refreshSearchStatisticsTask(deps),
    backup_database: backupDatabaseTask(deps),
    purge_abandoned_uploads: purgeAbandonedUploadsTask(deps),
  }
  assertEveryTaskHandled(tasks)
  return Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, settleWhenDatabaseAnswers(handBackOnShutdown(task), deps.orm, log)]))
}

/**
 * The tasks that run ffmpeg over a whole video. Each worker runs them one at a time, in a
 * graphile-worker runner of their own (concurrency 1; a named queue would allow one in the
 * whole cluster), so N workers transcode N videos at once.
 */
const TRANSCODE_TASKS: readonly TaskName[] = [MEDIA_TASKS.processVideo, MEDIA_TASKS.backfillScrub]

/** A task list split into the transcodes and the rest. */
export function splitTranscodes(taskList: TaskList): { transcodes: TaskList; others: TaskList } {
  const entries = Object.entries(taskList)
  const isTranscode = ([name]: [string, unknown]) => (TRANSCODE_TASKS as readonly string[]).includes(name)
  return { transcodes: Object.fromEntries(entries.filter(isTranscode)), others: Object.fromEntries(entries.filter((entry) => !isTranscode(entry))) }
}

/** Start-up check: the task list handles every task of TaskPayloads, and nothing else (the types say so; this holds at run time too). */
export function assertEveryTaskHandled(taskList: Record<string, unknown>): void {
  const handled = Object.keys(taskList).sort()
  const expected = [...TASK_NAMES].sort()
  if (handled.join() !== expected.join()) {
    throw new Error(`the worker's task list and TaskPayloads differ: handled ${handled.join(', ')}; expected ${expected.join(', ')}`)
  }
}

/**
 * A job cut short by a graceful shutdown (the worker's abort signal fired after
 * WORKER_SHUTDOWN_TIMEOUT_SECONDS) goes back to the queue without using up an attempt:
 * graphile-worker counts the attempt when it takes the job, so it is given back before the
 * job is released; the job runs again about a second later, on this worker after a restart
 * or on any other. Its work is idempotent, so a second start redoes, never doubles, it.
 */
function handBackOnShutdown(task: Task): Task {
  return async (payload, helpers) => {
    try {
      return await task(payload, helpers)
    } catch (error) {
      if (!helpers.abortSignal?.aborted) throw error
      await helpers.query('update graphile_worker._private_jobs set attempts = greatest(attempts - 1, 0) where id = $1', [helpers.job.id])
      throw new Error(`handed back: the worker is shutting down (${error instanceof Error ? error.message : String(error)})`, { cause: error })
    }
  }
}

/** Crontab in graphile-worker's format (UTC). */
export const CRONTAB = [
  // Items whose publish_at has passed are released within a minute.
  '* * * * * release_due_items ?max=1&jobKey=release_due_items',
  // Expired sessions, old mailed-link tokens and rate-limit counters are removed hourly.
  '17 * * * * purge_expired_auth ?max=1&jobKey=purge_expired_auth',
  // Due plan changes and cancellations take effect; lapsed subscriptions end.
  '* * * * * settle_subscriptions ?max=1&jobKey=settle_subscriptions',
  // Search statistics follow released content (a no-op when nothing changed; a hint only).
  '*/5 * * * * refresh_search_statistics ?max=1&jobKey=refresh_search_statistics',
  // The console's uploads that received nothing for UPLOAD_EXPIRY_HOURS are removed.
  '43 * * * * purge_abandoned_uploads ?max=1&jobKey=purge_abandoned_uploads',
].join('\n')

/** The crontab with the scheduled backup, when BACKUP_SCHEDULE is not off. */
export function crontab(config: Config): string {
  return config.backup.schedule ? `${CRONTAB}\n${config.backup.schedule} backup_database ?max=1&jobKey=backup_database` : CRONTAB
}

/** Start-up check: every crontab line names a task that exists. */
export function assertCrontabTasksExist(taskList: TaskList, crontab: string): void {
  for (const line of crontab.split('\n')) {
    const name = line.trim().split(/\s+/)[5]
    if (line.trim() && !line.trim().startsWith('#') && (!name || !(name in taskList))) {
      throw new Error(`crontab names an unknown task: ${line}`)
    }
  }
}
