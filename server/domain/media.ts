/**
 * The media pipeline's rules, with no I/O: which rungs a source gets, their sizes and
 * bitrates, where stills and clip moments fall, which sources are usable, and the HLS
 * master playlist's text. The worker's ffmpeg code executes these plans.
 */
import { RESOLUTIONS, RESOLUTION_HEIGHT, type Resolution } from './resolutions.js'

/** What ffprobe told about a source, reduced to what the pipeline needs. */
export interface SourceInfo {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  container: string
  durationSeconds: number
  width: number
  height: number
  /** Display aspect ratio (width / height as shown, after the sample aspect ratio). */
  displayAspect: number
  frameRate: number
  videoCodec: string | null
  audioCodec: string | null
  hasVideo: boolean
  hasAudio: boolean
}

export interface Rung {
  resolution: Resolution
  width: number
  height: number
  /** Target average video bitrate (kbit/s) and the cap x264 keeps (kbit/s). */
  videoKbps: number
  maxKbps: number
  audioKbps: number
  /** H.264 level ffmpeg is told, and the RFC 6381 codec string the master playlist names. */
  level: string
  codecs: string
}

/**
 * Video bitrates of the ladder, from Apple's HLS Authoring Specification (H.264/AVC table:
 * 960x540 2000, 1280x720 4500, 1920x1080 7800 kbit/s). 480p uses the 540p rung's rate
 * scaled by its pixel count; Apple lists 2160p only for HEVC, so uhd takes twice Apple's
 * HEVC 2160p top rate (H.264 needs about twice HEVC's bits), and fuhd four times uhd.
 */
export const VIDEO_KBPS: Record<Resolution, number> = { sd: 1600, hd: 4500, fhd: 7800, uhd: 33600, fuhd: 134400 }
/** Apple's spec: stereo AAC-LC, 32 to 160 kbit/s. */
export const AUDIO_KBPS = 128
/** Apple's spec: peak at most 110% of the average for constrained VBR. */
export const PEAK_FACTOR = 1.1
const LEVEL: Record<Resolution, [string, string]> = {
  sd: ['3.1', '1f'],
  hd: ['3.1', '1f'],
  fhd: ['4.1', '29'],
  uhd: ['5.1', '33'],
  fuhd: ['6.1', '3d'],
}

/** Apple's spec: 6 s target segment duration; keyframes every 2 s so segments are aligned. */
export const SEGMENT_SECONDS = 6
export const KEYFRAME_SECONDS = 2
/** A source this close to a rung's height (or taller) gets that rung, without upscaling. */
const RUNG_TOLERANCE = 0.9
const MAX_FRAME_RATE = 60

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)

/**
 * The ladder for a source: every rung up to the source's size (its short side, so
 * portrait videos work too), never upscaled; a source smaller than 480p gets one sd rung
 * at its own size.
 */
export function planLadder(source: Pick<SourceInfo, 'width' | 'height' | 'displayAspect'>): Rung[] {
  const landscape = source.displayAspect >= 1
  // The short side of the picture as displayed (the height, for non-square pixels too).
  const measure = Math.min(source.height, Math.round(source.height * source.displayAspect))
  const rungs: Rung[] = []
  for (const resolution of RESOLUTIONS) {
    const target = RESOLUTION_HEIGHT[resolution]
    if (rungs.length > 0 && measure < target * RUNG_TOLERANCE) break
    const short = even(Math.min(target, measure))
    const long = even(short * (landscape ? source.displayAspect : 1 / source.displayAspect))
    const [level, levelHex] = LEVEL[resolution]
    const videoKbps = Math.round(VIDEO_KBPS[resolution] * Math.min(1, (short * long) / (target * even((target * 16) / 9))))
    rungs.push({
      resolution,
      width: landscape ? long : short,
      height: landscape ? short : long,
      videoKbps,
      maxKbps: Math.round(videoKbps * PEAK_FACTOR),
      audioKbps: AUDIO_KBPS,
      level,
      codecs: `avc1.6400${levelHex},mp4a.40.2`,
    })
  }
  return rungs
}

/** The frame rate of the outputs: the source's, at most 60, 25 when unknown. */
export function outputFrameRate(source: Pick<SourceInfo, 'frameRate'>): number {
  const rate = source.frameRate
  return Number.isFinite(rate) && rate > 0 ? Math.min(rate, MAX_FRAME_RATE) : 25
}

/** The RFC 6381 codecs of a rung's stream (H.264 High at the rung's level, AAC-LC). */
export function rungCodecs(rung: Rung, hasAudio: boolean): string {
  return hasAudio ? rung.codecs : rung.codecs.split(',')[0]!
}

