import type { LocalizedText } from '../../domain/locale.js'

export type { LocalizedText }

/** A stored picture: a path relative to MEDIA_DIR plus its pixel size. */
export interface ImageRef {
  path: string
  width: number
  height: number
  /**
   * The same picture as WebP, same size (public pictures only). Absent on pictures made before
   * WebP until the backfill task (`media_backfill_webp`) has made it; null where it tried and
   * could not (the JPEG is gone or damaged).
   */
  webp?: string | null
  /**
   * The tour rendition (pictures the public tour shows): the same picture strongly blurred, same
   * size, as JPEG at this path and WebP beside it (core/domain/media/tour.ts). What a visitor
   * who may not see explicit media gets instead. Absent until the pipeline or the backfill task
   * (`media_backfill_tour`) made it; null where it tried and could not.
   */
  tour?: string | null
}

import { RESOLUTIONS, type Resolution } from '../../domain/media/resolutions.js'
import { MEDIA_STATUSES } from '../../domain/catalog/publish.js'

export { RESOLUTIONS, MEDIA_STATUSES, type Resolution }

/** What the media pipeline produced for a video; paths are relative to MEDIA_DIR. */
export interface VideoMedia {
  /** Featured preview in a few widths (public). */
  poster: ImageRef[]
  /** The still the console made the poster from; absent: the pipeline's own choice. */
  posterStill?: number | null
  /** Stills across the video: a small public thumbnail and a members-only full size. */
  stills: Array<{ thumb: ImageRef; full: ImageRef }>
  /** Silent hover clip stitched from several moments (public). */
  previewClip: string | null
  /** Tiny looping clip for cards (public). */
  thumbnailClip: string | null
  /** HLS master playlist (members only). */
  master: string | null
  ladder: Array<{
    resolution: Resolution
    width: number
    height: number
    /** Peak segment bitrate (bit/s), as in the master playlist's BANDWIDTH. */
    bandwidth: number
    playlist: string
    /** Average bitrate over the rung (bit/s). */
    averageBandwidth?: number
    /** RFC 6381 codecs, as in the master playlist. */
    codecs?: string
    /** H.264 level and profile the rung was encoded at. */
    level?: string
    profile?: string
  }>
  /** MP4 of the top rung for downloads (members only). */
  download: string | null
  /**
   * Scrub thumbnails (members only): the WebVTT track over the sprite sheets beside it
   * (core/domain/media/scrub.ts). Absent on videos made before them until the backfill job ran.
   */
  scrub?: { track: string; interval: number; count: number; sheets: number } | null
  /** The source as probed, for content ops. */
  source?: {
    container: string
    width: number
    height: number
    /** Clockwise quarter turn of its display matrix, and the picture as shown (square pixels). */
    rotation?: number
    displayWidth?: number
    displayHeight?: number
    /** progressive, or the field order of an interlaced source (deinterlaced to its field rate). */
    scan?: string
    durationSeconds: number
    frameRate: number
    /** The constant frame rate of every output. */
    outputFrameRate?: number
    videoCodec: string | null
    audioCodec: string | null
    /** Channels of the audio track taken (downmixed to stereo). */
    audioChannels?: number
    /** SHA-256 of the source these outputs were made from. */
    sha256?: string
  }
}

export interface ImageSetMedia {
  /** Preview collage pictures (public). */
  previews: ImageRef[]
  /** Zip of the originals for downloads (members only), made on first request. */
  archive: string | null
}

export interface ImageMedia {
  original: ImageRef
  web: ImageRef
  thumb: ImageRef
}

export const emptyVideoMedia = (): VideoMedia => ({
  poster: [],
  stills: [],
  previewClip: null,
  thumbnailClip: null,
  master: null,
  ladder: [],
  download: null,
})
