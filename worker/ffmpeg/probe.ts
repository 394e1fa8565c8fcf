import { execFile } from 'node:child_process'
import ffmpeg, { type FfprobeData } from 'fluent-ffmpeg'
import type { SourceInfo } from '../../server/domain/media.js'
import { ffmpegBinaries } from './binaries.js'

/** The source cannot be read as media at all; the message is for content ops. */
export class UnreadableMediaError extends Error {
  override name = 'UnreadableMediaError'
}

const ratio = (text: string | undefined): number => {
  if (!text) return NaN
  const [a, b] = text.split(/[:/]/).map(Number)
  return b ? a! / b : Number(a)
}

/**
 * Probes a file with ffprobe: container, duration, picture size and codecs. The npm
 * ffprobe build (2023 static) crashes on MPEG-TS input; when ffprobe dies by a signal,
 * ffmpeg itself reads the file instead.
 */
export function probe(file: string): Promise<SourceInfo> {
  return new Promise((resolve, reject) => {
    ffmpeg.ffprobe(file, (error: Error | null, data: FfprobeData) => {
      if (error && /killed with signal/.test(error.message)) return resolve(probeWithFfmpeg(file))
      if (error) {
        const lines = error.message.split('\n').filter((line) => line.trim() && !line.startsWith('ffprobe exited'))
        const reason = lines.at(-1)?.replace(/^.*?: /, '') ?? error.message
        return reject(new UnreadableMediaError(`not a media file ffmpeg can read (${reason.trim()})`))
      }
      resolve(toSourceInfo(data))
    })
  })
}

export function toSourceInfo(data: FfprobeData): SourceInfo {
  const video = data.streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  const audio = data.streams.find((stream) => stream.codec_type === 'audio')
  const width = Number(video?.width ?? 0)
  const height = Number(video?.height ?? 0)
  const sar = ratio(video?.sample_aspect_ratio)
  const pixelAspect = Number.isFinite(sar) && sar > 0 ? sar : 1
  const formatDuration = Number(data.format.duration)
  const streamDuration = Number(video?.duration)
  const durationSeconds = Number.isFinite(formatDuration) && formatDuration > 0 ? formatDuration : Number.isFinite(streamDuration) ? streamDuration : 0
  const frameRate = ratio(video?.avg_frame_rate) || ratio(video?.r_frame_rate)
  return {
    container: String(data.format.format_name ?? 'unknown'),
    durationSeconds,
    width,
    height,
    displayAspect: height > 0 ? (width * pixelAspect) / height : 0,
    frameRate: Number.isFinite(frameRate) ? frameRate : 0,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
  }
}

/** ffmpeg's own description of an input (`ffmpeg -i`), parsed into the same shape. */
export function probeWithFfmpeg(file: string): Promise<SourceInfo> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-i', file], { maxBuffer: 4 * 1024 * 1024 }, (_error, _stdout, stderr) => {
      const info = parseFfmpegInfo(String(stderr))
      if (!info) return reject(new UnreadableMediaError(`not a media file ffmpeg can read (${String(stderr).trim().split('\n').at(-1)})`))
      resolve(info)
    })
  })
}

export function parseFfmpegInfo(text: string): SourceInfo | null {
  const input = /^Input #0, ([^,]+(?:,[^,\s]+)*), from/m.exec(text)
  if (!input) return null
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text)
  const videoLine = /Stream #0:\d+[^:]*: Video: [^\n]*/.exec(text)?.[0] ?? ''
  const video = /Video: (\w+)[^\n]*?, (\d+)x(\d+)(?: \[SAR (\d+):(\d+) DAR [^\]]+\])?/.exec(videoLine)
  const fps = /, ([\d.]+) fps/.exec(videoLine)
  const audio = /Stream #0:\d+[^:]*: Audio: (\w+)/.exec(text)
  const width = Number(video?.[2] ?? 0)
  const height = Number(video?.[3] ?? 0)
  const sar = video?.[4] && video[5] && Number(video[5]) > 0 ? Number(video[4]) / Number(video[5]) : 1
  return {
    container: input[1]!,
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : 0,
    width,
    height,
    displayAspect: height > 0 ? (width * (sar || 1)) / height : 0,
    frameRate: Number(fps?.[1] ?? 0),
    videoCodec: video?.[1] ?? null,
    audioCodec: audio?.[1] ?? null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
  }
}