/** One variant of the master playlist; bandwidths (bit/s) are measured from the segments. */
export interface Variant {
  rung: Rung
  bandwidth: number
  averageBandwidth: number
  /** The media playlist, relative to the master playlist. */
  uri: string
}

/** The HLS master playlist, lowest rung first; variants are referenced by relative paths. */
export function masterPlaylist(variants: Variant[], hasAudio: boolean, frameRate: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (const { rung, bandwidth, averageBandwidth, uri } of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${averageBandwidth},` +
        `RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${frameRate.toFixed(3)},CODECS="${rungCodecs(rung, hasAudio)}"`,
      uri,
    )
  }
  return lines.join('\n') + '\n'
}

/** `count` moments spread evenly across the video, away from its very start and end. */
export function stillTimes(durationSeconds: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => round3((durationSeconds * (index + 1)) / (count + 1)))
}

/** Where the featured preview is taken from: a fifth into the video. */
export function posterTime(durationSeconds: number): number {
  return round3(durationSeconds * 0.2)
}

/**
 * The moments a hover clip is stitched from: `count` pieces of `pieceSeconds` spread over
 * the video (shorter pieces when the video is short, so they never overlap or run past it).
 */
export function clipMoments(durationSeconds: number, count: number, pieceSeconds: number): Array<{ start: number; length: number }> {
  const length = round3(Math.min(pieceSeconds, (durationSeconds * 0.8) / count))
  return Array.from({ length: count }, (_, index) => ({
    start: round3(Math.max(0, (durationSeconds * (index + 0.5)) / count - length / 2)),
    length,
  }))
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

/** Containers the pipeline accepts (ffprobe format names). */
const VIDEO_CONTAINERS = ['mov', 'mp4', 'matroska', 'webm', 'avi', 'mpegts', 'mpeg', 'flv', 'asf', 'ogg', 'mxf', 'm4v', '3gp']

/** Why a probed source cannot be used, as a sentence for content ops; null when it is fine. */
export function sourceProblem(source: SourceInfo): string | null {
  const formats = source.container.split(',')
  if (!formats.some((format) => VIDEO_CONTAINERS.includes(format))) {
    return `unsupported container "${source.container}": send a video file (MP4, MOV, MKV, WebM, AVI, MPEG-TS)`
  }
  if (!source.hasVideo) return 'the file has no video stream'
  if (!(source.width > 0 && source.height > 0)) return 'the video stream has no picture size'
  if (!(source.durationSeconds > 0)) return 'the video has no duration (empty or truncated)'
  if (source.durationSeconds < 1) return `the video is too short (${source.durationSeconds.toFixed(2)} s; at least 1 s)`
  return null
}

/** The rungs' resolutions and the top one, as stored on the video. */
export function ladderSummary(rungs: Rung[]): { resolutions: Resolution[]; highestResolution: Resolution | null } {
  return { resolutions: rungs.map((rung) => rung.resolution), highestResolution: rungs.at(-1)?.resolution ?? null }
}

/** Widths of the featured preview (the poster), the still thumbnails and the image renditions. */
export const POSTER_WIDTHS = [320, 640, 1280] as const
export const STILL_COUNT = 8
export const STILL_THUMB_WIDTH = 320
/** Full-size stills (members only) at most this wide. */
export const STILL_FULL_MAX_WIDTH = 1920
export const PREVIEW_CLIP = { pieces: 5, pieceSeconds: 1.6, height: 360, frameRate: 25 } as const
export const THUMBNAIL_CLIP = { height: 180, frameRate: 12 } as const
export const IMAGE_SIZES = { thumb: 400, web: 1600, preview: 960 } as const
/** How many of a set's images become its preview collage. */
export const IMAGE_PREVIEW_COUNT = 4

/** The image files an image set folder may hold. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.tif', '.tiff'] as const

/** A size that fits in `max` (long side for 'long', width for 'width'), never enlarged, even. */
export function fitWithin(width: number, height: number, max: number, side: 'width' | 'long' = 'long'): { width: number; height: number } {
  const basis = side === 'width' ? width : Math.max(width, height)
  const scale = Math.min(1, max / basis)
  return { width: even(width * scale), height: even(height * scale) }
}

/** "summer_beach-02.mp4" → "Summer beach 02": a readable title from a file name. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').replace(/[_\-.]+/g, ' ').replace(/\s+/g, ' ').trim()
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : 'Untitled'
}
