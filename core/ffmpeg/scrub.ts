import fs from 'node:fs/promises'
import path from 'node:path'
import { SCRUB, scrubInterval, scrubRows, scrubTileSize, scrubTrack, sheetName } from '../domain/media/scrub.js'
import { MediaRejected } from './errors.js'
import { command, run, type RunOptions } from './run.js'

export interface ScrubResult {
  /** The thumbnails' moments (seconds from the start). */
  times: number[]
  sheets: number
  interval: number
  tile: { width: number; height: number }
}

/**
 * Scrub thumbnails from a finished rung (its media playlist): one ffmpeg process that decodes
 * keyframes only (`-skip_frame nokey`), keeps one every `interval` seconds, scales it to a
 * tile and tiles the tiles into JPEG sheets; the moments are read from `showinfo`, so the
 * WebVTT track names exactly the pictures made. Writes `sheet-NNN.jpg` and `thumbnails.vtt`
 * into `dir`.
 */
export async function makeScrubThumbnails(
  playlist: string,
  dir: string,
  picture: { width: number; height: number; durationSeconds: number },
  options: RunOptions = {},
): Promise<ScrubResult> {
  const interval = scrubInterval(picture.durationSeconds)
  const tile = scrubTileSize(picture.width, picture.height)
  const rows = scrubRows(picture.durationSeconds, interval)
  await fs.mkdir(dir, { recursive: true })
  const times: number[] = []
  const cmd = command()
    .input(playlist)
    .inputOptions(['-skip_frame', 'nokey'])
    .outputOptions([
      '-an',
      '-vf',
      // A keyframe at least interval - 0.5 s after the last one kept (keyframes come every 2 s).
      `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${interval - 0.5})',showinfo,scale=${tile.width}:${tile.height}:flags=bicubic,tile=${SCRUB.columns}x${rows}`,
      '-q:v',
      String(SCRUB.jpegQuality),
      '-f',
      'image2',
    ])
    .output(path.join(dir, 'sheet-%03d.jpg'))
  cmd.on('stderr', (line: string) => {
    const match = /Parsed_showinfo.*\bpts_time:\s*(-?[\d.]+)/.exec(line)
    if (match) times.push(Number(match[1]))
  })
  await run(cmd, { ...options, durationSeconds: picture.durationSeconds })
  if (!times.length) throw new MediaRejected('no keyframe of the lowest rung could be decoded for the scrub thumbnails')
  // The moments from the start of the rung (its first timestamp is not quite 0).
  const first = times[0]!
  const moments = times.map((t) => Math.max(0, t - first))
  const sheets = Math.ceil(moments.length / (SCRUB.columns * rows))
  for (let i = 0; i < sheets; i++) {
    if (!((await fs.stat(path.join(dir, sheetName(i))).catch(() => null))?.size ?? 0)) throw new MediaRejected(`ffmpeg wrote no scrub sheet ${sheetName(i)}`)
  }
  await fs.writeFile(path.join(dir, SCRUB.track), scrubTrack(moments, picture.durationSeconds, tile, SCRUB.columns, rows))
  return { times: moments, sheets, interval, tile }
}
