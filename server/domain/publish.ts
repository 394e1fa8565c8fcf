/**
 * The spec's publishing rule (section 4): a publish_at in the future is an upcoming item
 * (release-date badge, no link); an empty or past publish_at is playable.
 */
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
 * An item is released (listed with a link, playable) once its media is ready and its
 * publish time has come, unless the console withdrew it (unpublished). The worker's release
 * task applies this rule to stored items.
 */
export function isReleasable(item: { publishAt: Date | null; mediaStatus: MediaStatus; withdrawn?: boolean }, now: Date): boolean {
  return item.mediaStatus === 'ready' && !item.withdrawn && isLinkable(item.publishAt, now)
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
 * waiting for its media (released as soon as processing is done).
 */
export function publishingStatus(item: { publishAt: Date | null; releasedAt: Date | null; mediaStatus: MediaStatus; withdrawn: boolean }, now: Date): PublishingStatus {
  if (item.withdrawn) return 'unpublished'
  if (item.releasedAt || isReleasable(item, now)) return 'published'
  if (!isLinkable(item.publishAt, now)) return 'scheduled'
  return 'waitingForMedia'
}
