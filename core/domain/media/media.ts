/**
 * The media pipeline's rules, with no I/O: the picture as shown (rotation, square pixels),
 * whether a source is interlaced, the constant output frame rate, which rungs a source gets
 * with their sizes, bitrates, H.264 profiles and levels, which audio track is taken and how
 * it is downmixed, how a moment of a container is reached, where stills and clip moments
 * fall, which sources are usable, and the HLS master playlist's text. The worker's ffmpeg
 * code executes these plans.
 */
import { h264Level, plannedAvc1, type H264Profile } from './media-h264.js'
import { RESOLUTIONS, RESOLUTION_HEIGHT, type Resolution } from './resolutions.js'

/** Clockwise rotation a source's display matrix (or `rotate` tag) asks for. */
export type Rotation = 0 | 90 | 180 | 270

/** How the frames are scanned: as flagged in the stream ('unknown' before detection), or as detected. */
export type FieldOrder = 'progressive' | 'tff' | 'bff' | 'unknown'

export interface AudioTrack {
  /** The stream's index in the file (what `-map 0:<index>` takes). */
  index: number
  codec: string
  channels: number
  /** Marked as the default track by the container. */
  isDefault: boolean
}

/** What ffprobe told about a source, reduced to what the pipeline needs. */
export interface SourceInfo {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  container: string
  durationSeconds: number
  /** The coded picture, as stored. */
  width: number
  height: number
  rotation: Rotation
  /** The picture as shown, in square pixels: after the sample aspect ratio and the rotation. */
  displayWidth: number
  displayHeight: number
  /** Average frame rate (frames / duration; a variable-rate source has no other). */
  frameRate: number
  fieldOrder: FieldOrder
  videoCodec: string | null
  /** The codec of the track the outputs take (mainAudioTrack). */
  audioCodec: string | null
  hasVideo: boolean
  hasAudio: boolean
  audioTracks: AudioTrack[]
}

/** A display matrix's or `rotate` tag's clockwise degrees as a quarter turn (0 for any other angle). */
export function quarterTurn(clockwiseDegrees: number): Rotation {
  const quarters = Math.round(clockwiseDegrees / 90)
  if (!Number.isFinite(clockwiseDegrees) || Math.abs(clockwiseDegrees - quarters * 90) >= 1) return 0
  return ((((quarters % 4) + 4) % 4) * 90) as Rotation
}

/**
 * The picture as displayed, in square pixels: a non-square sample aspect ratio widens or
 * narrows the width (the height stays, as ffmpeg scales), then a quarter turn swaps the sides.
 */
export function displayFrame(width: number, height: number, pixelAspect: number, rotation: Rotation): { width: number; height: number } {
  const shownWidth = Math.round(width * (Number.isFinite(pixelAspect) && pixelAspect > 0 ? pixelAspect : 1))
  return rotation === 90 || rotation === 270 ? { width: height, height: shownWidth } : { width: shownWidth, height }
}

/** The track every output takes: the one the container marks as default, else the first. */
export function mainAudioTrack(tracks: AudioTrack[]): AudioTrack | null {
  return tracks.find((track) => track.isDefault) ?? tracks[0] ?? null
}

/**
 * How several channels become the stereo of every rung, on purpose rather than by an
 * encoder default: ITU-R BS.775 weights (centre and surrounds at -3 dB into left and
 * right, the LFE channel left out), scaled down together so that no sum can clip.
 */
export const STEREO_DOWNMIX = { centre: Math.SQRT1_2, surround: Math.SQRT1_2, lfe: 0 } as const

/** What ffmpeg's idet filter counted on a sample (its multi-frame verdicts). */
export interface IdetCounts {
  tff: number
  bff: number
  progressive: number
  undetermined: number
}

/** Frames idet must call interlaced before an unflagged source counts as interlaced. */
const IDET_MIN_FRAMES = 8

/**
 * Whether a source is interlaced, and its field order: a stream flagged interlaced is
 * believed (field order from the flag); an unflagged one (progressive or unknown) is
 * interlaced only when idet saw combing in most of the sample's frames, at least 8 of them.
 */
export function scanOrder(flag: FieldOrder, idet: IdetCounts | null): { order: 'progressive' | 'tff' | 'bff'; by: 'flag' | 'idet' } {
  if (flag === 'tff' || flag === 'bff') return { order: flag, by: 'flag' }
  if (idet) {
    const interlaced = idet.tff + idet.bff
    if (interlaced >= IDET_MIN_FRAMES && interlaced > 2 * idet.progressive) return { order: idet.tff >= idet.bff ? 'tff' : 'bff', by: 'idet' }
  }
  return { order: 'progressive', by: flag === 'progressive' ? 'flag' : 'idet' }
}

