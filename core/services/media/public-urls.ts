/**
 * Media files live under MEDIA_DIR in two trees: public/ (thumbnails, hover clips, small
 * previews: cacheable, served at /media/) and protected/ (members only, served through the
 * signed media gateway). Stored paths are relative to MEDIA_DIR (on S3: keys of the bucket).
 */
import type { MediaStoreConfig } from '../../config.js'

export const PUBLIC_MEDIA_PREFIX = '/media/'

/** Where public files are fetched from: this site's /media/, or a CDN in front of the bucket (MEDIA_PUBLIC_URL). */
let publicBase: string | null = null

/**
 * Sets the process's public media address from the configuration (MEDIA_PUBLIC_URL with
 * MEDIA_STORE=s3: `<MEDIA_PUBLIC_URL>/public/<key>/…`; otherwise this site's `/media/<key>/…`).
 */
export function usePublicMediaBase(base: string | null): void {
  publicBase = base
}

export function publicMediaUrl(storedPath: string | null | undefined): string | null {
  if (!storedPath || !storedPath.startsWith('public/')) return null
  if (publicBase) return `${publicBase}/${storedPath}`
  return PUBLIC_MEDIA_PREFIX + storedPath.slice('public/'.length)
}

/** Where browsers fetch media from besides this site: the bucket's presigned URLs and the CDN. */
export function mediaOriginsOf(settings: MediaStoreConfig): string[] {
  if (settings.kind === 'local') return []
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`)
  const bucket = settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`
  const cdns = [settings.publicUrl, settings.bunny?.baseUrl].filter((url): url is string => !!url).map((url) => new URL(url).origin)
  return [...new Set([bucket, ...cdns])]
}

/** A media URL as an absolute address (sitemaps): relative ones lie on the site. */
export function absoluteMediaUrl(url: string, siteUrl: string): string {
  return new URL(url, `${siteUrl}/`).href
}
