import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { refreshSearchStatistics } from '../../core/services/catalog/search-statistics.js'

/** Cron: recounts the search lexemes of the kinds whose released items changed. */
export const refreshSearchStatisticsTask =
  ({ orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const refreshed = await refreshSearchStatistics(orm.em.fork())
    if (refreshed.length) helpers.logger.info(`search statistics recounted for ${refreshed.join(', ')}`)
  }
