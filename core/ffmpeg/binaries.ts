import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import ffmpeg from 'fluent-ffmpeg'

export interface FfmpegBinaries {
  ffmpeg: string
  ffprobe: string
  /** Where each came from, for the start-up log. */
  source: 'config' | 'PATH' | 'npm'
}

const require = createRequire(import.meta.url)

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue
    const candidate = path.join(dir, name)
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      if (fs.statSync(candidate).isFile()) return candidate
    } catch {
      // not here
    }
  }
  return null
}

/** The npm packages' binaries; the ffprobe package's install script only sets the run bit. */
function fromNpm(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  let binary: string
  try {
    binary = (require(pkg) as { path: string }).path
  } catch {
    // A production install (npm ci --omit=dev) has no npm binaries: the machine's ffmpeg is the one to use.
    throw new Error('ffmpeg and ffprobe not found: install ffmpeg (e.g. apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH')
  }
  try {
    fs.accessSync(binary, fs.constants.X_OK)
  } catch {
    fs.chmodSync(binary, 0o755)
  }
  return binary
}

let resolved: FfmpegBinaries | null = null

/**
 * FFMPEG_PATH / FFPROBE_PATH when configured, else ffmpeg and ffprobe on PATH, else the
 * binaries shipped by @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (development
 * dependencies: a development machine without ffmpeg still transcodes). Resolved
 * once per process and handed to fluent-ffmpeg.
 */
export function ffmpegBinaries(config: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined } = {}): FfmpegBinaries {
  if (resolved) return resolved
  let result: FfmpegBinaries
  if (config.ffmpegPath || config.ffprobePath) {
    result = {
      ffmpeg: config.ffmpegPath ?? onPath('ffmpeg') ?? fromNpm('@ffmpeg-installer/ffmpeg'),
      ffprobe: config.ffprobePath ?? onPath('ffprobe') ?? fromNpm('@ffprobe-installer/ffprobe'),
      source: 'config',
    }
  } else {
    const ffmpegOnPath = onPath('ffmpeg')
    const ffprobeOnPath = onPath('ffprobe')
    result =
      ffmpegOnPath && ffprobeOnPath
        ? { ffmpeg: ffmpegOnPath, ffprobe: ffprobeOnPath, source: 'PATH' }
        : { ffmpeg: fromNpm('@ffmpeg-installer/ffmpeg'), ffprobe: fromNpm('@ffprobe-installer/ffprobe'), source: 'npm' }
  }
  ffmpeg.setFfmpegPath(result.ffmpeg)
  ffmpeg.setFfprobePath(result.ffprobe)
  resolved = result
  return result
}

/** The first line of `ffmpeg -version`, for logs and the bench. */
export function ffmpegVersion(binaries: FfmpegBinaries): string {
  return execFileSync(binaries.ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' }).split('\n')[0] ?? ''
}
