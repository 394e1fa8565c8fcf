import { execFile } from 'node:child_process'
import type { FfprobeData, FfprobeStream } from 'fluent-ffmpeg'
import { displayFrame, mainAudioTrack, quarterTurn, type AudioTrack, type FieldOrder, type Rotation, type SourceInfo } from '../domain/media/media.js'
import { ffmpegBinaries } from './binaries.js'
import { UnreadableMediaError } from './errors.js'

export { UnreadableMediaError }

const ratio = (text: string | undefined): number => {
  if (!text) return NaN
  const [a, b] = text.split(/[:/]/).map(Number)
  return b ? a! / b : Number(a)
}

/**
 * Probes a file with ffprobe (JSON: streams with their side data, format): container,
 * duration, picture size, rotation, field order, frame rate, codecs and audio tracks. The
 * npm ffprobe build (2023 static) crashes on MPEG-TS input (.ts, .m2ts, .mts); when
 * ffprobe dies by a signal, ffmpeg itself reads the file instead.
 */
export function probe(file: string): Promise<SourceInfo> {
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]
    execFile(ffmpegBinaries().ffprobe, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error?.signal) return resolve(probeWithFfmpeg(file))
      const data = parseJson(stdout)
      if (error || !data) {
        const lines = String(stderr)
          .split('\n')
          .filter((line) => line.trim())
        const reason = lines.at(-1)?.replace(/^.*?: /, '') ?? error?.message ?? 'no answer from ffprobe'
        return reject(new UnreadableMediaError(`not a media file ffmpeg can read (${reason.trim()})`))
      }
      resolve(toSourceInfo(data))
    })
  })
}

function parseJson(text: string): FfprobeData | null {
  try {
    const data = JSON.parse(text) as Partial<FfprobeData>
    return data.format && Array.isArray(data.streams) ? (data as FfprobeData) : null
  } catch {
    return null
  }
}

/** ffprobe's field_order: tb/bt are coded in one order and shown in the other; what matters is the order shown. */
const FIELD_ORDERS: Record<string, FieldOrder> = { progressive: 'progressive', tt: 'tff', bb: 'bff', tb: 'bff', bt: 'tff' }

/** Clockwise degrees: the old `rotate` tag says so directly; the display matrix's rotation is counter-clockwise. */
function streamRotation(stream: FfprobeStream): Rotation {
  const rotate = (stream.tags as Record<string, string | undefined> | undefined)?.rotate
  const tag = Number(rotate)
  if (rotate !== undefined && Number.isFinite(tag)) return quarterTurn(tag)
  const sideData = (stream.side_data_list as Array<{ side_data_type?: string; rotation?: number }> | undefined) ?? []
  const matrix = sideData.find((entry) => entry.side_data_type === 'Display Matrix' && typeof entry.rotation === 'number')
  return matrix ? quarterTurn(-matrix.rotation!) : 0
}

function toSourceInfo(data: FfprobeData): SourceInfo {
  const video = data.streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  const audioTracks: AudioTrack[] = data.streams
    .filter((stream) => stream.codec_type === 'audio')
    .map((stream) => ({
      index: stream.index,
      codec: stream.codec_name ?? 'unknown',
      channels: Number(stream.channels ?? 2),
      isDefault: stream.disposition?.default === 1,
    }))
  const width = Number(video?.width ?? 0)
  const height = Number(video?.height ?? 0)
  const rotation = video ? streamRotation(video) : 0
  const display = displayFrame(width, height, ratio(video?.sample_aspect_ratio), rotation)
  const formatDuration = Number(data.format.duration)
  const streamDuration = Number(video?.duration)
  const durationSeconds = Number.isFinite(formatDuration) && formatDuration > 0 ? formatDuration : Number.isFinite(streamDuration) ? streamDuration : 0
  const frameRate = ratio(video?.avg_frame_rate) || ratio(video?.r_frame_rate)
  return {
    container: String(data.format.format_name ?? 'unknown'),
    durationSeconds,
    width,
    height,
    rotation,
    displayWidth: display.width,
    displayHeight: display.height,
    frameRate: Number.isFinite(frameRate) ? frameRate : 0,
    fieldOrder: FIELD_ORDERS[video?.field_order ?? ''] ?? 'unknown',
    videoCodec: video?.codec_name ?? null,
    audioCodec: mainAudioTrack(audioTracks)?.codec ?? null,
    hasVideo: Boolean(video),
    hasAudio: audioTracks.length > 0,
    audioTracks,
  }
}

