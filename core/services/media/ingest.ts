import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Category, ImageSet, ImageSetModel, Model, Video, VideoModel, emptyVideoMedia } from '../../db/entities/index.js'
import type { LocalizedText } from '../../domain/locale.js'
import { IMAGE_EXTENSIONS, titleFromFileName } from '../../domain/media/media.js'
import type { IngestMeta } from '../../domain/schemas/media.js'
import { addJob, type TaskName } from '../ops/jobs.js'
import type { MediaStore } from './store.js'

/** Task names, named queue and flag of the media pipeline. */
export const MEDIA_TASKS = {
  processVideo: 'media_process_video',
  processImageSet: 'media_process_image_set',
  ingestDrop: 'media_ingest_drop',
  backfillScrub: 'media_backfill_scrub',
  backfillWebp: 'media_backfill_webp',
  backfillTour: 'media_backfill_tour',
} as const satisfies Record<string, TaskName>
/**
 * A named queue runs one job at a time in the whole cluster: image sets (cheap) go through one.
 * Transcodes do not: each worker runs one at a time in a runner of its own (TRANSCODE_TASKS,
 * worker/runner.ts), so several workers transcode at once.
 */
export const MEDIA_QUEUES = { images: 'media-images' } as const
const MEDIA_MAX_ATTEMPTS = 5
/**
 * A video a worker takes from its drop folder is uploaded after its row is written (keepLocalCopy):
 * a worker elsewhere whose job finds no source waits this long from the row's creation.
 */
export const SOURCE_UPLOAD_WAIT_MS = 15 * 60_000
/** The job key of an item's processing job ("media:video:12"): one job per item at a time. */
export const MEDIA_JOB_KEY_PREFIX = { video: 'media:video:', imageSet: 'media:image-set:' } as const

export type IngestKind = 'video' | 'imageSet'

export interface IngestRequest {
  kind: IngestKind
  /** The source: a video file, or a folder of images for an image set. */
  source: string
  meta?: IngestMeta | null
  /** 'move' takes the file out of the drop folder; 'copy' leaves the operator's file alone. */
  mode: 'move' | 'copy'
  /** A media key chosen beforehand (the drop job's, so its retries find their files). */
  mediaKey?: string
  /** Give the source to this existing row instead of creating one (the demo seed). */
  existingId?: number
  /** The name ops gave the source (default: its file name). */
  name?: string
  /**
   * This machine runs a worker: keep the source's local copy (MEDIA_DIR/sources) for the
   * transcode, which then needs no download when it runs here (S3); the worker drops the copy
   * once the item is done (worker/media/source-copies.ts). Otherwise it goes once uploaded.
   * A video's upload then runs after its row and job are written, so a transcode here starts at
   * once, alongside it (a worker elsewhere waits for it); ingestSource returns once it is done.
   */
  keepLocalCopy?: boolean
  /** A metadata file to keep beside the source as meta.json (moved or copied as the source is). */
  metaFile?: string | null
}

export type IngestResult =
  | { status: 'queued'; kind: IngestKind; id: number; mediaKey: string }
  | { status: 'duplicate'; kind: IngestKind; id: number; mediaStatus: string }
  | { status: 'rejected'; reason: string }

