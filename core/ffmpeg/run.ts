import ffmpeg, { type FfmpegCommand } from 'fluent-ffmpeg'
import { ffmpegBinaries } from './binaries.js'

export interface RunOptions {
  /** Seconds of output the command will write, to turn ffmpeg's time= into a fraction. */
  durationSeconds?: number
  onProgress?: (fraction: number) => void
  /** Aborting kills ffmpeg at once (graceful worker shutdown, a cancelled job). */
  signal?: AbortSignal
}

/** ffmpeg failed; `detail` holds the last lines it wrote, for the job's error. */
export class FfmpegError extends Error {
  override name = 'FfmpegError'
  /** The exit code when ffmpeg ended by itself; null when it was killed or never started. */
  readonly exitCode: number | null
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message)
    const code = /exited with code (\d+)/.exec(message)
    this.exitCode = code ? Number(code[1]) : null
  }
}

/**
 * A new fluent-ffmpeg command with the options every run of the pipeline shares. The binaries
 * are resolved first (once per process): the server renders pictures too (the console's poster
 * from a still) and may do so before anything else there asked for them.
 */
export function command(): FfmpegCommand {
  ffmpegBinaries()
  return ffmpeg({ stdoutLines: 40 }).addOption('-hide_banner').addOption('-nostdin').addOption('-y')
}

const timemarkSeconds = (mark: string) => {
  const [h = '0', m = '0', s = '0'] = mark.split(':')
  return Number(h) * 3600 + Number(m) * 60 + Number(s)
}

/** Runs a fluent-ffmpeg command to its end, reporting progress; rejects with FfmpegError. */
export function run(cmd: FfmpegCommand, options: RunOptions = {}): Promise<void> {
  const { durationSeconds, onProgress, signal } = options
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, as fetch rejects
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'))
    const onAbort = () => {
      cmd.kill('SIGKILL')
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, as fetch rejects
      reject(signal?.reason ?? new Error('aborted'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    if (onProgress && durationSeconds) {
      cmd.on('progress', (progress: { timemark?: string }) => {
        if (progress.timemark) onProgress(Math.max(0, Math.min(1, timemarkSeconds(progress.timemark) / durationSeconds)))
      })
    }
    cmd.on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
      signal?.removeEventListener('abort', onAbort)
      const lines = (stderr ?? '').split('\n').filter((line) => line.trim() && !/^\s*(frame|size)=/.test(line))
      reject(new FfmpegError(error.message.split('\n')[0] ?? 'ffmpeg failed', lines.slice(-6).join('\n')))
    })
    cmd.on('end', () => {
      signal?.removeEventListener('abort', onAbort)
      onProgress?.(1)
      resolve()
    })
    cmd.run()
  })
}
