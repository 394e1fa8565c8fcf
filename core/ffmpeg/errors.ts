/**
 * The source itself is unusable (unreadable, unsupported, corrupt, no picture where one
 * must be): a retry cannot change that, so the item fails at once with this message,
 * written for content ops.
 */
export class MediaRejected extends Error {
  override name = 'MediaRejected'
}

/** The source cannot be read as media at all. */
export class UnreadableMediaError extends MediaRejected {
  override name = 'UnreadableMediaError'
}
