import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { settleSubscriptions } from '../../core/services/billing/events.js'

/**
 * Cron, every minute: scheduled plan changes (downgrades) and cancellations that are due take
 * effect, and subscriptions whose paid period ended without a renewal end as expired.
 * Idempotent: a second run finds nothing left to do.
 */
export const settleSubscriptionsTask =
  ({ orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const settled = await settleSubscriptions(orm.em, new Date())
    if (settled.changed + settled.ended > 0) {
      helpers.logger.info(`subscriptions: ${settled.changed} plan changes applied, ${settled.ended} ended`)
    }
  }
