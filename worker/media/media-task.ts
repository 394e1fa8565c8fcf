import type { JobHelpers, Task } from 'graphile-worker'
import type { MediaStore } from '../../core/services/media/store.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import type { WorkerDeps } from '../deps.js'
import { CancelWatch, JobCancelled } from './cancel-watch.js'
import type { Outcome } from './outcome.js'
import type { ItemTable } from './progress.js'
import type { PipelineOptions } from './video-pipeline.js'

export type Pipeline = (orm: WorkerDeps['orm'], store: MediaStore, id: number, options: PipelineOptions) => Promise<Outcome>

/**
 * A media job: payload { id }. Runs one at a time per worker (videos: TRANSCODE_TASKS; image sets: a named queue), is
 * idempotent (a ready item is skipped; outputs appear only when complete) and retryable:
 * throwing hands the job back to graphile-worker's backoff. Graceful shutdown aborts
 * ffmpeg through the job's abort signal; so does a cancel from the console (CancelWatch),
 * after which the job ends as done: the item stays failed with the console's reason.
 */
export function mediaTask(name: string, table: ItemTable, pipeline: Pipeline) {
  return ({ config, orm, observer }: WorkerDeps): Task => {
    ffmpegBinaries(config)
    const opened = openMediaStore(config)
    return async (payload, helpers: JobHelpers) => {
      const id = (payload as { id?: unknown } | null)?.id
      if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error(`${name}: payload.id must be an integer`)
      const watch = new CancelWatch(orm, table, id, helpers.abortSignal)
      let outcome: Outcome
      try {
        outcome = await pipeline(orm, await opened, id, {
          attempt: { number: helpers.job.attempts, max: helpers.job.max_attempts },
          signal: watch.signal,
          log: (line) => helpers.logger.info(line),
          observer,
        })
      } catch (error) {
        if (!(watch.cancelled || error instanceof JobCancelled) || helpers.abortSignal?.aborted) throw error
        outcome = 'cancelled'
      } finally {
        watch.stop()
      }
      if (outcome === 'failed') helpers.logger.warn(`${name} ${id}: failed (see its media_error)`)
      if (outcome === 'cancelled') helpers.logger.info(`${name} ${id}: cancelled in the console; its partial output is removed`)
    }
  }
}
