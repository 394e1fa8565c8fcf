/**
 * H.264 profiles and levels: which level a stream of a given size, frame rate and bitrate
 * needs (ITU-T H.264 Annex A, Table A-1), and the RFC 6381 codec string naming them.
 * Pure rules; the ladder plan calls them for every rung.
 */

export type H264Profile = 'main' | 'high'

interface LevelLimits {
  level: string
  /** level_idc as written in the stream's SPS (level x 10). */
  idc: number
  /** Macroblocks per second, macroblocks per frame. */
  maxMbps: number
  maxFs: number
  /** Video bitrate and coded picture buffer in kbit/s and kbit, for Main (High: x 1.25). */
  maxBr: number
  maxCpb: number
}

/** Table A-1 (level 1b is left out: no rung is that small and its level_idc is ambiguous). */
const LEVELS: LevelLimits[] = [
  { level: '1', idc: 10, maxMbps: 1485, maxFs: 99, maxBr: 64, maxCpb: 175 },
  { level: '1.1', idc: 11, maxMbps: 3000, maxFs: 396, maxBr: 192, maxCpb: 500 },
  { level: '1.2', idc: 12, maxMbps: 6000, maxFs: 396, maxBr: 384, maxCpb: 1000 },
  { level: '1.3', idc: 13, maxMbps: 11880, maxFs: 396, maxBr: 768, maxCpb: 2000 },
  { level: '2', idc: 20, maxMbps: 11880, maxFs: 396, maxBr: 2000, maxCpb: 2000 },
  { level: '2.1', idc: 21, maxMbps: 19800, maxFs: 792, maxBr: 4000, maxCpb: 4000 },
  { level: '2.2', idc: 22, maxMbps: 20250, maxFs: 1620, maxBr: 4000, maxCpb: 4000 },
  { level: '3', idc: 30, maxMbps: 40500, maxFs: 1620, maxBr: 10000, maxCpb: 10000 },
  { level: '3.1', idc: 31, maxMbps: 108000, maxFs: 3600, maxBr: 14000, maxCpb: 14000 },
  { level: '3.2', idc: 32, maxMbps: 216000, maxFs: 5120, maxBr: 20000, maxCpb: 20000 },
  { level: '4', idc: 40, maxMbps: 245760, maxFs: 8192, maxBr: 20000, maxCpb: 25000 },
  { level: '4.1', idc: 41, maxMbps: 245760, maxFs: 8192, maxBr: 50000, maxCpb: 62500 },
  { level: '4.2', idc: 42, maxMbps: 522240, maxFs: 8704, maxBr: 50000, maxCpb: 62500 },
  { level: '5', idc: 50, maxMbps: 589824, maxFs: 22080, maxBr: 135000, maxCpb: 135000 },
  { level: '5.1', idc: 51, maxMbps: 983040, maxFs: 36864, maxBr: 240000, maxCpb: 240000 },
  { level: '5.2', idc: 52, maxMbps: 2073600, maxFs: 36864, maxBr: 240000, maxCpb: 240000 },
  { level: '6', idc: 60, maxMbps: 4177920, maxFs: 139264, maxBr: 240000, maxCpb: 240000 },
  { level: '6.1', idc: 61, maxMbps: 8355840, maxFs: 139264, maxBr: 480000, maxCpb: 480000 },
  { level: '6.2', idc: 62, maxMbps: 16711680, maxFs: 139264, maxBr: 800000, maxCpb: 800000 },
]

/** Table A-2: High profile may use 1.25 times Main's bitrate and buffer. */
const BITRATE_FACTOR: Record<H264Profile, number> = { main: 1, high: 1.25 }

/** profile_idc and the constraint flags byte x264 writes for each profile. */
const PROFILE_BYTES: Record<H264Profile, [number, number]> = { main: [77, 0x40], high: [100, 0x00] }

export interface H264Stream {
  width: number
  height: number
  frameRate: number
  profile: H264Profile
  /** The encoder's peak rate (maxrate) and its buffer (bufsize), kbit/s and kbit. */
  maxKbps: number
  bufferKbits: number
}

/**
 * The lowest level whose limits the stream fits: frame size and macroblocks per second
 * (progressive frames of 16x16 macroblocks), the largest side (at most sqrt(8 x MaxFS)
 * macroblocks), bitrate and buffer. Null when even the highest level is too small.
 */
export function h264Level(stream: H264Stream): { level: string; idc: number } | null {
  const mbWide = Math.ceil(stream.width / 16)
  const mbHigh = Math.ceil(stream.height / 16)
  const frameMbs = mbWide * mbHigh
  const factor = BITRATE_FACTOR[stream.profile]
  const fits = (limits: LevelLimits) =>
    frameMbs <= limits.maxFs &&
    Math.max(mbWide, mbHigh) <= Math.sqrt(8 * limits.maxFs) &&
    frameMbs * stream.frameRate <= limits.maxMbps &&
    stream.maxKbps <= limits.maxBr * factor &&
    stream.bufferKbits <= limits.maxCpb * factor
  const found = LEVELS.find(fits)
  return found ? { level: found.level, idc: found.idc } : null
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0')

/** The RFC 6381 name of an H.264 stream: avc1.PPCCLL (profile_idc, constraint flags, level_idc). */
export function avc1Codec(profileIdc: number, constraintFlags: number, levelIdc: number): string {
  return `avc1.${hex2(profileIdc)}${hex2(constraintFlags)}${hex2(levelIdc)}`
}

/** The codec string of a stream x264 writes with this profile and level. */
export function plannedAvc1(profile: H264Profile, levelIdc: number): string {
  const [profileIdc, flags] = PROFILE_BYTES[profile]
  return avc1Codec(profileIdc, flags, levelIdc)
}
