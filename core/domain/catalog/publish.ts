/**
 * The spec's publishing rule (section 4): a publish_at in the future is an upcoming item
 * (release-date badge, no link); an empty or past publish_at is playable.
 */
import type { Resolution } from '../media/resolutions.js'

export type PublishState = 'upcoming' | 'published'

export function publishState(publishAt: Date | null | undefined, now: Date): PublishState {
  return publishAt && publishAt.getTime() > now.getTime() ? 'upcoming' : 'published'
}

export function isLinkable(publishAt: Date | null | undefined, now: Date): boolean {
  return publishState(publishAt, now) === 'published'
}

export const MEDIA_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const
export type MediaStatus = (typeof MEDIA_STATUSES)[number]

/**
 * What an item's row says about its media. `mediaStatus` is the job's state; a video also
 * says which rungs of its ladder are published and playable (`resolutions`, lowest first) and
 * which higher rungs are still to come after its first publication (`pendingResolutions`).
 * Image sets have neither: they are all or nothing.
 */
export interface MediaState {
  mediaStatus: MediaStatus
  resolutions?: readonly Resolution[]
  pendingResolutions?: readonly Resolution[]
}

/**
 * How much of an item can be watched, the one rule every reader follows (the release, cards'
 * highest resolution, the player's rungs, downloads, the console):
 * - 'none': nothing published yet;
 * - 'partial': a video playable at its published lowest rungs while the higher ones (and the
 *   download file, made from the top rung) are still being made, or failed (media_status says);
 * - 'complete': every rung and the download file are published. A video being made again
 *   (ops' retry) stays complete with its earlier files until the new ones replace them.
 */
export type MediaAvailability = 'none' | 'partial' | 'complete'

export function mediaAvailability(item: MediaState): MediaAvailability {
  const published = item.resolutions?.length ?? 0
  if (published > 0 && (item.pendingResolutions?.length ?? 0) > 0) return 'partial'
  return published > 0 || item.mediaStatus === 'ready' ? 'complete' : 'none'
}

/**
 * The higher rungs a partial video is still getting (what the player and the console announce,
 * and why its download is not there yet); none once complete, or when making them failed.
 */
export function comingResolutions(item: MediaState): readonly Resolution[] {
  return mediaAvailability(item) === 'partial' && item.mediaStatus !== 'failed' ? (item.pendingResolutions ?? []) : []
}

/** The item can be played (a video at one rung at least) or shown. */
export function isPlayable(item: MediaState): boolean {
  return mediaAvailability(item) !== 'none'
}

/**
 * An item is released (listed with a link, playable) once its media is playable and its
 * publish time has come, unless the console withdrew it (unpublished). The worker's release
 * task applies this rule to stored items.
 */
export function isReleasable(item: MediaState & { publishAt: Date | null; withdrawn?: boolean }, now: Date): boolean {
  return isPlayable(item) && !item.withdrawn && isLinkable(item.publishAt, now)
}

export const PUBLISH_ACTIONS = ['now', 'schedule', 'unpublish'] as const
export type PublishAction = (typeof PUBLISH_ACTIONS)[number]

/**
 * The console's publishing actions as the stored publishing state: publish now (the publish
 * time becomes now, so the item leads the newest lists), schedule (a time in the future; the
 * item waits in coming soon), unpublish (withdrawn: off the site and out of coming soon until
 * published or scheduled again). Whether the item is released then follows isReleasable.
 */
export function publishingAfter(action: PublishAction, now: Date, at: Date | null): { publishAt: Date | null; withdrawn: boolean } {
  if (action === 'unpublish') return { publishAt: at, withdrawn: true }
  if (action === 'schedule') {
    if (!at || at.getTime() <= now.getTime()) throw new RangeError('a schedule needs a time in the future')
    return { publishAt: at, withdrawn: false }
  }
  return { publishAt: now, withdrawn: false }
}

export type PublishingStatus = 'published' | 'scheduled' | 'unpublished' | 'waitingForMedia'

/**
 * Where an item stands for the console's publishing controls: unpublished (withdrawn),
 * published (on the site now, or due to be at once), scheduled (a publish time ahead), or
 * waiting for its media (released as soon as it is playable).
 */
export function publishingStatus(item: MediaState & { publishAt: Date | null; releasedAt: Date | null; withdrawn: boolean }, now: Date): PublishingStatus {
  if (item.withdrawn) return 'unpublished'
  if (item.releasedAt || isReleasable(item, now)) return 'published'
  if (!isLinkable(item.publishAt, now)) return 'scheduled'
  return 'waitingForMedia'
}
