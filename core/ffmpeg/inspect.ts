import { execFile } from 'node:child_process'
import { avc1Codec } from '../domain/media/media-h264.js'
import { scanOrder, type IdetCounts, type SourceInfo } from '../domain/media/media.js'
import { ffmpegBinaries } from './binaries.js'
import { sourceInput } from './source-input.js'

/** Runs ffmpeg with `args` and hands back what it wrote, whatever its exit code (callers judge the output). */
function ffmpegOutput(args: string[], signal?: AbortSignal): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegBinaries().ffmpeg,
      ['-hide_banner', '-nostdin', ...args],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024, signal },
      (error, stdout, stderr) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, as fetch rejects
        if (signal?.aborted) return reject(signal.reason ?? error)
        resolve({ stdout, stderr: stderr.toString('utf8') })
      },
    )
  })
}

/**
 * The RFC 6381 name of the first H.264 stream of a file (avc1.PPCCLL), read from its
 * sequence parameter set: what the stream really says, for the master playlist's CODECS.
 * Null when the file has no H.264 parameter set.
 */
export async function readAvcCodec(file: string): Promise<string | null> {
  const { stdout } = await ffmpegOutput(['-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-frames:v', '1', '-f', 'h264', 'pipe:1'])
  for (let i = 0; i + 6 < stdout.length; i++) {
    if (stdout[i] === 0 && stdout[i + 1] === 0 && stdout[i + 2] === 1 && (stdout[i + 3]! & 0x9f) === 0x07) {
      return avc1Codec(stdout[i + 4]!, stdout[i + 5]!, stdout[i + 6]!)
    }
  }
  return null
}

/** Frames idet looks at, from 40 % into a video longer than 10 s (else from the start). */
const IDET_FRAMES = 60
/**
 * idet's interlacing threshold: how much better one field order must explain a frame than
 * the other. ffmpeg's default (1.04) calls sharp progressive test patterns interlaced
 * (testsrc2: 44 of 50 frames TFF); at 1.5 none of them were, while material woven from
 * fields (320x180 to 1920x1080, either field order) still was.
 */
const IDET_THRESHOLD = 1.5

/** Parses idet's summary: "Multi frame detection: TFF: 40 BFF: 0 Progressive: 2 Undetermined: 8". */
export function parseIdet(text: string): IdetCounts | null {
  const line = /Multi frame detection: TFF:\s*(\d+)\s+BFF:\s*(\d+)\s+Progressive:\s*(\d+)\s+Undetermined:\s*(\d+)/.exec(text)
  return line ? { tff: Number(line[1]), bff: Number(line[2]), progressive: Number(line[3]), undetermined: Number(line[4]) } : null
}

/**
 * Whether a source is interlaced: a stream flagged interlaced is believed; any other is
 * sampled with ffmpeg's idet filter (60 frames), which sees combing that no flag announces
 * (an editor's export of interlaced material as "progressive").
 */
export async function detectScan(
  file: string,
  source: SourceInfo,
  signal?: AbortSignal,
): Promise<{ order: 'progressive' | 'tff' | 'bff'; by: 'flag' | 'idet'; idet: IdetCounts | null }> {
  if (source.fieldOrder === 'tff' || source.fieldOrder === 'bff') return { ...scanOrder(source.fieldOrder, null), idet: null }
  const at = source.durationSeconds > 10 ? source.durationSeconds * 0.4 : 0
  const { inputOptions, skipFilters } = sourceInput(source, at)
  const { stderr } = await ffmpegOutput(
    [
      ...inputOptions,
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vf',
      [...skipFilters, `idet=intl_thres=${IDET_THRESHOLD}`].join(','),
      '-frames:v',
      String(IDET_FRAMES),
      '-an',
      '-f',
      'null',
      '-',
    ],
    signal,
  )
  const idet = parseIdet(stderr)
  return { ...scanOrder(source.fieldOrder, idet), idet }
}
