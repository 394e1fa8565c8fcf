import fs from 'node:fs/promises'
import path from 'node:path'
import { command, run, type RunOptions } from './run.js'

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
 * piece is its own seeked input, the pieces are concatenated once and the result is
 * written in every size asked for (hover preview, tiny thumbnail clip).
 */
export async function stitchClips(
  sourceFile: string,
  pieces: Array<{ start: number; length: number }>,
  targets: ClipTarget[],
  options: RunOptions = {},
): Promise<void> {
  const [first] = targets
  if (!first) return
  const cmd = command()
  const graph: string[] = []
  pieces.forEach((piece, i) => {
    cmd.input(sourceFile).inputOptions(['-ss', piece.start.toFixed(3), '-t', piece.length.toFixed(3)])
    graph.push(`[${i}:v:0]scale=${first.width}:${first.height}:flags=bicubic,setsar=1,fps=${first.frameRate},format=yuv420p,setpts=PTS-STARTPTS[p${i}]`)
  })
  graph.push(`${pieces.map((_, i) => `[p${i}]`).join('')}concat=n=${pieces.length}:v=1:a=0,split=${targets.length}${targets.map((_, i) => `[c${i}i]`).join('')}`)
  targets.forEach((target, i) => {
    graph.push(i === 0 ? `[c${i}i]null[c${i}]` : `[c${i}i]scale=${target.width}:${target.height}:flags=bicubic,fps=${target.frameRate}[c${i}]`)
  })
  cmd.complexFilter(graph.join(';'))
  for (const [i, target] of targets.entries()) {
    await fs.mkdir(path.dirname(target.file), { recursive: true })
    cmd.output(target.file).outputOptions([
      '-map', `[c${i}]`, '-an',
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-crf', String(target.crf),
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
    ])
  }
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0)
  await run(cmd, { ...options, durationSeconds: total })
}
