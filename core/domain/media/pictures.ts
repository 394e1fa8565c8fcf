/**
 * Pictures uploaded in the console (a model's portrait, a category's logo and preview, a
 * banner): what is accepted and the sizes the site shows them at. Pure: the page checks a
 * file with the same rules before sending it, the server checks it again and then decodes it.
 */

/** Each use and the JPEG renditions made of it (cover-cropped to exactly these sizes). */
export const PICTURE_USES = {
  /** The model page's portrait and the model cards: avatar, preview, preview thumbnail. */
  model: { avatar: [256, 256], preview: [600, 800], previewThumbnail: [300, 400] },
  categoryLogo: { logo: [256, 256] },
  categoryPreview: { preview: [640, 360] },
  banner: { image: [1600, 500] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>

export type PictureUse = keyof typeof PICTURE_USES
export const PICTURE_USE_NAMES = Object.keys(PICTURE_USES) as PictureUse[]

export const PICTURE_TYPES = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const
export type PictureType = keyof typeof PICTURE_TYPES
export const PICTURE_MAX_BYTES = 15_000_000
/** Smaller than this on either side is no usable picture; larger, a decompression bomb. */
export const PICTURE_MIN_SIDE = 64
const PICTURE_MAX_SIDE = 12_000

/** A picture folder in the store (`public/pictures/<key>`), as the upload answers it and the editors save it. */
/** The console's picture upload: PUT with the file as the body (server/http/admin-pictures.ts). */
export const PICTURE_ENDPOINT = '/admin/pictures'
export const PICTURE_BODY_TYPE = 'application/octet-stream'

export const PICTURE_KEY = /^[a-z0-9]{24}$/

/** The stored path of one rendition of an uploaded picture. */
export const picturePath = (key: string, rendition: string) => `public/pictures/${key}/${rendition}.jpg`

export type PictureProblem = 'pictureType' | 'pictureTooLarge' | 'pictureEmpty' | 'pictureUnreadable' | 'pictureTooSmall'

/** The type the first bytes of a file show (JPEG, PNG, WebP), whatever the file claims; null for anything else. */
export function sniffPictureType(head: Uint8Array): PictureType | null {
  const at = (offset: number, ...bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte)
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

/**
 * Why a file cannot be uploaded as a picture before reading it, or null: its type as the
 * browser names it (the page; the server trusts only the bytes: null) and its size.
 */
export function pictureProblem(type: string | null, size: number | null): PictureProblem | null {
  if (type !== null && !(type in PICTURE_TYPES)) return 'pictureType'
  if (size !== null && size > PICTURE_MAX_BYTES) return 'pictureTooLarge'
  if (size === 0) return 'pictureEmpty'
  return null
}

/** Whether decoded picture dimensions are usable. */
export function pictureSizeProblem(width: number, height: number): PictureProblem | null {
  if (!(width > 0 && height > 0) || width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE) return 'pictureUnreadable'
  if (width < PICTURE_MIN_SIDE || height < PICTURE_MIN_SIDE) return 'pictureTooSmall'
  return null
}
