import type { Orm } from '../../core/db/orm.js'
import type { ItemTable } from './progress.js'

/** Thrown where a cancelled job stops on its own (before publishing, before writing its result). */
export class JobCancelled extends Error {
  override name = 'JobCancelled'
  constructor() {
    super('cancelled in the operations console')
  }
}

/**
 * Stops a media job whose item was cancelled in the console (services/pipeline.ts cancelItem
 * fails the item and takes its job off the queue; a running job cannot be deleted under its
 * worker). Reads the item's state every `intervalMs`; once the item has been seen processing,
 * a state of failed (cancelled) or pending (cancelled and queued again) aborts `signal`, which
 * kills ffmpeg; the pipeline then removes its scratch folder. `signal` also follows the
 * worker's own abort (a graceful shutdown).
 */
export class CancelWatch {
  readonly signal: AbortSignal
  private readonly controller = new AbortController()
  private readonly timer: NodeJS.Timeout
  private seenProcessing = false
  private reading = false
  cancelled = false

  constructor(orm: Orm, table: ItemTable, id: number, parent?: AbortSignal, intervalMs = 1000) {
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal
    this.timer = setInterval(() => void this.check(orm, table, id), intervalMs)
    this.timer.unref()
  }

  private async check(orm: Orm, table: ItemTable, id: number): Promise<void> {
    if (this.reading || this.cancelled) return
    this.reading = true
    try {
      const [row] = await orm.em.getConnection().execute<Array<{ media_status: string }>>(`select media_status from "${table}" where id = ?`, [id])
      const state = row?.media_status
      if (state === 'processing') this.seenProcessing = true
      if (state === undefined || state === 'failed' || (state === 'pending' && this.seenProcessing)) {
        this.cancelled = true
        this.controller.abort(new JobCancelled())
      }
    } catch {
      // The database is away: the job goes on, and the next read decides.
    } finally {
      this.reading = false
    }
  }

  stop(): void {
    clearInterval(this.timer)
  }
}
