/**
 * Media files live under MEDIA_DIR in two trees: public/ (thumbnails, hover clips, small
 * previews: cacheable, served at /media/) and protected/ (members only, served through the
 * signed media gateway). Stored paths are relative to MEDIA_DIR.
 */
export const PUBLIC_MEDIA_PREFIX = '/media/'

export function publicMediaUrl(storedPath: string | null | undefined): string | null {
  if (!storedPath || !storedPath.startsWith('public/')) return null
  return PUBLIC_MEDIA_PREFIX + storedPath.slice('public/'.length)
}
