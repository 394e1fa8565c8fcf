import type { Config } from '../core/config.js'
import type { Orm } from '../core/db/orm.js'

/** What the tasks report for the metrics (WorkerMetrics; absent when metrics are off). */
export interface WorkerObserver {
  /** Rungs of a ladder were encoded by one ffmpeg process: `mediaSeconds` of source in `wallSeconds`, its top rung `topRung`. */
  ladderEncoded(topRung: string, mediaSeconds: number, wallSeconds: number): void
  /** Items became released (linked and playable). */
  released(counts: { videos: number; imageSets: number }): void
}

/** What tasks may use; each task is built from these once at start-up. */
export interface WorkerDeps {
  config: Config
  orm: Orm
  observer?: WorkerObserver
}
