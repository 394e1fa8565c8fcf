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
 * publish time has come. The worker's release task applies this rule to stored items.
 */
export function isReleasable(item: { publishAt: Date | null; mediaStatus: MediaStatus }, now: Date): boolean {
  return item.mediaStatus === 'ready' && isLinkable(item.publishAt, now)
}
