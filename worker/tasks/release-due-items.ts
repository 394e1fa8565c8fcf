import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { releaseDueItems } from '../../core/services/catalog/release.js'

/** Cron, every minute: items whose publish_at has passed become linked and playable. */
export const releaseDueItemsTask =
  ({ orm, observer }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const released = await releaseDueItems(orm.em.fork(), new Date())
    observer?.released(released)
    if (released.videos + released.imageSets > 0) {
      helpers.logger.info(`released ${released.videos} videos and ${released.imageSets} image sets`)
    }
  }
