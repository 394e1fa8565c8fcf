import fs from 'node:fs/promises'
import path from 'node:path'
import { KEYFRAME_SECONDS, SEGMENT_SECONDS, type Rung, type SourceInfo, outputFrameRate } from '../../server/domain/media.js'
import { command, run, type RunOptions } from './run.js'

/** x264's speed/quality trade-off for every rung; the bench measures it. */
export const X264_PRESET = 'veryfast'
/** Capped CRF: quality-driven, never above the rung's peak (Apple's 110% of the average). */
const CRF = 21

/** The filter graph: decode once, split, scale each branch to its rung. */
export function ladderFilterGraph(source: SourceInfo, rungs: Rung[]): string {
  const fps = outputFrameRate(source)
  const head = `[0:v:0]${source.frameRate > fps ? `fps=${fps},` : ''}split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`
  const branches = rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`)
  return [head, ...branches].join(';')
}

/** Encoder and HLS muxer options of one rung's output (shared by the pipeline and the bench). */
export function rungOutputOptions(rung: Rung, index: number, source: SourceInfo, dir: string): string[] {
  const gop = Math.max(1, Math.round(outputFrameRate(source) * KEYFRAME_SECONDS))
  return [
    '-map', `[v${index}]`,
    ...(source.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000'] : []),
    '-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'high', '-level', rung.level,
    '-crf', String(CRF), '-maxrate', `${rung.maxKbps}k`, '-bufsize', `${rung.maxKbps * 2}k`,
    // Aligned keyframes: the same fixed GOP and forced keyframes on every rung, no scene cuts.
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
    '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', path.join(dir, rung.resolution, 'seg-%05d.ts'),
  ]
}

export function rungPlaylist(dir: string, rung: Rung): string {
  return path.join(dir, rung.resolution, 'index.m3u8')
}

/**
 * Encodes every rung in ONE ffmpeg process (the source is decoded once), each as an HLS
 * media playlist with its segments under `dir/<resolution>/`.
 */
export async function encodeLadder(sourceFile: string, source: SourceInfo, rungs: Rung[], dir: string, options: RunOptions = {}): Promise<void> {
  for (const rung of rungs) await fs.mkdir(path.join(dir, rung.resolution), { recursive: true })
  const cmd = command().input(sourceFile).complexFilter(ladderFilterGraph(source, rungs))
  rungs.forEach((rung, index) => {
    cmd.output(rungPlaylist(dir, rung)).outputOptions(rungOutputOptions(rung, index, source, dir))
  })
  await run(cmd, { ...options, durationSeconds: source.durationSeconds })
}

export interface MeasuredRung {
  /** Peak segment bitrate and the average over the whole rung, in bit/s (what BANDWIDTH and AVERAGE-BANDWIDTH mean). */
  bandwidth: number
  averageBandwidth: number
  segments: Array<{ file: string; seconds: number }>
}

/** Reads a media playlist's segments and measures their real bitrates from the files. */
export async function measureRung(playlistFile: string): Promise<MeasuredRung> {
  const text = await fs.readFile(playlistFile, 'utf8')
  const segments = parseMediaPlaylist(text)
  let bits = 0
  let seconds = 0
  let peak = 0
  for (const segment of segments) {
    const size = (await fs.stat(path.join(path.dirname(playlistFile), segment.file))).size * 8
    bits += size
    seconds += segment.seconds
    // A short last segment says little about the peak; count it only when it is the only one.
    if (segment.seconds >= 1 || segments.length === 1) peak = Math.max(peak, size / segment.seconds)
  }
  return { bandwidth: Math.ceil(peak), averageBandwidth: Math.ceil(seconds > 0 ? bits / seconds : 0), segments }
}

/** The segments of an HLS media playlist (EXTINF duration and URI), in order. */
export function parseMediaPlaylist(text: string): Array<{ file: string; seconds: number }> {
  const segments: Array<{ file: string; seconds: number }> = []
  let pending: number | null = null
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length))
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ file: line, seconds: pending })
      pending = null
    }
  }
  return segments
}

/** Remuxes a rung's segments into one MP4 (no re-encode) for downloads. */
export async function remuxToMp4(playlistFile: string, target: string, hasAudio: boolean, options: RunOptions = {}): Promise<void> {
  const cmd = command()
    .input(playlistFile)
    .output(target)
    .outputOptions(['-map', '0', '-c', 'copy', ...(hasAudio ? ['-bsf:a', 'aac_adtstoasc'] : []), '-movflags', '+faststart'])
  await run(cmd, options)
}
