import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { purgeAgeChecks } from '../../core/services/age/checks.js'
import { purgeExpiredAuthRows } from '../../core/services/auth/sessions.js'

/** Cron, hourly: removes expired sessions, used or old mailed-link tokens, old rate-limit counters and age checks. */
export const purgeExpiredAuthTask =
  ({ orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const now = new Date()
    const purged = await purgeExpiredAuthRows(orm.em.fork(), now)
    const ageChecks = await purgeAgeChecks(orm.em.fork(), now)
    helpers.logger.info(`purged ${purged.sessions} sessions, ${purged.tokens} tokens, ${purged.rateLimits} rate-limit counters, ${ageChecks} age checks`)
  }
