/**
 * Downloads (spec sections 4, 7, 8): a video's MP4 or an image set's originals as a zip,
 * for members whose plan includes downloads, counted per user and day against the plan's
 * limit in ONE conditional upsert, so parallel requests can never pass the limit.
 */
import type { Readable } from 'node:stream'
import type { EntityManager } from '@mikro-orm/postgresql'
import yazl from 'yazl'
import {
  compactAttachmentHeader,
  downloadAllowance,
  downloadDay,
  downloadFileName,
  videoDownloadPending,
  type DownloadRefusal,
} from '../../domain/playback/downloads.js'
import type { MediaStatus } from '../../domain/catalog/publish.js'
import type { Resolution } from '../../domain/media/resolutions.js'
import { localize, type Locale } from '../../domain/locale.js'
import type { ImageMedia, LocalizedText } from '../../db/entities/types.js'
import { query, raw, sql } from '../../db/sql.js'
import type { MediaStore } from '../media/store.js'
import { membershipFrom } from '../billing/membership.js'
import type { CurrentUser } from '../auth/sessions.js'
import { released } from './released.js'

/** The downloading user as the request has it: role and current plan, read with the session. */
type DownloadingUser = Pick<CurrentUser, 'id' | 'role' | 'plan' | 'activePlanUntil'>

export type DownloadKind = 'video' | 'imageSet'

export class DownloadRefused extends Error {
  override name = 'DownloadRefused'
  constructor(readonly reason: DownloadRefusal | 'notFound') {
    super(reason)
  }
}

/**
 * Counts one download for the user today if the count is under `limit`; false when the limit
 * is reached. The insert or the guarded update is one statement: PostgreSQL locks the row and
 * re-checks `count < limit` on its newest version, so N parallel calls at a limit of L succeed
 * exactly min(N, L) times.
 */
async function takeDownload(em: EntityManager, userId: number, limit: number, now: Date): Promise<boolean> {
  if (limit <= 0) return false
  const rows = await em.getConnection().execute<Array<{ count: number }>>(
    `insert into download_counter (user_id, day, count) values (?, ?, 1)
     on conflict (user_id, day) do update set count = download_counter.count + 1
       where download_counter.count < ?
     returning count`,
    [userId, downloadDay(now), limit],
  )
  return rows.length === 1
}

/** A file ready to be sent: opened before the download is counted. */
export interface PreparedDownload {
  fileName: string
  contentType: string
  size: number
  /** Starts the bytes; call once, after counting. */
  open(): Readable | Promise<Readable>
  /**
   * Where the browser fetches the file itself (a presigned URL of the bucket, with the
   * attachment's Content-Disposition), valid until `expiresAt`; null: send `open()`'s bytes.
   */
  location(expiresAt: number, now: Date): Promise<string | null>
  /** Releases what was opened when the download is not sent. */
  discard(): Promise<void>
}

interface ItemRow {
  id: number
  title: LocalizedText
  downloadable: boolean
  media: { download?: string | null } | null
  media_status: MediaStatus
  /** Videos only: the published and the coming rungs. */
  resolutions?: Resolution[]
  pending_resolutions?: Resolution[]
}

/** A released item of the kind, or notFound. */
async function releasedItem(em: EntityManager, kind: DownloadKind, id: number): Promise<ItemRow> {
  const table = raw(kind === 'video' ? 'video' : 'image_set')
  const ladder = raw(kind === 'video' ? ', resolutions, pending_resolutions' : '')
  const rows = await query<ItemRow>(
    em,
    sql`select id, title, downloadable, media, media_status${ladder} from ${table} t where t.id = ${id} and ${raw(released('t'))}`,
  )
  if (!rows[0]) throw new DownloadRefused('notFound')
  return rows[0]
}

