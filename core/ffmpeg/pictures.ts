import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { ImageRef } from '../db/entities/types.js'
import { fitWithin, type SourceInfo } from '../domain/media/media.js'
import { TOUR_BLUR, tourBlurOf, tourPathOf } from '../domain/media/tour.js'
import { MediaRejected } from './errors.js'
import { command, run, type RunOptions } from './run.js'
import { addSourceInput, uprightFilters, type FrameSource } from './source-input.js'
import { ffmpegBinaries } from './binaries.js'

/**
 * A wanted JPEG: where it goes (absolute) and the path stored for it (relative to MEDIA_DIR).
 * A public one (stored under `public/`: what visitors' browsers fetch) is also written as WebP
 * beside it, at the same size (`webpPathOf`): about half the bytes, and every browser the site
 * supports reads it.
 */
export interface PictureTarget {
  file: string
  stored: string
  width: number
  height: number
  /** Cover-crop to exactly width x height instead of keeping the aspect ratio. */
  crop?: boolean
  /**
   * A picture the public tour shows (posters, set previews, model, category and banner
   * pictures): a public one also gets its tour rendition, strongly blurred, as JPEG and WebP
   * beside it (`tourPathOf`, core/domain/media/tour.ts), from the same scaled frame.
   */
  tour?: boolean
}

/** One moment of a video and the JPEGs made from it; with `pick`, ffmpeg's thumbnail filter chooses the most representative of the next `pick` frames. */
export interface FrameGroup {
  at: number
  pick?: number
  targets: PictureTarget[]
}

const JPEG_QUALITY = ['-q:v', '3'] as const
/** libwebp's default quality; method 4 of 0-6 (slower methods save little on pictures this small). */
const WEBP_OPTIONS = ['-c:v', 'libwebp', '-quality', '75', '-compression_level', '4', '-pix_fmt', 'yuv420p'] as const

/** The WebP beside a stored (or absolute) JPEG path: the same name with .webp. */
export const webpPathOf = (file: string) => file.replace(/\.[A-Za-z0-9]+$/, '') + '.webp'

/** Pictures visitors' browsers fetch get a WebP copy; members-only ones (protected/) stay JPEG only. */
const wantsWebp = (target: PictureTarget) => target.stored.startsWith('public/')
/** Public pictures the tour shows get a blurred rendition (JPEG and WebP). */
const wantsTour = (target: PictureTarget) => !!target.tour && wantsWebp(target)

/** The files a target is written to: its JPEG, the WebP beside it where there is one, and its tour rendition's two. */
export const filesOf = (target: PictureTarget): string[] => [
  target.file,
  ...(wantsWebp(target) ? [webpPathOf(target.file)] : []),
  ...(wantsTour(target) ? [tourPathOf(target.file), webpPathOf(tourPathOf(target.file))] : []),
]

/** Scaled (and cropped) to the target, then marked square: scale keeps the picture's aspect by changing the pixels' own. */
const scaleFilter = (target: PictureTarget) =>
  target.crop
    ? `scale=${target.width}:${target.height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${target.width}:${target.height},setsar=1`
    : `scale=${target.width}:${target.height}:flags=lanczos,setsar=1`

/**
 * The tour's blur of a picture at its own size (core/domain/media/tour.ts): shrunk to a few
 * pixels (area average: nothing finer survives), enlarged to an eighth of its size and blurred
 * there so no grid of blocks shows, then enlarged smoothly to its size.
 */
function tourFilter(width: number, height: number): string {
  const blur = tourBlurOf(width, height)
  return [
    `scale=${blur.tinyWidth}:${blur.tinyHeight}:flags=area`,
    `scale=${blur.blurWidth}:${blur.blurHeight}:flags=bicubic`,
    `gblur=sigma=${blur.sigma}`,
    `scale=${width}:${height}:flags=bicubic`,
    'setsar=1',
  ].join(',')
}

