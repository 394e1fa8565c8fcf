import type { Task } from 'graphile-worker'
import { MEDIA_QUEUES, MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { addJob } from '../../core/services/ops/jobs.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import type { WorkerDeps } from '../deps.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { backfillTour } from '../media/tour-backfill.js'

/** Pictures per job: a few seconds of ffmpeg, so an image set waiting in the same queue is not held up long. */
const BATCH = 50

/**
 * Tour renditions (blurred) of the pictures the public tour shows, for those made before the
 * pipeline wrote them: a batch per job in the image queue, on the local disk or the bucket;
 * queues itself again while more are waiting. The worker queues it at every start (one job key:
 * a no-op once every such picture has one).
 */
export const mediaBackfillTourTask =
  ({ config, orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    ffmpegBinaries(config)
    const result = await backfillTour(orm, await openMediaStore(config), {
      limit: BATCH,
      signal: helpers.abortSignal,
      log: (line) => helpers.logger.info(line),
    })
    if (result.more) await queueTourBackfill(orm.em.fork())
  }

export function queueTourBackfill(em: Parameters<typeof addJob>[0]): Promise<void> {
  return addJob(em, MEDIA_TASKS.backfillTour, {}, { jobKey: MEDIA_TASKS.backfillTour, queueName: MEDIA_QUEUES.images, maxAttempts: 3 })
}