const isImageFile = (name: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(path.extname(name).toLowerCase())

/** The image files of an image set folder, in natural name order. */
export async function imageFilesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && isImageFile(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** A set's identity: the hash over its images' names and contents, in order. */
async function sha256ImageFolder(dir: string, files: string[]): Promise<string> {
  const hash = crypto.createHash('sha256')
  for (const name of files) hash.update(`${name}\0${await sha256File(path.join(dir, name))}\n`)
  return hash.digest('hex')
}

/** The video file kept in a source folder (named source.<ext> by the ingest). */
export async function videoSourceFile(store: MediaStore, mediaKey: string): Promise<string | null> {
  const dir = store.sourceDir(mediaKey)
  const names = await fs.readdir(dir).catch(() => [] as string[])
  const name = names.find((n) => n.startsWith('source'))
  return name ? path.join(dir, name) : null
}

/**
 * Registers a source: checks its metadata, hashes it (a file already ingested is never
 * processed again), keeps it in the media store, creates (or updates) its row as pending
 * and queues its processing job in the same transaction.
 */
export async function ingestSource(em: EntityManager, store: MediaStore, request: IngestRequest): Promise<IngestResult> {
  const { kind, source, meta } = request
  const stat = await fs.stat(source).catch(() => null)
  if (!stat) return { status: 'rejected', reason: `${source} does not exist` }
  if (kind === 'video' && !stat.isFile()) return { status: 'rejected', reason: `${source} is not a file` }
  if (kind === 'imageSet' && !stat.isDirectory()) return { status: 'rejected', reason: `${source} is not a folder of images` }

  const refs = await resolveMetaRefs(em, meta)
  if ('error' in refs) return { status: 'rejected', reason: `metadata: ${refs.error}` }

  const images = kind === 'imageSet' ? await imageFilesIn(source) : []
  if (kind === 'imageSet' && images.length === 0) return { status: 'rejected', reason: `${source} holds no images (${IMAGE_EXTENSIONS.join(', ')})` }
  const sha256 = kind === 'video' ? await sha256File(source) : await sha256ImageFolder(source, images)
  const duplicate = await findBySha(em, kind, sha256)
  if (duplicate && duplicate.id !== request.existingId) return { status: 'duplicate', kind, ...duplicate }

  const existing = request.existingId ? await findItem(em, kind, { id: request.existingId }) : null
  if (request.existingId && !existing) return { status: 'rejected', reason: `${kind} ${request.existingId} does not exist` }
  const mediaKey = existing?.mediaKey ?? request.mediaKey ?? crypto.randomUUID()
  const sourceName = request.name ?? path.basename(source)

  const target = store.sourceDir(mediaKey)
  await fs.mkdir(target, { recursive: true })
  // First: an image set's meta.json may lie inside the folder that a move removes.
  if (request.metaFile) await place(request.metaFile, path.join(target, 'meta.json'), request.mode)
  if (kind === 'video') {
    const ext = path
      .extname(sourceName)
      .toLowerCase()
      .replace(/[^a-z0-9.]/g, '')
      .slice(0, 12)
    await place(source, path.join(target, `source${ext}`), request.mode)
  } else {
    for (const name of images) await place(path.join(source, name), path.join(target, name), request.mode)
    if (request.mode === 'move' && path.resolve(source) !== path.resolve(target)) await fs.rm(source, { recursive: true, force: true })
  }
  const keepAfterCommit = kind === 'video' && request.keepLocalCopy === true
  if (!keepAfterCommit) await store.keepSource(mediaKey)

  let id: number
  try {
    id = await em.transactional(async (tx) => {
      const row = existing ? tx.merge(existing) : createRow(tx, kind, mediaKey, sourceName, meta)
      row.sourceSha256 = sha256
      row.sourceName = sourceName
      row.mediaStatus = 'pending'
      row.mediaError = null
      row.mediaProgress = 0
      if (!existing) applyRefs(tx, row, refs)
      await tx.flush()
      await queueProcessing(tx, kind, row.id)
      return row.id
    })
  } catch (error) {
    // Another ingest of the same bytes won the race: that one is the item.
    if (error instanceof UniqueConstraintViolationException) {
      const winner = await findBySha(em.fork(), kind, sha256)
      if (winner) return { status: 'duplicate', kind, ...winner }
    }
    // A source moved under a key chosen beforehand stays in its folder, where a retry of the drop finds it.
    if (!existing && !(request.mode === 'move' && request.mediaKey)) await fs.rm(target, { recursive: true, force: true })
    throw error
  }
  // The row is written: a failure from here on leaves the source here (the drop job's retry uploads it again).
  if (keepAfterCommit) await store.keepSource(mediaKey)
  // Kept in the store now (S3: uploaded); a worker fetches it from there.
  else if (!request.keepLocalCopy) await store.releaseSource(mediaKey)
  return { status: 'queued', kind, id, mediaKey }
}

/** Queues (again) the processing of an item: after a fix, or to re-make its media. */
export async function queueProcessing(em: EntityManager, kind: IngestKind, id: number): Promise<void> {
  if (kind === 'video') {
    await addJob(em, MEDIA_TASKS.processVideo, { id }, { jobKey: `${MEDIA_JOB_KEY_PREFIX.video}${id}`, maxAttempts: MEDIA_MAX_ATTEMPTS })
  } else {
    await addJob(
      em,
      MEDIA_TASKS.processImageSet,
      { id },
      { queueName: MEDIA_QUEUES.images, jobKey: `${MEDIA_JOB_KEY_PREFIX.imageSet}${id}`, maxAttempts: MEDIA_MAX_ATTEMPTS },
    )
  }
}

/** Ops' retry of a failed item: back to pending, and queued once more. */
export async function retryItem(em: EntityManager, kind: IngestKind, id: number): Promise<boolean> {
  return em.transactional(async (tx) => {
    const row = await findItem(tx, kind, { id })
    if (!row) return false
    row.mediaStatus = 'pending'
    row.mediaError = null
    row.mediaProgress = 0
    await tx.flush()
    await queueProcessing(tx, kind, id)
    return true
  })
}

async function place(from: string, to: string, mode: 'move' | 'copy'): Promise<void> {
  if (path.resolve(from) === path.resolve(to)) return
  if (mode === 'copy') return fs.copyFile(from, to)
  try {
    await fs.rename(from, to)
  } catch (error) {
    // Another file system (the drop folder on its own mount): copy, then remove.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await fs.copyFile(from, to)
    await fs.rm(from, { force: true })
  }
}

/** A video or image set by id, source hash or media key. */
export function findItem(
  em: EntityManager,
  kind: IngestKind,
  where: { id?: number; sourceSha256?: string; mediaKey?: string },
): Promise<Video | ImageSet | null> {
  return kind === 'video' ? em.findOne(Video, where) : em.findOne(ImageSet, where)
}

async function findBySha(em: EntityManager, kind: IngestKind, sha256: string) {
  const row = await findItem(em, kind, { sourceSha256: sha256 })
  return row ? { id: row.id, mediaStatus: row.mediaStatus } : null
}

const localized = (text: IngestMeta['title']): LocalizedText | undefined => (typeof text === 'string' ? { en: text } : text)

function createRow(em: EntityManager, kind: IngestKind, mediaKey: string, sourceName: string, meta: IngestMeta | null | undefined) {
  const common = {
    title: localized(meta?.title) ?? { en: titleFromFileName(sourceName) },
    description: localized(meta?.description) ?? {},
    publishAt: meta?.publish_at ? new Date(meta.publish_at) : null,
    downloadable: meta?.downloadable ?? true,
    mediaKey,
    mediaStatus: 'pending' as const,
  }
  return kind === 'video'
    ? em.create(Video, { ...common, media: emptyVideoMedia() })
    : em.create(ImageSet, { ...common, media: { previews: [], archive: null } })
}

interface MetaRefs {
  models: Model[]
  category: Category | null
}

/** Finds the models (by id or first name) and the category (by id or slug) the metadata names. */
async function resolveMetaRefs(em: EntityManager, meta: IngestMeta | null | undefined): Promise<MetaRefs | { error: string }> {
  const models: Model[] = []
  for (const ref of meta?.models ?? []) {
    const found = await em.find(Model, typeof ref === 'number' ? { id: ref } : { firstName: { $ilike: ref.replace(/[\\%_]/g, '\\$&') } }, { limit: 2 })
    if (found.length === 0) return { error: `unknown model ${JSON.stringify(ref)}` }
    if (found.length > 1) return { error: `model name ${JSON.stringify(ref)} matches several models; use the id` }
    if (!models.includes(found[0]!)) models.push(found[0]!)
  }
  let category: Category | null = null
  if (meta?.category != null) {
    category = await em.findOne(Category, typeof meta.category === 'number' ? { id: meta.category } : { slug: meta.category })
    if (!category) return { error: `unknown category ${JSON.stringify(meta.category)}` }
  }
  return { models, category }
}

function applyRefs(em: EntityManager, row: Video | ImageSet, refs: MetaRefs): void {
  row.category = refs.category
  row.featuredModel = refs.models[0] ?? null
  refs.models.forEach((model, position) => {
    if (row instanceof Video) em.create(VideoModel, { video: row, model, position })
    else em.create(ImageSetModel, { imageSet: row, model, position })
  })
}