export interface Rung {
  resolution: Resolution
  width: number
  height: number
  /** Frames per second of the rung (every rung has the output rate). */
  frameRate: number
  /** Target average video bitrate (kbit/s) and the cap x264 keeps (kbit/s). */
  videoKbps: number
  maxKbps: number
  audioKbps: number
  /** H.264 profile and level ffmpeg is told (computed from size, rate and bitrate), and the RFC 6381 codecs they make. */
  profile: H264Profile
  level: string
  codecs: string
}

/**
 * Video bitrates of the ladder, from Apple's HLS Authoring Specification (H.264/AVC table:
 * 960x540 2000, 1280x720 4500, 1920x1080 7800 kbit/s). 480p uses the 540p rung's rate
 * scaled by its pixel count; Apple lists 2160p only for HEVC, so uhd takes twice Apple's
 * HEVC 2160p top rate (H.264 needs about twice HEVC's bits), and fuhd four times uhd.
 */
const VIDEO_KBPS: Record<Resolution, number> = { sd: 1600, hd: 4500, fhd: 7800, uhd: 33600, fuhd: 134400 }
/** Apple's spec: stereo AAC-LC, 32 to 160 kbit/s. */
const AUDIO_KBPS = 128
/** Apple's spec: peak at most 110% of the average for constrained VBR. */
const PEAK_FACTOR = 1.1
/** x264's buffer (bufsize) in seconds of the peak rate. */
export const BUFFER_SECONDS = 2

/**
 * The profile of a rung: Main for sd, the rung every device falls back to (Android's CDD
 * requires H.264 decoders to play Main up to level 3.1, High only "should"); High above,
 * where its 8x8 transform saves bits and HD decoders have it.
 */
function rungProfile(resolution: Resolution): H264Profile {
  return resolution === 'sd' ? 'main' : 'high'
}

/** Apple's spec: 6 s target segment duration; keyframes every 2 s so segments are aligned. */
export const SEGMENT_SECONDS = 6
export const KEYFRAME_SECONDS = 2
/** No keyframe (so no segment) starts in the last half second: a shorter tail joins the segment before it. */
export const MIN_TAIL_SECONDS = 0.5
/** A source this close to a rung's height (or taller) gets that rung, without upscaling. */
const RUNG_TOLERANCE = 0.9
const MAX_FRAME_RATE = 60

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)

/**
 * The ladder for a source, on the short side of the picture as displayed: rung heights
 * 480, 720, 1080 … are the short side, so a vertical video gets vertical rungs of the same
 * pixel counts (1080x1920 is fhd), never upscaled; a source smaller than 480p gets one sd
 * rung at its own size. Every rung has the output frame rate, and the H.264 level that
 * its size, rate and bitrate need.
 */
export function planLadder(source: Pick<SourceInfo, 'displayWidth' | 'displayHeight' | 'frameRate' | 'fieldOrder'>): Rung[] {
  const aspect = source.displayWidth / source.displayHeight
  const landscape = aspect >= 1
  const measure = Math.min(source.displayWidth, source.displayHeight)
  const frameRate = rateValue(outputFrameRate(source))
  const rungs: Rung[] = []
  for (const resolution of RESOLUTIONS) {
    const target = RESOLUTION_HEIGHT[resolution]
    if (rungs.length > 0 && measure < target * RUNG_TOLERANCE) break
    const short = even(Math.min(target, measure))
    const long = even(short * (landscape ? aspect : 1 / aspect))
    const width = landscape ? long : short
    const height = landscape ? short : long
    const videoKbps = Math.round(VIDEO_KBPS[resolution] * Math.min(1, (short * long) / (target * even((target * 16) / 9))))
    const maxKbps = Math.round(videoKbps * PEAK_FACTOR)
    const profile = rungProfile(resolution)
    const level = h264Level({ width, height, frameRate, profile, maxKbps, bufferKbits: maxKbps * BUFFER_SECONDS })
    if (!level) break
    rungs.push({
      resolution,
      width,
      height,
      frameRate,
      videoKbps,
      maxKbps,
      audioKbps: AUDIO_KBPS,
      profile,
      level: level.level,
      codecs: plannedAvc1(profile, level.idc),
    })
  }
  return rungs
}

/** A frame rate as a fraction (30000/1001 stays exact). */
export interface FrameRate {
  num: number
  den: number
}

export const rateValue = (rate: FrameRate) => rate.num / rate.den
export const rateText = (rate: FrameRate) => (rate.den === 1 ? String(rate.num) : `${rate.num}/${rate.den}`)

/** The rates cameras and editors use; an average within 2 % of one of them is taken as it. */
const STANDARD_RATES: FrameRate[] = [
  { num: 24000, den: 1001 },
  { num: 24, den: 1 },
  { num: 25, den: 1 },
  { num: 30000, den: 1001 },
  { num: 30, den: 1 },
  { num: 48, den: 1 },
  { num: 50, den: 1 },
  { num: 60000, den: 1001 },
  { num: 60, den: 1 },
]

