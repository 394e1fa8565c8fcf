import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ImageRef } from '../../core/db/entities/types.js'
import type { Orm } from '../../core/db/orm.js'
import { query, raw, sql } from '../../core/db/sql.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { notifyCatalogChanged } from '../../core/services/catalog/release.js'
import { encodeTour, webpPathOf } from '../../core/ffmpeg/pictures.js'
import { tourPathOf } from '../../core/domain/media/tour.js'

/**
 * The pictures the public tour shows, by where they are stored (a jsonpath into the column; lax
 * mode, so `[*]` takes a lone picture and a list alike): each gets a tour rendition. Stills and
 * image thumbnails are not shown in the tour, so they get none.
 */
const TOUR_PICTURES = [
  { table: 'video', column: 'media', at: '$.poster[*]' },
  { table: 'image_set', column: 'media', at: '$.previews[*]' },
  { table: 'performer', column: 'avatar', at: '$[*]' },
  { table: 'performer', column: 'preview', at: '$[*]' },
  { table: 'performer', column: 'preview_thumbnail', at: '$[*]' },
  { table: 'category', column: 'logo', at: '$[*]' },
  { table: 'category', column: 'preview', at: '$[*]' },
  { table: 'banner', column: 'image', at: '$[*]' },
] as const

/** A public picture at `at` without a tour rendition (not even a failed attempt: `tour: null`). Passed as values: jsonpath filters hold `?`. */
const withoutTour = (at: string) => `${at} ? (@.path starts with "public/" && !exists(@.tour))`
/** One of the pictures at `at` named in `$paths`, without a tour rendition. */
const namedWithoutTour = (at: string) => `${at} ? (!exists(@.tour) && @.path == $paths[*])`

const isImageRef = (value: unknown): value is ImageRef =>
  typeof value === 'object' && value !== null && typeof (value as ImageRef).path === 'string' && typeof (value as ImageRef).width === 'number'

/**
 * A column's JSON with `tour` set on every picture `made` names (a tour path, or null: tried and
 * failed), wherever it sits: the jsonpath chose the rows, and a picture named there is a tour
 * picture wherever else the same row names it.
 */
function withTour(value: unknown, made: ReadonlyMap<string, string | null>): unknown {
  if (Array.isArray(value)) return value.map((item) => withTour(item, made))
  if (isImageRef(value) && made.has(value.path) && value.tour === undefined) return { ...value, tour: made.get(value.path) }
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withTour(item, made)]))
  return value
}

export interface TourBackfillResult {
  /** Tour renditions made (each a JPEG and a WebP). */
  made: number
  /** Pictures that could not be read or blurred (marked `tour: null`, not tried again). */
  failed: number
  /** More are waiting after this batch. */
  more: boolean
}

/**
 * Tour renditions of the pictures the tour shows, for those made before the pipeline wrote them:
 * for up to `limit` stored public JPEGs that some row names (at a TOUR_PICTURES place) without a
 * `tour`, the JPEG is read from the store (local disk or bucket), blurred at its own size into a
 * JPEG and a WebP beside it (`poster-640.tour.jpg`, `.tour.webp`), and every row naming it gets
 * `tour` set (the demo's rows share files). A row is only written if it has not changed since it
 * was read. Idempotent: a picture with a tour rendition, or marked as failed, is never read again.
 * Until a picture has one, the tour shows the item without it (a placeholder), never the original.
 */
export async function backfillTour(
  orm: Orm,
  store: MediaStore,
  { limit = 50, signal, log = () => undefined }: { limit?: number; signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<TourBackfillResult> {
  const em = orm.em.fork()
  const pictures = await picturesWithoutTour(em, limit + 1)
  const made = new Map<string, string | null>()
  let failed = 0
  const work = await store.freshWorkDir('tour-backfill')
  await fs.mkdir(work.file('public').file, { recursive: true })
  try {
    for (const [index, picture] of pictures.slice(0, limit).entries()) {
      signal?.throwIfAborted()
      const jpeg = work.file('public', `${index}.jpg`).file
      const blurred = work.file('public', `${index}.tour.jpg`).file
      const target = tourPathOf(picture.path)
      try {
        // A tour rendition already there (the pipeline made the item again meanwhile) is kept.
        if (!(await store.stat(target)) || !(await store.stat(webpPathOf(target)))) {
          await pipeline(await store.openRead(picture.path), createWriteStream(jpeg))
          await encodeTour(jpeg, blurred, picture, { signal })
          // The WebP first: a JPEG found by the check above means both are there.
          await store.placeFile(webpPathOf(target), webpPathOf(blurred))
          await store.placeFile(target, blurred)
        }
        made.set(picture.path, target)
      } catch (error) {
        if (signal?.aborted) throw error
        failed++
        made.set(picture.path, null)
        log(`tour picture of ${picture.path} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    await store.clearWork('tour-backfill')
  }
  await recordTour(em, made)
  // Cached tour lists and pages show the blurred pictures from now on.
  if (made.size > 0) await notifyCatalogChanged(em, 'tour')
  if (made.size > failed) log(`tour pictures of ${made.size - failed} public pictures made`)
  return { made: made.size - failed, failed, more: pictures.length > limit }
}

/** Up to `limit` stored public pictures that some row names at a tour place without a tour rendition, in a stable order. */
async function picturesWithoutTour(em: EntityManager, limit: number): Promise<Array<{ path: string; width: number; height: number }>> {
  const found = new Map<string, { path: string; width: number; height: number }>()
  for (const { table, column, at } of TOUR_PICTURES) {
    if (found.size >= limit) break
    const [tbl, col] = [raw(`"${table}"`), raw(`"${column}"`)]
    const rows = await query<{ path: string; width: number; height: number }>(
      em,
      sql`select distinct on (path) path, width, height from (
            select picture->>'path' as path, (picture->>'width')::int as width, (picture->>'height')::int as height
              from (select jsonb_path_query(${col}, ${withoutTour(at)}::jsonpath) as picture
                      from ${tbl}
                     where jsonb_path_exists(${col}, ${withoutTour(at)}::jsonpath)) named
          ) pictures
          where width > 0 and height > 0
          order by path
          limit ${limit - found.size}`,
    )
    for (const row of rows) if (!found.has(row.path)) found.set(row.path, row)
  }
  return [...found.values()]
}

/** Sets `tour` on every row naming one of the pictures at a tour place, each only if unchanged since it was read. */
async function recordTour(em: EntityManager, made: ReadonlyMap<string, string | null>): Promise<void> {
  if (made.size === 0) return
  const vars = JSON.stringify({ paths: [...made.keys()] })
  for (const { table, column, at } of TOUR_PICTURES) {
    const [tbl, col] = [raw(`"${table}"`), raw(`"${column}"`)]
    // Rows with the same JSON (the demo's, sharing files) are read and written as one.
    const groups = await query<{ ids: number[]; value: unknown }>(
      em,
      sql`select array_agg(id) as ids, ${col} as value from ${tbl}
           where jsonb_path_exists(${col}, ${namedWithoutTour(at)}::jsonpath, ${vars}::jsonb)
           group by ${col}`,
    )
    for (const group of groups) {
      const value = JSON.stringify(withTour(group.value, made))
      await query(
        em,
        sql`update ${tbl} set ${col} = ${value}::jsonb where id = any(${`{${group.ids.join(',')}}`}::int[]) and ${col} = ${JSON.stringify(group.value)}::jsonb`,
      )
    }
  }
}
