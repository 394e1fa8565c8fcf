import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { purgeExpiredRateLimits } from '../../server/services/rate-limit.js'

/** Cron, hourly: rate-limit counters whose window has ended are deleted. */
export const purgeRateLimitsTask =
  ({ orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const purged = await purgeExpiredRateLimits(orm.em.fork(), new Date())
    if (purged > 0) helpers.logger.info(`purged ${purged} expired rate-limit counters`)
  }
