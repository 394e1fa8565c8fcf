/**
 * "Released" in SQL, the one place it is written. An item is released (listed with a link,
 * playable, downloadable, rateable) once the release task has set its released_at; the task
 * sets it when `isReleasable` of domain/publish.ts holds, and `releaseDue` is that rule in SQL
 * (tests/integration/release-task.test.ts checks the two agree).
 *
 * Every query that shows, plays, downloads or rates a video or an image set filters with
 * `released(alias)`; the catalog's "coming soon" list is the one place that shows the others.
 */

/** The item under `alias` (a table name or alias) is released. */
export const released = (alias: string): string => `${alias}.released_at is not null`

/**
 * The item under `alias` has playable media (domain/publish.ts `isPlayable`): ready, or a
 * video with a published rung (its higher rungs may still be on their way).
 */
const playable = (table: 'video' | 'image_set', alias: string): string =>
  table === 'video' ? `(${alias}.media_status = 'ready' or cardinality(${alias}.resolutions) > 0)` : `${alias}.media_status = 'ready'`

/**
 * The item of `table` under `alias` is due for release at the time bound to the `?` parameter:
 * media playable, not withdrawn, publish time come.
 */
export const releaseDue = (table: 'video' | 'image_set', alias: string): string =>
  `${playable(table, alias)} and not ${alias}.withdrawn and (${alias}.publish_at is null or ${alias}.publish_at <= ?)`

/** The item under `alias` waits for its publish time (coming soon): not released, not withdrawn by the console. */
export const awaitingRelease = (alias: string): string => `not (${released(alias)}) and not ${alias}.withdrawn`