/** ffmpeg's own description of an input (`ffmpeg -i`), parsed into the same shape. */
function probeWithFfmpeg(file: string): Promise<SourceInfo> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-i', file], { maxBuffer: 4 * 1024 * 1024 }, (_error, _stdout, stderr) => {
      const info = parseFfmpegInfo(String(stderr))
      if (!info) return reject(new UnreadableMediaError(`not a media file ffmpeg can read (${String(stderr).trim().split('\n').at(-1)})`))
      resolve(info)
    })
  })
}

const LAYOUT_CHANNELS: Record<string, number> = { mono: 1, stereo: 2, downmix: 2, quad: 4, hexagonal: 6, octagonal: 8, hexadecagonal: 16 }

/** Channels of an ffmpeg layout name: "5.1(side)" 6, "stereo" 2, "6 channels" 6. */
export function layoutChannels(layout: string): number {
  const counted = /^(\d+) channels/.exec(layout) ?? /^(\d+)\.(\d+)/.exec(layout)
  if (counted) return counted.slice(1).reduce((sum, n) => sum + Number(n), 0)
  return LAYOUT_CHANNELS[layout.replace(/\(.*$/, '')] ?? 2
}

/** ffmpeg 4.1's words for field order, in the parentheses after the pixel format (tb/bt: shown in the other order). */
const FFMPEG_FIELD_ORDERS: Array<[RegExp, FieldOrder]> = [
  [/top coded first \(swapped\)/, 'bff'],
  [/bottom coded first \(swapped\)/, 'tff'],
  [/[(\s]top first\)/, 'tff'],
  [/[(\s]bottom first\)/, 'bff'],
  [/[(\s]progressive\)/, 'progressive'],
]

/** One stream of `ffmpeg -i` output: its line and the indented Metadata / Side data lines below it. */
function streamBlocks(text: string): string[] {
  return text
    .split(/\n(?=\s*Stream #0:)/)
    .filter((block) => /^\s*Stream #0:/.test(block))
    .map((block) => block.split(/\n(?=\s{0,3}\S)/)[0]!)
}

export function parseFfmpegInfo(text: string): SourceInfo | null {
  const input = /^Input #0, ([^,]+(?:,[^,\s]+)*), from/m.exec(text)
  if (!input) return null
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text)
  const blocks = streamBlocks(text)
  const videoBlock = blocks.find((block) => / Video: /.test(block) && !/\(attached pic\)/.test(block)) ?? ''
  const videoLine = videoBlock.split('\n')[0]!
  const codec = /Video: (\w+)/.exec(videoLine)?.[1] ?? null
  const video = /Video: [^\n]*?, (\d+)x(\d+)(?: \[SAR (\d+):(\d+) DAR [^\]]+\])?/.exec(videoLine)
  const fps = /, ([\d.]+) fps/.exec(videoLine)
  const width = Number(video?.[1] ?? 0)
  const height = Number(video?.[2] ?? 0)
  const sar = video?.[3] && video[4] && Number(video[4]) > 0 ? Number(video[3]) / Number(video[4]) : 1
  const rotateTag = /^\s+rotate\s*: (-?[\d.]+)/m.exec(videoBlock)
  const matrix = /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(videoBlock)
  const rotation = rotateTag ? quarterTurn(Number(rotateTag[1])) : matrix ? quarterTurn(-Number(matrix[1])) : 0
  const fieldOrder = FFMPEG_FIELD_ORDERS.find(([pattern]) => pattern.test(videoLine))?.[1] ?? 'unknown'
  const audioTracks: AudioTrack[] = blocks.flatMap((block) => {
    const line = block.split('\n')[0]!
    const audio = /Stream #0:(\d+)[^:]*: Audio: (\w+)[^,]*, \d+ Hz, ([^,]+)/.exec(line)
    return audio ? [{ index: Number(audio[1]), codec: audio[2]!, channels: layoutChannels(audio[3]!.trim()), isDefault: /\(default\)/.test(line) }] : []
  })
  const display = displayFrame(width, height, sar, rotation)
  return {
    container: input[1]!,
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0,
    width,
    height,
    rotation,
    displayWidth: display.width,
    displayHeight: display.height,
    frameRate: Number(fps?.[1] ?? 0),
    fieldOrder,
    videoCodec: codec,
    audioCodec: mainAudioTrack(audioTracks)?.codec ?? null,
    hasVideo: codec !== null,
    hasAudio: audioTracks.length > 0,
    audioTracks,
  }
}
