import fs from 'node:fs/promises'
import type { Orm } from '../../core/db/orm.js'
import { SCRUB } from '../../core/domain/media/scrub.js'
import { query, sql } from '../../core/db/sql.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { playlistSeconds } from '../../core/services/media/playlists.js'
import { makeScrubThumbnails } from '../../core/ffmpeg/scrub.js'

export interface BackfillResult {
  /** Media made (one per set of HLS files; demo rows share theirs). */
  made: number
  /** Media that failed (logged, and marked with `scrub: null` so they are not read again). */
  failed: number
  /** More are waiting after this batch. */
  more: boolean
}

/**
 * Scrub thumbnails for videos made before them: for up to `limit` ready videos without
 * `media.scrub`, the sheets and track are made from the stored lowest rung (keyframes only,
 * as the pipeline does), moved into the item's protected folder, and written onto every row
 * that plays the same HLS files. Idempotent: a video that has them is never read again.
 */
export async function backfillScrubThumbnails(
  orm: Orm,
  store: MediaStore,
  { limit = 10, signal, log = () => undefined }: { limit?: number; signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<BackfillResult> {
  const em = orm.em.fork()
  const rows = await query<{ master: string; playlist: string; width: number; height: number }>(
    em,
    sql`select media->>'master' as master, media->'ladder'->0->>'playlist' as playlist,
               (media->'ladder'->0->>'width')::int as width, (media->'ladder'->0->>'height')::int as height
          from video
         where media_status = 'ready' and media->>'master' is not null and jsonb_array_length(media->'ladder') > 0
           and media->'scrub' is null
         group by 1, 2, 3, 4
         order by min(id)
         limit ${limit + 1}`,
  )
  let made = 0
  let failed = 0
  for (const row of rows.slice(0, limit)) {
    signal?.throwIfAborted()
    const mediaKey = row.master.split('/')[1]!
    const work = await store.freshWorkDir(mediaKey)
    try {
      const dir = work.file('protected', SCRUB.folder)
      // The length of the files themselves (rows sharing them may say otherwise).
      const playlist = store.absolute(row.playlist)
      const durationSeconds = playlistSeconds(await fs.readFile(playlist, 'utf8'))
      const result = await makeScrubThumbnails(playlist, dir.file, { width: row.width, height: row.height, durationSeconds }, { signal })
      await store.publishFolder(work, 'protected', SCRUB.folder)
      const scrub = { track: `${dir.stored}/${SCRUB.track}`, interval: result.interval, count: result.times.length, sheets: result.sheets }
      await query(em, sql`update video set media = jsonb_set(media, '{scrub}', ${JSON.stringify(scrub)}::jsonb) where media->>'master' = ${row.master}`)
      made++
      log(`scrub thumbnails for ${mediaKey}: ${scrub.count} every ${scrub.interval} s on ${scrub.sheets} sheet(s)`)
    } catch (error) {
      await store.clearWork(mediaKey).catch(() => undefined)
      if (signal?.aborted) throw error
      failed++
      // JSON null: tried and failed (the HLS files are damaged or gone), not asked again; a new transcode makes them.
      await query(em, sql`update video set media = jsonb_set(media, '{scrub}', 'null'::jsonb) where media->>'master' = ${row.master}`)
      log(`scrub thumbnails for ${mediaKey} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { made, failed, more: rows.length > limit }
}
