/**
 * The pipeline board's rules: how long a running job still needs, from its progress and
 * how long it has run (the rate so far, carried forward).
 */

/** Below this share done, or before this many seconds, the rate says too little to estimate. */
const ESTIMATE_MIN_PROGRESS = 0.02
const ESTIMATE_MIN_SECONDS = 5

/**
 * Seconds left for a job that has run `elapsedSeconds` and is `progress` (0..1) done, or null
 * while no honest estimate can be made (not running, too early, no progress yet, or done).
 */
export function timeLeftSeconds(progress: number, elapsedSeconds: number | null): number | null {
  if (elapsedSeconds === null || !(progress >= ESTIMATE_MIN_PROGRESS) || progress >= 1) return null
  if (!(elapsedSeconds >= ESTIMATE_MIN_SECONDS)) return null
  return Math.max(1, Math.round((elapsedSeconds * (1 - progress)) / progress))
}

/** The reason a cancelled item shows (media_error), naming who cancelled it. */
export function cancelledReason(email: string): string {
  return `cancelled in the operations console by ${email}`
}
