import fs from 'node:fs/promises'
import path from 'node:path'
import {
  BUFFER_SECONDS,
  KEYFRAME_SECONDS,
  MIN_TAIL_SECONDS,
  SEGMENT_SECONDS,
  STEREO_DOWNMIX,
  mainAudioTrack,
  outputFrameRate,
  rateText,
  rateValue,
  type Rung,
  type SourceInfo,
} from '../domain/media/media.js'
import { command, run, type RunOptions } from './run.js'
import { uprightFilters } from './source-input.js'

/** x264's speed/quality trade-off for every rung; the bench measures it. */
export const X264_PRESET = 'veryfast'
/** Capped CRF: quality-driven, never above the rung's peak (Apple's 110% of the average). */
const CRF = 21

/** Options of the ladder's one input: ffmpeg's own rotation off (the graph turns the picture after deinterlacing). */
export const LADDER_INPUT_OPTIONS = ['-noautorotate']

/**
 * The stereo downmix of STEREO_DOWNMIX as ffmpeg's resampler options: centre and
 * surround weights, LFE weight, and rematrix_maxval=1 so the weights are scaled down
 * together until no sum can pass full scale.
 */
const DOWNMIX = `aresample=48000:ocl=stereo:clev=${STEREO_DOWNMIX.centre.toFixed(4)}:slev=${STEREO_DOWNMIX.surround.toFixed(4)}:lfe_mix_level=${STEREO_DOWNMIX.lfe}:rematrix_maxval=1,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo`

/**
 * The filter graph: decode once; deinterlace (one frame per field), turn upright, make the
 * frame rate constant, then split and scale each branch to its rung. The main audio track
 * is downmixed to stereo once and split to every rung.
 */
export function ladderFilterGraph(source: SourceInfo, rungs: Rung[]): string {
  const head = [...uprightFilters(source, 'fields'), `fps=${rateText(outputFrameRate(source))}`].join(',')
  const branch = (rung: Rung) => `scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1,format=yuv420p`
  const graph =
    rungs.length === 1
      ? [`[0:v:0]${head},${branch(rungs[0]!)}[v0]`]
      : [`[0:v:0]${head},split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`, ...rungs.map((rung, i) => `[s${i}]${branch(rung)}[v${i}]`)]
  const track = mainAudioTrack(source.audioTracks)
  if (track) graph.push(`[0:${track.index}]${DOWNMIX}${rungs.length === 1 ? '' : `,asplit=${rungs.length}`}${rungs.map((_, i) => `[a${i}]`).join('')}`)
  return graph.join(';')
}

/**
 * Where keyframes go, the same on every rung (aligned segments): every 2 s, but none in
 * the last half second, so a tail shorter than that joins the segment before it instead
 * of becoming a segment of its own (a 6.02 s video gives one 6.02 s segment, not 6 + 0.02).
 */
export function keyframeExpression(durationSeconds: number): string {
  return `expr:gte(t,n_forced*${KEYFRAME_SECONDS})*lt(t,${Math.max(0, durationSeconds - MIN_TAIL_SECONDS).toFixed(3)})`
}

/** Encoder and HLS muxer options of one rung's output (shared by the pipeline and the bench). */
export function rungOutputOptions(rung: Rung, index: number, source: SourceInfo, dir: string): string[] {
  const gop = Math.max(1, Math.round(rateValue(outputFrameRate(source)) * KEYFRAME_SECONDS))
  return [
    '-map',
    `[v${index}]`,
    ...(mainAudioTrack(source.audioTracks) ? ['-map', `[a${index}]`, '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`] : []),
    '-c:v',
    'libx264',
    '-preset',
    X264_PRESET,
    '-profile:v',
    rung.profile,
    '-level',
    rung.level,
    '-crf',
    String(CRF),
    '-maxrate',
    `${rung.maxKbps}k`,
    '-bufsize',
    `${rung.maxKbps * BUFFER_SECONDS}k`,
    // Keyframes only where keyframeExpression puts them (x264's own limit is twice as far, never reached), no scene cuts.
    '-g',
    String(gop * 2),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    keyframeExpression(source.durationSeconds),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(dir, rung.resolution, 'seg-%05d.ts'),
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
  const cmd = command().input(sourceFile).inputOptions(LADDER_INPUT_OPTIONS).complexFilter(ladderFilterGraph(source, rungs))
  rungs.forEach((rung, index) => {
    // Spread, not an array: fluent-ffmpeg splits an array item with one space in two (a MEDIA_DIR path like "/srv/my media").
    cmd.output(rungPlaylist(dir, rung)).outputOptions(...rungOutputOptions(rung, index, source, dir))
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
