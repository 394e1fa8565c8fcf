import fs from 'node:fs/promises'
import path from 'node:path'
import { MediaRejected } from './errors.js'
import { command, run, type RunOptions } from './run.js'
import { addSourceInput, uprightFilters, type FrameSource } from './source-input.js'

export interface ClipTarget {
  file: string
  width: number
  height: number
  frameRate: number
  /** x264 quality (higher is smaller). */
  crf: number
}

/**
 * Stitches short pieces of a video into silent MP4 clips, in ONE ffmpeg process: each
 * piece is its own input (reached as the source's seek plan says), deinterlaced and
 * upright; the pieces are concatenated once and the result is written in every size asked
 * for (hover preview, tiny thumbnail clip).
 */
export async function stitchClips(
  sourceFile: string,
  source: FrameSource,
  pieces: Array<{ start: number; length: number }>,
  targets: ClipTarget[],
  options: RunOptions = {},
): Promise<void> {
  const [first] = targets
  if (!first) return
  const cmd = command()
  const graph: string[] = []
  pieces.forEach((piece, i) => {
    const skip = addSourceInput(cmd, sourceFile, source, piece.start, { seconds: piece.length })
    const chain = [
      ...skip,
      ...uprightFilters(source, 'frames'),
      `scale=${first.width}:${first.height}:flags=bicubic`,
      'setsar=1',
      `fps=${first.frameRate}`,
      'format=yuv420p',
      'setpts=PTS-STARTPTS',
    ]
    graph.push(`[${i}:v:0]${chain.join(',')}[p${i}]`)
  })
  graph.push(
    `${pieces.map((_, i) => `[p${i}]`).join('')}concat=n=${pieces.length}:v=1:a=0,split=${targets.length}${targets.map((_, i) => `[c${i}i]`).join('')}`,
  )
  targets.forEach((target, i) => {
    graph.push(i === 0 ? `[c${i}i]null[c${i}]` : `[c${i}i]scale=${target.width}:${target.height}:flags=bicubic,setsar=1,fps=${target.frameRate}[c${i}]`)
  })
  cmd.complexFilter(graph.join(';'))
  for (const [i, target] of targets.entries()) {
    await fs.mkdir(path.dirname(target.file), { recursive: true })
    cmd
      .output(target.file)
      .outputOptions([
        '-map',
        `[c${i}]`,
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-crf',
        String(target.crf),
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
      ])
  }
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0)
  await run(cmd, { ...options, durationSeconds: total })
  for (const target of targets) {
    if (!((await fs.stat(target.file).catch(() => null))?.size ?? 0))
      throw new MediaRejected(`no frame of the video could be decoded for ${path.basename(target.file)}`)
  }
}
