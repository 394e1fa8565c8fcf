import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { purgeExpiredAuthRows } from '../../core/services/auth/sessions.js'

/** Cron, hourly: removes expired sessions, used or old mailed-link tokens, old rate-limit counters. */
export const purgeExpiredAuthTask =
  ({ orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const purged = await purgeExpiredAuthRows(orm.em.fork(), new Date())
    helpers.logger.info(`purged ${purged.sessions} sessions, ${purged.tokens} tokens, ${purged.rateLimits} rate-limit counters`)
  }
