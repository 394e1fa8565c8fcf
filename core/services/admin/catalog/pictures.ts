/**
 * Pictures uploaded in the console: checked (the type its bytes show, a size ffprobe decodes,
 * not too small, not absurdly large), then rendered by ffmpeg into the JPEG sizes the site
 * shows (domain/pictures.ts) under `public/pictures/<key>/` of the media store. The upload
 * changes nothing else: an editor's audited save then points its row at the key
 * (`pictureRefs`), so an upload never saved leaves only unused files.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import type { ImageRef } from '../../../db/entities/types.js'
import { AppError } from '../../../domain/errors.js'
import {
  PICTURE_KEY,
  PICTURE_MIN_SIDE,
  PICTURE_USES,
  pictureSizeProblem,
  picturePath,
  sniffPictureType,
  type PictureUse,
} from '../../../domain/media/pictures.js'
import type { MediaStore } from '../../media/store.js'
import { probePicture, renderPicture, webpPathOf } from '../../../ffmpeg/pictures.js'
import { tourPathOf } from '../../../domain/media/tour.js'
import { publicMediaUrl } from '../../media/public-urls.js'

type Renditions<U extends PictureUse> = Record<keyof (typeof PICTURE_USES)[U], ImageRef>

const newKey = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(crypto.randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('')
}

async function head(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r')
  try {
    const buffer = Buffer.alloc(16)
    const { bytesRead } = await handle.read(buffer, 0, 16, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Checks the received file and stores its renditions; a file that is no usable picture is an AppError (400). */
export async function storeUploadedPicture(
  store: MediaStore,
  file: string,
  use: PictureUse,
): Promise<{ key: string; url: string; width: number; height: number }> {
  if (!sniffPictureType(await head(file))) throw new AppError('BAD_REQUEST', 'pictureType')
  const probed = await probePicture(file)
  if (!probed) throw new AppError('BAD_REQUEST', 'pictureUnreadable')
  const sizeProblem = pictureSizeProblem(probed.width, probed.height)
  if (sizeProblem) throw new AppError('BAD_REQUEST', sizeProblem, { min: PICTURE_MIN_SIDE })

  const key = newKey()
  const renditions = Object.entries(PICTURE_USES[use]) as Array<[string, readonly [number, number]]>
  // Each is shown by the public tour too, blurred there (its tour rendition).
  const targets = renditions.map(([name, [width, height]]) => ({
    file: store.absolute(picturePath(key, name)),
    stored: picturePath(key, name),
    width,
    height,
    crop: true,
    tour: true,
  }))
  try {
    await renderPicture(file, targets)
  } catch {
    await fs.rm(store.absolute(`public/pictures/${key}`), { recursive: true, force: true })
    throw new AppError('BAD_REQUEST', 'pictureUnreadable')
  }
  // The local disk holds them already; a bucket receives them now.
  await store.keepLocal(`public/pictures/${key}`)
  const [first] = targets
  return { key, url: publicMediaUrl(first!.stored)!, width: first!.width, height: first!.height }
}

/** The stored renditions of an uploaded picture, for an editor's save; a key that was never uploaded is refused. */
export async function pictureRefs<U extends PictureUse>(store: MediaStore, use: U, key: string, field: string): Promise<Renditions<U>> {
  if (!PICTURE_KEY.test(key)) throw new AppError('BAD_REQUEST', 'pictureMissing', undefined, field)
  const entries = await Promise.all(
    (Object.entries(PICTURE_USES[use]) as Array<[string, readonly [number, number]]>).map(async ([name, [width, height]]) => {
      const path = picturePath(key, name)
      if (!(await store.stat(path))) throw new AppError('BAD_REQUEST', 'pictureMissing', undefined, field)
      // The upload made its WebP and tour rendition beside it (the backfills make them for older uploads).
      const [webp, tour] = await Promise.all([store.stat(webpPathOf(path)), store.stat(tourPathOf(path))])
      return [name, { path, width, height, ...(webp ? { webp: webpPathOf(path) } : {}), ...(tour ? { tour: tourPathOf(path) } : {}) }] as const
    }),
  )
  return Object.fromEntries(entries) as Renditions<U>
}

/** A stored picture's public address, for the editors' previews (of several widths, the widest). */
export function pictureUrl(ref: ImageRef | ImageRef[] | null | undefined): string | null {
  const widest = Array.isArray(ref) ? ref.reduce<ImageRef | undefined>((best, one) => (!best || one.width > best.width ? one : best), undefined) : ref
  return widest ? publicMediaUrl(widest.path) : null
}
