import type { Task, TaskList } from 'graphile-worker'
import { MEDIA_TASKS } from '../../server/services/ingest.js'
import type { WorkerDeps } from '../deps.js'
import { settleWhenDatabaseAnswers } from '../settle-outcome.js'
import { purgeExpiredAuthTask } from './purge-expired-auth.js'
import { mediaBackfillScrubTask } from './media-backfill-scrub.js'
import { mediaIngestDropTask } from './media-ingest-drop.js'
import { mediaProcessImageSetTask, mediaProcessVideoTask } from './media-process.js'
import { refreshSearchStatisticsTask } from './refresh-search-statistics.js'
import { releaseDueItemsTask } from './release-due-items.js'
import { sendMailTask } from './send-mail.js'
import { settleSubscriptionsTask } from './settle-subscriptions.js'

/**
 * Every task the worker runs, by the name jobs and the crontab use; each hands its outcome
 * back to the queue only when the database answers (settleWhenDatabaseAnswers).
 */
export function createTaskList(deps: WorkerDeps, log: (line: string) => void = () => undefined): TaskList {
  const tasks: Record<string, Task> = {
    release_due_items: releaseDueItemsTask(deps),
    send_mail: sendMailTask(deps),
    purge_expired_auth: purgeExpiredAuthTask(deps),
    [MEDIA_TASKS.processVideo]: mediaProcessVideoTask(deps),
    [MEDIA_TASKS.processImageSet]: mediaProcessImageSetTask(deps),
    [MEDIA_TASKS.ingestDrop]: mediaIngestDropTask(deps),
    [MEDIA_TASKS.backfillScrub]: mediaBackfillScrubTask(deps),
    settle_subscriptions: settleSubscriptionsTask(deps),
    refresh_search_statistics: refreshSearchStatisticsTask(deps),
  }
  return Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, settleWhenDatabaseAnswers(task, deps.orm, log)]))
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
].join('\n')

/** Start-up check: every crontab line names a task that exists. */
export function assertCrontabTasksExist(taskList: TaskList, crontab: string): void {
  for (const line of crontab.split('\n')) {
    const name = line.trim().split(/\s+/)[5]
    if (line.trim() && !line.trim().startsWith('#') && (!name || !(name in taskList))) {
      throw new Error(`crontab names an unknown task: ${line}`)
    }
  }
}