async function prepareVideo(store: MediaStore, item: ItemRow, locale: Locale): Promise<PreparedDownload> {
  const pending = videoDownloadPending({ mediaStatus: item.media_status, resolutions: item.resolutions, pendingResolutions: item.pending_resolutions })
  if (pending) throw new DownloadRefused(pending)
  const stored = item.media?.download
  if (!stored) throw new DownloadRefused('unavailable')
  const stat = await store.stat(stored)
  if (!stat) throw new DownloadRefused('unavailable')
  const fileName = downloadFileName(localize(item.title, locale), 'mp4', `video-${item.id}`)
  return {
    fileName,
    contentType: 'video/mp4',
    size: stat.size,
    open: () => store.openRead(stored),
    location: (expiresAt, now) => store.directUrl(stored, expiresAt, now, compactAttachmentHeader(fileName)),
    discard: async () => undefined,
  }
}

async function prepareImageSet(em: EntityManager, store: MediaStore, item: ItemRow, locale: Locale): Promise<PreparedDownload> {
  const images = await query<{ position: number; media: ImageMedia }>(
    em,
    sql`select position, media from image where image_set_id = ${item.id} order by position, id`,
  )
  if (!images.length) throw new DownloadRefused('unavailable')
  const title = localize(item.title, locale)
  const folder = downloadFileName(title, 'zip', `image-set-${item.id}`).slice(0, -'.zip'.length)
  const files = await Promise.all(
    images.map(async (image) => {
      const stored = image.media.original.path
      const stat = await store.stat(stored)
      if (!stat) throw new DownloadRefused('unavailable')
      const extension = stored.slice(stored.lastIndexOf('.'))
      return { stored, size: stat.size, mtime: stat.mtime, name: `${folder}/${String(image.position).padStart(3, '0')}${extension}` }
    }),
  )
  // Stored, not deflated: the pictures are compressed already, and the size is known up front.
  const zip = new yazl.ZipFile()
  for (const entry of files) {
    // Each original is opened when the zip reaches it (a file, or a GET on the bucket).
    zip.addReadStreamLazy(
      entry.name,
      { size: entry.size, compress: false, mtime: entry.mtime },
      (cb) =>
        void store.openRead(entry.stored).then(
          (stream) => cb(null, stream),
          (error: Error) => cb(error, null as unknown as Readable),
        ),
    )
  }
  let size = -1
  zip.end(undefined, ((total: number) => {
    size = total
  }) as unknown as () => void)
  if (size < 0) throw new Error('the zip size is not known in advance')
  return {
    fileName: `${folder}.zip`,
    contentType: 'application/zip',
    size,
    open: () => zip.outputStream as Readable,
    location: async () => null,
    discard: async () => undefined,
  }
}

/**
 * Decides and counts one download for the signed-in user (null: a visitor) and opens the file:
 * not found; notMember; noDownloads; unavailable (not downloadable, or the files are missing);
 * preparing (a video that plays while its higher rungs, and so its file, are still being made);
 * limitReached. Only a download that will be sent is counted.
 */
export async function startDownload(
  em: EntityManager,
  store: MediaStore,
  user: DownloadingUser | null,
  kind: DownloadKind,
  id: number,
  locale: Locale,
  now: Date,
): Promise<PreparedDownload> {
  const item = await releasedItem(em, kind, id)
  const allowance = downloadAllowance(user && membershipFrom(user.role, { plan: user.plan, paidUntil: user.activePlanUntil }, now))
  if ('refusal' in allowance) throw new DownloadRefused(allowance.refusal)
  if (!item.downloadable) throw new DownloadRefused('unavailable')
  const prepared = kind === 'video' ? await prepareVideo(store, item, locale) : await prepareImageSet(em, store, item, locale)
  const counted = await takeDownload(em, user!.id, allowance.limit, now).catch(async (error: unknown) => {
    await prepared.discard()
    throw error
  })
  if (!counted) {
    await prepared.discard()
    throw new DownloadRefused('limitReached')
  }
  return prepared
}
