/**
 * Tour-safe media: what a visitor who may not see explicit media (`AgeAccess.explicitAllowed`
 * false, core/domain/age/access.ts) is given instead of the catalog's pictures. Pure rules: the
 * worker renders the derivatives with them, the server decides with them what it may answer.
 *
 * A tour picture is the public picture strongly blurred, at the same size, beside it in the
 * store: `poster-640.jpg` → `poster-640.tour.jpg` (and `poster-640.tour.webp`). The `ImageRef`
 * names it as `tour`. Nothing else is tour-safe: every other stored file (posters, stills,
 * clips, thumbnails, HLS, downloads, originals) is explicit.
 */

/**
 * The blur: shrink to this many pixels on the long side (area average: nothing finer survives),
 * enlarge to an eighth of the picture's size, smooth the grid of blocks away with a Gaussian blur
 * there (cheap at that size), then enlarge to the picture's size.
 */
export const TOUR_BLUR = {
  /** 16 px on the long side: shapes become colour fields; no detail survives the shrink. */
  tinyLongSide: 16,
  /** The blur runs at this share of the picture's size (an eighth: 64 times fewer pixels to blur). */
  blurScale: 1 / 8,
  /** Gaussian sigma as a share of the long side (1280 px: sigma 25.6, applied as 3.2 at 160 px). */
  sigmaPerLongSide: 1 / 50,
  /** JPEG quality (ffmpeg -q:v, 2 best … 31): a blurred picture loses nothing visible at 6, and saves bytes. */
  jpegQuality: 6,
} as const

const TOUR_FILE = /^[A-Za-z0-9_][A-Za-z0-9._-]*\.tour\.(jpg|webp)$/
/** A stored path: plain names separated by single slashes, no `.` or `..` segment. */
const PLAIN_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/

/** The tour rendition of a stored public picture: the same name with `.tour.jpg`. */
export function tourPathOf(stored: string): string {
  return stored.replace(/\.[A-Za-z0-9]+$/, '') + '.tour.jpg'
}

/** The WebP beside a tour rendition's JPEG. */
export function tourWebpPathOf(tour: string): string {
  return tour.replace(/\.jpg$/, '.webp')
}

/** A stored path (`public/…`) of a tour rendition: a blurred picture that anyone may see. */
export function isTourMediaPath(stored: string): boolean {
  if (!stored.startsWith('public/') || !PLAIN_PATH.test(stored) || stored.split('/').some((part) => part === '..' || part === '.')) return false
  return TOUR_FILE.test(stored.slice(stored.lastIndexOf('/') + 1))
}

/**
 * Whether a stored media file is explicit: may only be served where explicit media is allowed.
 * Everything but a tour rendition is (fail closed: an odd path counts as explicit).
 */
export function isExplicitMediaPath(stored: string): boolean {
  return !isTourMediaPath(stored)
}

/** The stored path a media URL path of this site names: `/media/x` → `public/x`, `/protected/x` → `protected/x`; null for other paths. */
export function storedPathOfUrl(urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '')
  } catch {
    return 'protected/undecodable'
  }
  if (decoded.startsWith('/media/')) return `public/${decoded.slice('/media/'.length)}`
  if (decoded.startsWith('/protected/')) return `protected/${decoded.slice('/protected/'.length)}`
  return null
}

/** The sizes of the blur for a picture of `width` x `height`: the tiny picture, the size the blur runs at, and its Gaussian sigma there. */
export function tourBlurOf(width: number, height: number): { tinyWidth: number; tinyHeight: number; blurWidth: number; blurHeight: number; sigma: number } {
  const long = Math.max(width, height)
  const tiny = TOUR_BLUR.tinyLongSide / long
  const atLeast = (min: number, value: number) => Math.max(min, Math.round(value))
  return {
    tinyWidth: atLeast(2, width * tiny),
    tinyHeight: atLeast(2, height * tiny),
    blurWidth: atLeast(16, width * TOUR_BLUR.blurScale),
    blurHeight: atLeast(16, height * TOUR_BLUR.blurScale),
    sigma: Math.max(1, Math.round(long * TOUR_BLUR.blurScale * TOUR_BLUR.sigmaPerLongSide * 10) / 10),
  }
}