const TOUR_JPEG_QUALITY = ['-q:v', String(TOUR_BLUR.jpegQuality)] as const

const toRef = (target: PictureTarget): ImageRef => ({
  path: target.stored,
  width: target.width,
  height: target.height,
  ...(wantsWebp(target) ? { webp: webpPathOf(target.stored) } : {}),
  ...(wantsTour(target) ? { tour: tourPathOf(target.stored) } : {}),
})

/** The picture size of a video as displayed (square pixels, upright), at most `maxWidth` wide. */
export function displaySize(source: Pick<SourceInfo, 'displayWidth' | 'displayHeight'>, maxWidth: number) {
  return fitWithin(source.displayWidth, source.displayHeight, maxWidth, 'width')
}

const written = async (file: string) => ((await fs.stat(file).catch(() => null))?.size ?? 0) > 0
const wrote = async (target: PictureTarget) => (await Promise.all(filesOf(target).map(written))).every(Boolean)

/** One ffmpeg process: each group its own input, reached as the source's seek plan says; every size from one decoded frame. */
async function grabOnce(sourceFile: string, source: FrameSource, groups: FrameGroup[], fromStart: boolean, options: RunOptions): Promise<void> {
  const cmd = command()
  const graph: string[] = []
  groups.forEach((group, i) => {
    const skip = addSourceInput(cmd, sourceFile, source, group.at, { fromStart })
    const labels = group.targets.map((_, j) => `g${i}_${j}`)
    const chain = [
      ...skip,
      ...uprightFilters(source, 'frames'),
      ...(group.pick ? [`thumbnail=${group.pick}`] : []),
      'format=yuvj420p',
      `split=${labels.length}`,
    ]
    graph.push(`[${i}:v:0]${chain.join(',')}${labels.map((l) => `[${l}i]`).join('')}`)
    // One scaled picture per target, split for its WebP and its tour rendition (blurred from the scaled picture: cheap).
    group.targets.forEach((target, j) => {
      const l = labels[j]!
      const outs = [`[${l}]`, ...(wantsWebp(target) ? [`[${l}w]`] : []), ...(wantsTour(target) ? [`[${l}t]`] : [])]
      graph.push(`[${l}i]${scaleFilter(target)}${outs.length > 1 ? `,split=${outs.length}` : ''}${outs.join('')}`)
      if (wantsTour(target)) graph.push(`[${l}t]${tourFilter(target.width, target.height)},split=2[${l}tj][${l}tw]`)
    })
  })
  cmd.complexFilter(graph.join(';'))
  const still = (label: string) => ['-map', `[${label}]`, '-frames:v', '1']
  for (const [i, group] of groups.entries()) {
    for (const [j, target] of group.targets.entries()) {
      const l = `g${i}_${j}`
      await fs.mkdir(path.dirname(target.file), { recursive: true })
      cmd.output(target.file).outputOptions([...still(l), ...JPEG_QUALITY, '-f', 'image2', '-update', '1'])
      if (wantsWebp(target)) cmd.output(webpPathOf(target.file)).outputOptions([...still(`${l}w`), ...WEBP_OPTIONS, '-f', 'image2', '-update', '1'])
      if (wantsTour(target)) {
        cmd.output(tourPathOf(target.file)).outputOptions([...still(`${l}tj`), ...TOUR_JPEG_QUALITY, '-f', 'image2', '-update', '1'])
        cmd.output(webpPathOf(tourPathOf(target.file))).outputOptions([...still(`${l}tw`), ...WEBP_OPTIONS, '-f', 'image2', '-update', '1'])
      }
    }
  }
  await run(cmd, options)
}

/**
 * Grabs frames of a video in ONE ffmpeg process (each moment its own input) and writes
 * each in every size asked for, deinterlaced and upright. ffmpeg exits 0 when a seek finds
 * no frame (an MPEG-TS seek past the last keyframe, a moment past the video's end): the
 * moments that got no picture are grabbed again decoding from the start, and a moment
 * that still has none fails the item (a retry would find none either).
 */
