/**
 * Watch positions (resume and "Continue watching"): one row per user and video, written by the
 * player (watch.save) and read by the video page (watch.position) and the home page
 * (watch.continue). The rules (when to resume, when a video is watched) are in domain/watch.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Locale } from '../../domain/locale.js'
import { CONTINUE_WATCHING_LIMIT, RESUME_MIN_SECONDS, WATCHED_SHARE, resumeAt } from '../../domain/playback/watch.js'
import { AppError } from '../../domain/errors.js'
import type { CatalogVariant, UserItemState, VideoItem, VideoRow } from './dto.js'
import { normalizeListQuery, withStates } from './list-query.js'
import { released } from './released.js'
import { videoSource } from './sources.js'
import { query, raw, sql } from '../../db/sql.js'

export interface WatchPositionAnswer {
  positionSeconds: number
  durationSeconds: number
  /** Where the page offers to resume; null when there is nothing to resume (too early, or watched). */
  resumeAt: number | null
}

/**
 * Stores where the user is in a released video, inside its length; one statement (an upsert
 * that reads the video's length). An unknown or unreleased video is NOT_FOUND.
 */
export async function saveWatchPosition(em: EntityManager, userId: number, videoId: number, positionSeconds: number, now: Date): Promise<WatchPositionAnswer> {
  const rows = await query<{ position_seconds: number; duration_seconds: number }>(
    em,
    sql`insert into watch_position (user_id, video_id, position_seconds, updated_at)
        select ${userId}, t.id,
               case when t.duration_seconds > 0 then least(greatest(${positionSeconds}::float8, 0), t.duration_seconds) else greatest(${positionSeconds}::float8, 0) end,
               ${now.toISOString()}::timestamptz
          from video t where t.id = ${videoId} and ${raw(released('t'))}
        on conflict (user_id, video_id) do update set position_seconds = excluded.position_seconds, updated_at = excluded.updated_at
        returning position_seconds, (select duration_seconds from video where id = ${videoId}) as duration_seconds`,
  )
  const row = rows[0]
  if (!row) throw new AppError('NOT_FOUND', 'notFound')
  return answer(row.position_seconds, row.duration_seconds)
}

/** The user's position in a video, or null when none is stored. */
export async function watchPosition(em: EntityManager, userId: number, videoId: number): Promise<WatchPositionAnswer | null> {
  const rows = await query<{ position_seconds: number; duration_seconds: number }>(
    em,
    sql`select w.position_seconds, t.duration_seconds from watch_position w join video t on t.id = w.video_id
         where w.user_id = ${userId} and w.video_id = ${videoId} and ${raw(released('t'))}`,
  )
  return rows[0] ? answer(rows[0].position_seconds, rows[0].duration_seconds) : null
}

const answer = (positionSeconds: number, durationSeconds: number): WatchPositionAnswer => ({
  positionSeconds,
  durationSeconds,
  resumeAt: resumeAt(positionSeconds, durationSeconds),
})

export type ContinueWatchingItem = VideoItem & {
  state: UserItemState | null
  positionSeconds: number
}

/**
 * The home page's "Continue watching": the user's released videos begun (past the first
 * seconds) and not yet watched to 95 %, the most recently watched first, as list cards with
 * the position for the progress bar, in the request's variant (the tour's cards where the
 * visitor may not see explicit material). Read per user (never cached).
 */
export async function continueWatching(
  em: EntityManager,
  userId: number,
  locale: Locale,
  now: Date,
  variant: CatalogVariant = 'full',
): Promise<ContinueWatchingItem[]> {
  const q = normalizeListQuery('videos', { locale, with: ['featured_preview', 'featured_model', 'models', 'rating'] }, variant)
  const rows = await query<VideoRow & { position_seconds: number }>(
    em,
    sql`select ${videoSource.columns(q)}, w.position_seconds
          from watch_position w join video t on t.id = w.video_id ${videoSource.joins(q)}
         where w.user_id = ${userId} and w.position_seconds >= ${RESUME_MIN_SECONDS} and ${raw(released('t'))} and (t.duration_seconds <= 0 or w.position_seconds < ${WATCHED_SHARE} * t.duration_seconds)
         order by w.updated_at desc, w.video_id desc
         limit ${CONTINUE_WATCHING_LIMIT}`,
  )
  const items = rows.map((row) => ({ ...videoSource.map(row, q, now), positionSeconds: row.position_seconds }))
  return withStates(em, videoSource.state, userId, items)
}
