import type { EntityManager } from '@mikro-orm/postgresql'

export type ItemTable = 'video' | 'image_set'

/**
 * Stores a job's progress (0..1) on its row, at most once a second (and always at 100%),
 * so content ops and the ingest script can follow it. Stages have weights; each stage
 * reports its own 0..1 through `stage(weight)`.
 */
export class ProgressReporter {
  private done = 0
  private lastWrite = 0
  private lastValue = -1
  private pending: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly em: EntityManager,
    private readonly table: ItemTable,
    private readonly id: number,
    private readonly intervalMs = 1000,
  ) {}

  /** A callback for one stage worth `weight` of the whole; it stays in its share. */
  stage(weight: number): (fraction: number) => void {
    const start = this.done
    this.done = Math.min(1, start + weight)
    return (fraction) => this.report(start + weight * Math.max(0, Math.min(1, fraction)))
  }

  /** A stage done earlier (by an earlier job): the bar starts after it. */
  skip(weight: number): void {
    this.stage(weight)
  }

  report(value: number): void {
    const now = Date.now()
    const rounded = Math.round(Math.min(0.999, value) * 1000) / 1000
    if (rounded <= this.lastValue || now - this.lastWrite < this.intervalMs) return
    this.lastWrite = now
    this.lastValue = rounded
    this.pending = this.pending.then(() =>
      this.em
        .getConnection()
        .execute(`update "${this.table}" set media_progress = ? where id = ? and media_status = 'processing'`, [rounded, this.id])
        .catch(() => undefined),
    )
  }

  /** Waits for the writes still on their way. */
  flush(): Promise<unknown> {
    return this.pending
  }
}
