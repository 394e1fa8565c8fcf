/**
 * Resume and "Continue watching": when the player saves the position, from where the video
 * page offers to resume, and when a video counts as watched (then it leaves the home page's
 * row and plays from the start again).
 */

/** The player saves the position this often while it plays (and on pause, and when the page is left). */
export const SAVE_INTERVAL_MS = 10_000

/** Positions before this are not worth resuming (the first seconds of a start). */
export const RESUME_MIN_SECONDS = 2

/** Past this share of its length a video counts as watched. */
export const WATCHED_SHARE = 0.95

/** How many videos the home page's "Continue watching" row shows, newest first. */
export const CONTINUE_WATCHING_LIMIT = 12

/** A video of unknown length (0) counts as unfinished at any position. */
export function isWatched(positionSeconds: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && positionSeconds >= WATCHED_SHARE * durationSeconds
}

/** Where to offer resuming, or null (too early to matter, or watched). */
export function resumeAt(positionSeconds: number, durationSeconds: number): number | null {
  if (!Number.isFinite(positionSeconds) || positionSeconds < RESUME_MIN_SECONDS) return null
  return isWatched(positionSeconds, durationSeconds) ? null : positionSeconds
}

/** The stored position: inside the video (a player may report a little past its end). */
export function clampPosition(positionSeconds: number, durationSeconds: number): number {
  const position = Math.max(0, positionSeconds)
  return durationSeconds > 0 ? Math.min(position, durationSeconds) : position
}

/** The share watched, 0..1, for a progress bar. */
export function watchedShare(positionSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0
  return Math.min(1, Math.max(0, positionSeconds / durationSeconds))
}
