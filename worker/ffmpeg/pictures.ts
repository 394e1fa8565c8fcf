import fs from 'node:fs/promises'
import path from 'node:path'
import type { ImageRef } from '../../server/db/entities/types.js'
import { fitWithin, type SourceInfo } from '../../server/domain/media.js'
import { command, run, type RunOptions } from './run.js'

/** A wanted JPEG: where it goes (absolute) and the path stored for it (relative to MEDIA_DIR). */
export interface PictureTarget {
  file: string
  stored: string
  width: number
  height: number
  /** Cover-crop to exactly width x height instead of keeping the aspect ratio. */
  crop?: boolean
}

const JPEG_QUALITY = ['-q:v', '3'] as const

const scaleFilter = (target: PictureTarget) =>
  target.crop
    ? `scale=${target.width}:${target.height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${target.width}:${target.height}`
    : `scale=${target.width}:${target.height}:flags=lanczos`

const toRef = (target: PictureTarget): ImageRef => ({ path: target.stored, width: target.width, height: target.height })

/** The picture size of a video as displayed (square pixels), at most `maxWidth` wide. */
export function displaySize(source: Pick<SourceInfo, 'height' | 'displayAspect'>, maxWidth: number) {
  return fitWithin(Math.round(source.height * source.displayAspect), source.height, maxWidth, 'width')
}

/**
 * Grabs frames of a video in ONE ffmpeg process: each moment is its own input, seeked
 * before decoding (fast), and written in every size asked for. A group with `pick` uses
 * ffmpeg's thumbnail filter to choose the most representative of the next frames.
 */
export async function grabFrames(
  sourceFile: string,
  groups: Array<{ at: number; pick?: number; targets: PictureTarget[] }>,
  options: RunOptions = {},
): Promise<ImageRef[][]> {
  const cmd = command()
  const graph: string[] = []
  groups.forEach((group, i) => {
    // (-ss 0 makes ffmpeg 4.1 drop a JPEG's only frame)
    cmd.input(sourceFile).inputOptions(group.at > 0 ? ['-ss', group.at.toFixed(3)] : [])
    const labels = group.targets.map((_, j) => `g${i}_${j}`)
    const head = `[${i}:v:0]${group.pick ? `thumbnail=${group.pick},` : ''}setsar=1,format=yuvj420p,split=${labels.length}${labels.map((l) => `[${l}i]`).join('')}`
    graph.push(head, ...group.targets.map((target, j) => `[${labels[j]}i]${scaleFilter(target)}[${labels[j]}]`))
  })
  cmd.complexFilter(graph.join(';'))
  for (const [i, group] of groups.entries()) {
    for (const [j, target] of group.targets.entries()) {
      await fs.mkdir(path.dirname(target.file), { recursive: true })
      cmd.output(target.file).outputOptions(['-map', `[g${i}_${j}]`, '-frames:v', '1', ...JPEG_QUALITY, '-f', 'image2', '-update', '1'])
    }
  }
  await run(cmd, options)
  // ffmpeg exits 0 when a seek finds no frame; a missing picture must fail the job instead.
  for (const target of groups.flatMap((group) => group.targets)) {
    const size = (await fs.stat(target.file).catch(() => null))?.size ?? 0
    if (size === 0) throw new Error(`ffmpeg wrote no picture for ${path.basename(target.file)}`)
  }
  return groups.map((group) => group.targets.map(toRef))
}

/** Renders one picture (any format ffmpeg reads) into JPEGs of the given sizes, in one process. */
export async function renderPicture(input: string, targets: PictureTarget[], options: RunOptions = {}): Promise<ImageRef[]> {
  const [refs] = await grabFrames(input, [{ at: 0, targets }], options)
  return refs!
}