export async function grabFrames(sourceFile: string, source: FrameSource, groups: FrameGroup[], options: RunOptions = {}): Promise<ImageRef[][]> {
  await grabOnce(sourceFile, source, groups, false, options)
  const missing: FrameGroup[] = []
  for (const group of groups) if (!(await Promise.all(group.targets.map(wrote))).every(Boolean)) missing.push(group)
  if (missing.length > 0) {
    await grabOnce(sourceFile, source, missing, true, { signal: options.signal })
    for (const group of missing) {
      if (!(await Promise.all(group.targets.map(wrote))).every(Boolean)) {
        throw new MediaRejected(`no picture can be decoded at ${group.at.toFixed(3)} s of the video (damaged, or the video stream ends early)`)
      }
    }
  }
  return groups.map((group) => group.targets.map(toRef))
}

/** Renders one picture (any format ffmpeg reads) into JPEGs (and public WebPs) of the given sizes, in one process. */
export async function renderPicture(input: string, targets: PictureTarget[], options: RunOptions = {}): Promise<ImageRef[]> {
  const picture: FrameSource = { container: 'image2', rotation: 0, fieldOrder: 'progressive' }
  await grabOnce(input, picture, [{ at: 0, targets }], false, options)
  for (const target of targets) if (!(await wrote(target))) throw new MediaRejected(`ffmpeg wrote no picture for ${path.basename(target.file)}`)
  return targets.map(toRef)
}

/** A stored JPEG (or any picture ffmpeg reads) written as WebP at its own size (the WebP backfill). */
export async function encodeWebp(input: string, output: string, options: RunOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(output), { recursive: true })
  await run(
    command()
      .input(input)
      .output(output)
      .outputOptions(['-map', '0:v:0', '-frames:v', '1', ...WEBP_OPTIONS, '-f', 'image2', '-update', '1']),
    options,
  )
  if (!(await written(output))) throw new MediaRejected(`ffmpeg wrote no WebP for ${path.basename(input)}`)
}

/**
 * A stored public picture's tour rendition (the tour backfill): `input` (a JPEG of `width` x
 * `height`) blurred at its own size into `output` (JPEG) and the WebP beside it, in one process.
 */
export async function encodeTour(input: string, output: string, { width, height }: { width: number; height: number }, options: RunOptions = {}): Promise<void> {
  await fs.mkdir(path.dirname(output), { recursive: true })
  const cmd = command()
    .input(input)
    // The stored picture may differ from its row's size by a pixel or two (rounding): the blur is made at the row's.
    .complexFilter(`[0:v:0]scale=${width}:${height},format=yuvj420p,${tourFilter(width, height)},split=2[j][w]`)
    .output(output)
    .outputOptions(['-map', '[j]', '-frames:v', '1', ...TOUR_JPEG_QUALITY, '-f', 'image2', '-update', '1'])
    .output(webpPathOf(output))
    .outputOptions(['-map', '[w]', '-frames:v', '1', ...WEBP_OPTIONS, '-f', 'image2', '-update', '1'])
  await run(cmd, options)
  if (!(await written(output)) || !(await written(webpPathOf(output)))) throw new MediaRejected(`ffmpeg wrote no tour picture for ${path.basename(input)}`)
}

/** The size and codec of a still picture as ffprobe decodes its first stream; null when it is none. */
export function probePicture(file: string): Promise<{ width: number; height: number; codec: string } | null> {
  return new Promise((resolve) => {
    const args = ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', file]
    execFile(ffmpegBinaries().ffprobe, args, { maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) return resolve(null)
      try {
        const stream = (JSON.parse(stdout) as { streams?: Array<{ width?: number; height?: number; codec_name?: string }> }).streams?.[0]
        resolve(stream?.width && stream.height && stream.codec_name ? { width: stream.width, height: stream.height, codec: stream.codec_name } : null)
      } catch {
        resolve(null)
      }
    })
  })
}
