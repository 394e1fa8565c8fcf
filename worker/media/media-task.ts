import type { JobHelpers, Task } from 'graphile-worker'
import type { MediaStore } from '../../server/services/media/store.js'
import { openMediaStore } from '../../server/services/media/open-store.js'
import { ffmpegBinaries } from '../ffmpeg/binaries.js'
import type { WorkerDeps } from '../deps.js'
import type { Outcome } from './outcome.js'
import type { PipelineOptions } from './video-pipeline.js'

export type Pipeline = (orm: WorkerDeps['orm'], store: MediaStore, id: number, options: PipelineOptions) => Promise<Outcome>

/**
 * A media job: payload { id }. Runs one at a time per worker (videos: TRANSCODE_TASKS; image sets: a named queue), is
 * idempotent (a ready item is skipped; outputs appear only when complete) and retryable:
 * throwing hands the job back to graphile-worker's backoff. Graceful shutdown aborts
 * ffmpeg through the job's abort signal.
 */
export function mediaTask(name: string, pipeline: Pipeline) {
  return ({ config, orm, observer }: WorkerDeps): Task => {
    ffmpegBinaries(config)
    const opened = openMediaStore(config)
    return async (payload, helpers: JobHelpers) => {
      const id = (payload as { id?: unknown } | null)?.id
      if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`${name}: payload.id must be an integer`)
      const outcome = await pipeline(orm, await opened, id, {
        attempt: { number: helpers.job.attempts, max: helpers.job.max_attempts },
        signal: helpers.abortSignal,
        log: (line) => helpers.logger.info(line),
        observer,
      })
      if (outcome === 'failed') helpers.logger.warn(`${name} ${id}: failed (see its media_error)`)
    }
  }
}
