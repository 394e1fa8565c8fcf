import type { JobHelpers, Task } from 'graphile-worker'
import { MediaStore } from '../../server/services/media-store.js'
import { ffmpegBinaries } from '../ffmpeg/binaries.js'
import type { WorkerDeps } from '../deps.js'
import { processImageSet } from '../media/image-set-pipeline.js'
import type { Outcome } from '../media/outcome.js'
import { processVideo, type PipelineOptions } from '../media/video-pipeline.js'

type Pipeline = (orm: WorkerDeps['orm'], store: MediaStore, id: number, options: PipelineOptions) => Promise<Outcome>

/**
 * A media job: payload { id }. Runs in a named queue (one transcode at a time), is
 * idempotent (a ready item is skipped; outputs appear only when complete) and retryable:
 * throwing hands the job back to graphile-worker's backoff. Graceful shutdown aborts
 * ffmpeg through the job's abort signal.
 */
function mediaTask(name: string, pipeline: Pipeline) {
  return ({ config, orm, observer }: WorkerDeps): Task => {
    ffmpegBinaries(config)
    const store = new MediaStore(config.mediaDir)
    return async (payload, helpers: JobHelpers) => {
      const id = (payload as { id?: unknown } | null)?.id
      if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`${name}: payload.id must be an integer`)
      const outcome = await pipeline(orm, store, id, {
        attempt: { number: helpers.job.attempts, max: helpers.job.max_attempts },
        signal: helpers.abortSignal,
        log: (line) => helpers.logger.info(line),
        observer,
      })
      if (outcome === 'failed') helpers.logger.warn(`${name} ${id}: failed (see its media_error)`)
    }
  }
}

export const mediaProcessVideoTask = mediaTask('media_process_video', processVideo)
export const mediaProcessImageSetTask = mediaTask('media_process_image_set', processImageSet)
