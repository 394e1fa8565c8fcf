import type { Task } from 'graphile-worker'
import { TRANSCODE_FLAG } from '../server/services/ingest.js'

/**
 * One transcode at a time per worker process, any number across workers. Transcode jobs carry
 * TRANSCODE_FLAG (a graphile-worker named queue would run one at a time in the whole cluster):
 * while this process runs one, `forbiddenFlags` makes it skip the others, which stay for the
 * other workers. Two idle job slots may still fetch at the same moment; the second transcode
 * is then handed back (its attempt given back) and runs again a few seconds later, here or on
 * another worker.
 */
export class TranscodeSlot {
  #running = 0

  /** graphile-worker's `forbiddenFlags`, asked before every fetch of a job. */
  readonly forbiddenFlags = (): string[] => (this.#running > 0 ? [TRANSCODE_FLAG] : [])

  /** The task, run only while no other transcode runs in this process. */
  wrap(task: Task): Task {
    return async (payload, helpers) => {
      if (this.#running > 0) {
        await helpers.query('update graphile_worker._private_jobs set attempts = greatest(attempts - 1, 0) where id = $1', [helpers.job.id])
        throw new Error('handed back: this worker runs another transcode')
      }
      this.#running++
      try {
        return await task(payload, helpers)
      } finally {
        this.#running--
      }
    }
  }
}
