import type { Task } from 'graphile-worker'
import { MEDIA_TASKS } from '../../core/services/media/ingest.js'
import { addJob } from '../../core/services/ops/jobs.js'
import { MediaStore } from '../../core/services/media/store.js'
import type { WorkerDeps } from '../deps.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { backfillScrubThumbnails } from '../media/scrub-backfill.js'

/** Videos per job: a few seconds of ffmpeg, so a transcode waiting in the same queue is not held up long. */
const BATCH = 10

/**
 * Scrub thumbnails for videos made before them, a batch per job in the transcode queue (never
 * beside a transcode); queues itself again while more are waiting. The worker queues it at
 * every start (one job key: a no-op once every video has them).
 */
export const mediaBackfillScrubTask =
  ({ config, orm }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    ffmpegBinaries(config)
    const result = await backfillScrubThumbnails(orm, new MediaStore(config.mediaDir), {
      limit: BATCH,
      signal: helpers.abortSignal,
      log: (line) => helpers.logger.info(line),
    })
    if (result.more) await queueScrubBackfill(orm.em.fork())
  }

export function queueScrubBackfill(em: Parameters<typeof addJob>[0]): Promise<void> {
  return addJob(em, MEDIA_TASKS.backfillScrub, {}, { jobKey: MEDIA_TASKS.backfillScrub, maxAttempts: 3 })
}
