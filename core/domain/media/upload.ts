/**
 * What the console's upload takes (checked by the page before sending and by the server
 * again): one video file per upload, by extension, up to UPLOAD_MAX_BYTES; and how the
 * resumable uploads (tus) are named, sent and given up.
 */
import { isStorableText } from '../schemas/text.js'

export const UPLOAD_VIDEO_EXTENSIONS = [
  '.mp4',
  '.m4v',
  '.mov',
  '.mkv',
  '.webm',
  '.avi',
  '.wmv',
  '.flv',
  '.mpg',
  '.mpeg',
  '.ts',
  '.mts',
  '.m2ts',
  '.3gp',
  '.mxf',
] as const

const UPLOAD_NAME_MAX = 255

export type UploadProblem = 'uploadName' | 'uploadType' | 'uploadTooLarge' | 'uploadEmpty'

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** Why a file cannot be uploaded, or null when it can (size unknown: checked while it arrives). */
export function uploadProblem(name: string, size: number | null, maxBytes: number): UploadProblem | null {
  // A plain file name: no folders, no hidden files, only characters PostgreSQL stores.
  // eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
  if (!name || name.length > UPLOAD_NAME_MAX || /[/\\\u0000-\u001f]/.test(name) || !isStorableText(name) || name.startsWith('.')) return 'uploadName'
  if (!(UPLOAD_VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return 'uploadType'
  if (size !== null && size > maxBytes) return 'uploadTooLarge'
  if (size === 0) return 'uploadEmpty'
  return null
}

/** A byte count as the upload texts show it: "1.5 GB", "700 MB" (decimal units, as file managers do). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value)} ${units[unit]}`
}

/** The id the server gives a resumable upload (32 hex digits); the last part of its URL. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/

/** Where the page sends resumable uploads (tus: POST creates, HEAD asks the offset, PATCH appends, DELETE discards). */
export const UPLOAD_ENDPOINT = '/admin/uploads'
/** The media type of a tus PATCH body. */
export const TUS_BODY_TYPE = 'application/offset+octet-stream'

/**
 * The page sends an upload in requests of this size: a proxy in front of the site may cap a
 * request's body, and an interruption costs at most the part of one request in flight (the
 * server keeps every byte it received).
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024 * 1024

/** An unfinished upload that received nothing for `expiryMs` is given up (and removed). */
export function isAbandonedUpload(lastActivity: Date, now: Date, expiryMs: number): boolean {
  return now.getTime() - lastActivity.getTime() > expiryMs
}
