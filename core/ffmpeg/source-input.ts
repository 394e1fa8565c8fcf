import type { FfmpegCommand } from 'fluent-ffmpeg'
import { seekPlan, type SourceInfo } from '../domain/media/media.js'

/** What the filters need to know of a video source. */
export type FrameSource = Pick<SourceInfo, 'container' | 'rotation' | 'fieldOrder'>

/**
 * How to open a video source at `at` seconds, as seekPlan says: the input options (ffmpeg's
 * own rotation off: `uprightFilters` turns the picture, after deinterlacing; the input
 * seek; how much to read) and the filters that drop what lies before `at` (none when the
 * input seek lands on it). (-ss 0 makes ffmpeg 4.1 drop a JPEG's only frame, so 0 is never passed.)
 */
export function sourceInput(source: FrameSource, at = 0, { fromStart = false, seconds }: { fromStart?: boolean; seconds?: number } = {}) {
  const { inputSeek, skip } = seekPlan(source.container, at, fromStart)
  return {
    inputOptions: [
      '-noautorotate',
      ...(inputSeek > 0 ? ['-ss', inputSeek.toFixed(3)] : []),
      ...(seconds !== undefined ? ['-t', (skip + seconds).toFixed(3)] : []),
    ],
    skipFilters: skip > 0 ? [`trim=start=${skip.toFixed(3)}`, 'setpts=PTS-STARTPTS'] : [],
  }
}

/** Adds a video source as an input of `cmd` (see sourceInput); returns the filters that drop what lies before `at`. */
export function addSourceInput(
  cmd: FfmpegCommand,
  file: string,
  source: FrameSource,
  at = 0,
  options: { fromStart?: boolean; seconds?: number } = {},
): string[] {
  const { inputOptions, skipFilters } = sourceInput(source, at, options)
  cmd.input(file).inputOptions(inputOptions)
  return skipFilters
}

/**
 * The filters that make decoded frames the picture as displayed, before any scaling: an
 * interlaced source deinterlaced by bwdif (one frame per field for the ladder, one per
 * frame for pictures and clips), then turned upright by its display matrix. Rotating after
 * deinterlacing keeps the fields apart (a turned picture has its fields in columns).
 */
export function uprightFilters(source: Pick<SourceInfo, 'rotation' | 'fieldOrder'>, deinterlaceTo: 'fields' | 'frames'): string[] {
  const filters: string[] = []
  if (source.fieldOrder === 'tff' || source.fieldOrder === 'bff') {
    filters.push(`bwdif=mode=${deinterlaceTo === 'fields' ? 'send_field' : 'send_frame'}:parity=${source.fieldOrder}:deint=all`)
  }
  if (source.rotation === 90) filters.push('transpose=clock')
  else if (source.rotation === 270) filters.push('transpose=cclock')
  else if (source.rotation === 180) filters.push('hflip', 'vflip')
  return filters
}
