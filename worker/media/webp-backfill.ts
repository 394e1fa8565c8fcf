import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ImageRef } from '../../core/db/entities/types.js'
import type { Orm } from '../../core/db/orm.js'
import { query, raw, sql } from '../../core/db/sql.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { notifyCatalogChanged } from '../../core/services/catalog/release.js'
import { encodeWebp, webpPathOf } from '../../core/ffmpeg/pictures.js'

/**
 * Every JSON column that holds pictures (ImageRef, alone, in lists or inside a media object).
 * Each public one (a path under `public/`) has a WebP beside it once the worker made it.
 */
const PICTURE_COLUMNS = [
  { table: 'video', column: 'media' },
  { table: 'image_set', column: 'media' },
  { table: 'image', column: 'media' },
  { table: 'performer', column: 'avatar' },
  { table: 'performer', column: 'preview' },
  { table: 'performer', column: 'preview_thumbnail' },
  { table: 'category', column: 'logo' },
  { table: 'category', column: 'preview' },
  { table: 'banner', column: 'image' },
] as const

/** A public picture without a WebP (not even a failed attempt: `webp: null`). Passed as values: jsonpath filters hold `?`. */
const WITHOUT_WEBP = '$.** ? (@.path starts with "public/" && !exists(@.webp))'
/** One of the pictures named in `$paths`, without a WebP. */
const NAMED_WITHOUT_WEBP = '$.** ? (!exists(@.webp) && @.path == $paths[*])'

const isImageRef = (value: unknown): value is ImageRef =>
  typeof value === 'object' && value !== null && typeof (value as ImageRef).path === 'string' && typeof (value as ImageRef).width === 'number'

/** A column's JSON with `webp` set on every picture `made` names (a WebP path, or null: tried and failed). */
function withWebp(value: unknown, made: ReadonlyMap<string, string | null>): unknown {
  if (Array.isArray(value)) return value.map((item) => withWebp(item, made))
  if (isImageRef(value) && made.has(value.path) && value.webp === undefined) return { ...value, webp: made.get(value.path) }
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withWebp(item, made)]))
  return value
}

export interface WebpBackfillResult {
  /** WebP files made. */
  made: number
  /** Pictures that could not be read or converted (marked `webp: null`, not tried again). */
  failed: number
  /** More are waiting after this batch. */
  more: boolean
}

/**
 * WebP copies of public pictures made before the worker wrote them: for up to `limit` stored
 * JPEGs that some row names without a `webp` (posters, still thumbnails, image thumbnails and
 * set previews, model, category and banner pictures), the JPEG is read from the store (local
 * disk or bucket), written as WebP beside it (same name, `.webp`), and every row naming it
 * gets `webp` set (the demo's rows share files). A row is only written if it has not changed
 * since it was read: a video processed again meanwhile keeps its new media (and its own WebPs).
 * Idempotent: a picture with a WebP, or marked as failed, is never read again.
 */
export async function backfillWebp(
  orm: Orm,
  store: MediaStore,
  { limit = 50, signal, log = () => undefined }: { limit?: number; signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<WebpBackfillResult> {
  const em = orm.em.fork()
  const paths = await picturesWithoutWebp(em, limit + 1)
  const made = new Map<string, string | null>()
  let failed = 0
  const work = await store.freshWorkDir('webp-backfill')
  await fs.mkdir(work.file('public').file, { recursive: true })
  try {
    for (const [index, stored] of paths.slice(0, limit).entries()) {
      signal?.throwIfAborted()
      const jpeg = work.file('public', `${index}.jpg`).file
      const webp = work.file('public', `${index}.webp`).file
      const target = webpPathOf(stored)
      try {
        // A WebP already there (the pipeline made the item again meanwhile) is kept.
        if (!(await store.stat(target))) {
          await pipeline(await store.openRead(stored), createWriteStream(jpeg))
          await encodeWebp(jpeg, webp, { signal })
          await store.placeFile(target, webp)
        }
        made.set(stored, target)
      } catch (error) {
        if (signal?.aborted) throw error
        failed++
        made.set(stored, null)
        log(`WebP of ${stored} failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    await store.clearWork('webp-backfill')
  }
  await recordWebp(em, made)
  // Cached lists and pages offer the WebPs from now on.
  if (made.size > 0) await notifyCatalogChanged(em, 'webp')
  if (made.size > failed) log(`WebP copies of ${made.size - failed} public pictures made`)
  return { made: made.size - failed, failed, more: paths.length > limit }
}

/** Up to `limit` stored public pictures that some row names without a WebP, in a stable order. */
async function picturesWithoutWebp(em: EntityManager, limit: number): Promise<string[]> {
  const found = new Set<string>()
  for (const { table, column } of PICTURE_COLUMNS) {
    if (found.size >= limit) break
    const [tbl, col] = [raw(`"${table}"`), raw(`"${column}"`)]
    const rows = await query<{ path: string }>(
      em,
      sql`select distinct path from (
            select jsonb_path_query(${col}, ${`${WITHOUT_WEBP}.path`}::jsonpath) #>> '{}' as path
              from ${tbl}
             where jsonb_path_exists(${col}, ${WITHOUT_WEBP}::jsonpath)
          ) pictures
          order by path
          limit ${limit - found.size}`,
    )
    for (const row of rows) found.add(row.path)
  }
  return [...found]
}

/** Sets `webp` on every row naming one of the pictures, each only if unchanged since it was read. */
async function recordWebp(em: EntityManager, made: ReadonlyMap<string, string | null>): Promise<void> {
  if (made.size === 0) return
  const vars = JSON.stringify({ paths: [...made.keys()] })
  for (const { table, column } of PICTURE_COLUMNS) {
    const [tbl, col] = [raw(`"${table}"`), raw(`"${column}"`)]
    // Rows with the same JSON (the demo's, sharing files) are read and written as one.
    const groups = await query<{ ids: number[]; value: unknown }>(
      em,
      sql`select array_agg(id) as ids, ${col} as value from ${tbl}
           where jsonb_path_exists(${col}, ${NAMED_WITHOUT_WEBP}::jsonpath, ${vars}::jsonb)
           group by ${col}`,
    )
    for (const group of groups) {
      const value = JSON.stringify(withWebp(group.value, made))
      await query(
        em,
        sql`update ${tbl} set ${col} = ${value}::jsonb where id = any(${`{${group.ids.join(',')}}`}::int[]) and ${col} = ${JSON.stringify(group.value)}::jsonb`,
      )
    }
  }
}
