import fs from 'node:fs/promises'
import path from 'node:path'
import type { Orm } from '../../core/db/orm.js'
import { Image, ImageSet, type ImageMedia, type ImageRef } from '../../core/db/entities/index.js'
import type { LocalizedText } from '../../core/domain/locale.js'
import { IMAGE_PREVIEW_COUNT, IMAGE_SIZES, fitWithin } from '../../core/domain/media/media.js'
import { imageFilesIn } from '../../core/services/media/ingest.js'
import type { MediaStore, WorkDir } from '../../core/services/media/store.js'
import { releaseDueItems } from '../../core/services/catalog/release.js'
import { renderPicture, type PictureTarget } from '../../core/ffmpeg/pictures.js'
import { UnreadableMediaError, probe } from '../../core/ffmpeg/probe.js'
import { JobCancelled } from './cancel-watch.js'
import { MediaRejected, markProcessing, settleFailure, type Outcome } from './outcome.js'
import { ProgressReporter } from './progress.js'
import { settleStore, type PipelineOptions } from './video-pipeline.js'
import { writeWhenDatabaseAnswers } from '../settle-outcome.js'

/** Which of `count` images make the preview collage: spread evenly over the set. */
export function previewIndexes(count: number, wanted = IMAGE_PREVIEW_COUNT): number[] {
  if (count <= wanted) return Array.from({ length: count }, (_, i) => i)
  return Array.from({ length: wanted }, (_, k) => Math.round((k * (count - 1)) / (wanted - 1)))
}

/**
 * Makes an image set's pictures from its source images: the originals kept (members
 * only), web renditions (members only, for the lightbox), public thumbnails for the grid,
 * and the preview collage pictures; then one Image row per picture and images_count.
 */
export async function processImageSet(orm: Orm, store: MediaStore, id: number, options: PipelineOptions): Promise<Outcome> {
  const em = orm.em.fork()
  const set = await em.findOne(ImageSet, id)
  if (!set || set.mediaStatus === 'ready') return 'skipped'
  if (!(await markProcessing(em, 'image_set', id, options.attempt.number > 1 ? `attempt ${options.attempt.number} of ${options.attempt.max}` : null)))
    return 'skipped'
  let work: WorkDir | null = null
  try {
    const dir = await store.fetchSource(set.mediaKey)
    const files = await imageFilesIn(dir).catch(() => [] as string[])
    if (files.length === 0) throw new MediaRejected('the set holds no images')
    work = await store.freshWorkDir(set.mediaKey, set.media.previews[0]?.path)
    const progress = new ProgressReporter(em, 'image_set', id)
    const previewAt = new Set(previewIndexes(files.length))
    const images: ImageMedia[] = []
    const previews: ImageRef[] = []
    for (const [index, name] of files.entries()) {
      const rendered = await renderImage(path.join(dir, name), name, index, work, previewAt.has(index), options.signal)
      images.push(rendered.media)
      if (rendered.preview) previews.push(rendered.preview)
      progress.report((index + 1) / files.length)
    }
    await progress.flush()
    options.signal?.throwIfAborted()
    await store.publish(work)

    // The result is written even when PostgreSQL restarts at this moment: the work is done.
    const waitLog = options.log ?? (() => undefined)
    const writeResult = () =>
      em.transactional(async (tx) => {
        const row = await tx.findOneOrFail(ImageSet, id, { refresh: true })
        // Cancelled in the console a moment ago: the item keeps the console's state.
        if (row.mediaStatus !== 'processing') throw new JobCancelled()
        await tx.nativeDelete(Image, { imageSet: id })
        images.forEach((media, index) => tx.create(Image, { imageSet: row, position: index + 1, alt: numbered(row.title, index + 1), media }))
        row.media = { previews, archive: null }
        row.imagesCount = images.length
        row.mediaStatus = 'ready'
        row.mediaError = null
        row.mediaProgress = 1
      })
    await writeWhenDatabaseAnswers(orm, writeResult, options.signal, waitLog)
    await settleStore(store, work, waitLog)
    const released = await writeWhenDatabaseAnswers(orm, () => releaseDueItems(em, new Date()), options.signal, waitLog)
    options.observer?.released(released)
    options.log?.(`image set ${id}: ready (${images.length} images)`)
    return 'ready'
  } catch (error) {
    if (work) await store.discard(work).catch(() => undefined)
    return settleFailure(em, 'image_set', id, error, options.attempt, options.signal)
  }
}

async function renderImage(file: string, name: string, index: number, work: WorkDir, asPreview: boolean, signal?: AbortSignal) {
  const info = await probe(file).catch((error: unknown) => {
    throw new MediaRejected(`image "${name}": ${error instanceof UnreadableMediaError ? error.message : 'cannot be read'}`)
  })
  if (!info.hasVideo || !(info.width > 0 && info.height > 0)) throw new MediaRejected(`image "${name}" is not a picture`)
  const base = String(index + 1).padStart(3, '0')
  const original = work.file('protected', 'originals', `${base}${path.extname(name).toLowerCase()}`)
  await fs.mkdir(path.dirname(original.file), { recursive: true })
  await fs.copyFile(file, original.file)
  const targets: PictureTarget[] = [
    { ...work.file('protected', 'web', `${base}.jpg`), ...fitWithin(info.width, info.height, IMAGE_SIZES.web) },
    { ...work.file('public', 'thumbs', `${base}.jpg`), ...fitWithin(info.width, info.height, IMAGE_SIZES.thumb) },
    // The preview collage is what the public tour shows of a set: blurred there (tour rendition).
    ...(asPreview ? [{ ...work.file('public', 'previews', `${base}.jpg`), ...fitWithin(info.width, info.height, IMAGE_SIZES.preview), tour: true }] : []),
  ]
  const [web, thumb, preview] = await renderPicture(file, targets, { signal })
  return {
    media: { original: { path: original.stored, width: info.width, height: info.height }, web: web!, thumb: thumb! } satisfies ImageMedia,
    preview: preview ?? null,
  }
}

function numbered(title: LocalizedText, n: number): LocalizedText {
  return Object.fromEntries(Object.entries(title).map(([locale, text]) => [locale, `${text} (${n})`]))
}