/**
 * The constant frame rate of every output: the source's average (an interlaced source's
 * field rate: it is deinterlaced to one frame per field), snapped to a standard rate within
 * 2 %, and divided by the smallest whole number that brings it to 60 or less (120 -> 60,
 * 100 -> 50: whole frames dropped evenly). 25 when the source says nothing.
 */
export function outputFrameRate(source: Pick<SourceInfo, 'frameRate' | 'fieldOrder'>): FrameRate {
  const base = source.frameRate
  if (!(Number.isFinite(base) && base > 0)) return { num: 25, den: 1 }
  const perField = source.fieldOrder === 'tff' || source.fieldOrder === 'bff' ? base * 2 : base
  const divisor = Math.ceil(perField / MAX_FRAME_RATE - 1e-9)
  const rate = perField / Math.max(1, divisor)
  const nearest = STANDARD_RATES.reduce((best, r) => (Math.abs(rateValue(r) - rate) < Math.abs(rateValue(best) - rate) ? r : best))
  if (Math.abs(rateValue(nearest) - rate) <= rate * 0.02) return nearest
  return { num: Math.round(rate * 1000), den: 1000 }
}

/** Containers whose index lets ffmpeg seek straight to a moment before decoding. */
const INDEXED_CONTAINERS = ['mov', 'mp4', 'matroska', 'webm']
/** How far before a moment decoding starts in a container without an index (MPEG-TS, MPEG-PS …). */
const SEEK_PREROLL_SECONDS = 10

/**
 * How to reach a moment of a source: seek the input to `inputSeek` (fast, lands on a
 * keyframe before it), then decode and drop `skip` seconds. MP4, MOV and Matroska seek
 * exactly; in MPEG-TS an input seek lands anywhere between keyframes (and on no frame at
 * all past the last one), so decoding starts 10 s earlier, or at the start with `fromStart`.
 */
export function seekPlan(container: string, at: number, fromStart = false): { inputSeek: number; skip: number } {
  const indexed = container.split(',').some((format) => INDEXED_CONTAINERS.includes(format))
  const inputSeek = fromStart ? 0 : indexed ? at : Math.max(0, at - SEEK_PREROLL_SECONDS)
  return { inputSeek: round3(inputSeek), skip: round3(at - inputSeek) }
}

/** The RFC 6381 codecs of a rung's stream (H.264 at the rung's profile and level, AAC-LC). */
export function rungCodecs(rung: Pick<Rung, 'codecs'>, hasAudio: boolean): string {
  return hasAudio ? `${rung.codecs},mp4a.40.2` : rung.codecs
}

/** One variant of the master playlist: a rung as published; bandwidths (bit/s) are measured from the segments. */
export interface Variant {
  width: number
  height: number
  frameRate: number
  /** RFC 6381 codecs of every stream (rungCodecs). */
  codecs: string
  bandwidth: number
  averageBandwidth: number
  /** The media playlist, relative to the master playlist. */
  uri: string
}

/** The HLS master playlist, lowest rung first; variants are referenced by relative paths. */
export function masterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (const { width, height, frameRate, codecs, bandwidth, averageBandwidth, uri } of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${averageBandwidth},` +
        `RESOLUTION=${width}x${height},FRAME-RATE=${frameRate.toFixed(3)},CODECS="${codecs}"`,
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
  if (!(source.width > 0 && source.height > 0)) return 'the video stream has no picture size (damaged, or in a codec ffmpeg cannot read)'
  if (!(source.durationSeconds > 0)) return 'the video has no duration (empty or truncated)'
  if (source.durationSeconds < 1) return `the video is too short (${source.durationSeconds.toFixed(2)} s; at least 1 s)`
  if (planLadder(source).length === 0) return `the picture (${source.displayWidth}x${source.displayHeight}) is larger than any H.264 level allows`
  return null
}

/**
 * The ladder columns of a video whose first `published` rungs of `rungs` are published: those
 * rungs (playable) and the top one of them, and the higher rungs still to come
 * (domain/publish.ts `mediaAvailability` reads them).
 */
export function ladderSummary(
  rungs: Rung[],
  published = rungs.length,
): { resolutions: Resolution[]; highestResolution: Resolution | null; pendingResolutions: Resolution[] } {
  const done = rungs.slice(0, published)
  return {
    resolutions: done.map((rung) => rung.resolution),
    highestResolution: done.at(-1)?.resolution ?? null,
    pendingResolutions: rungs.slice(published).map((rung) => rung.resolution),
  }
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
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return base ? base.charAt(0).toUpperCase() + base.slice(1) : 'Untitled'
}
