/**
 * A corpus of small generated sources of the kinds cameras, phones, broadcasters and
 * editors produce, made with the pipeline's own ffmpeg (4.1) inside the tests: each is a
 * few seconds of a test pattern at a small size, so the whole corpus transcodes in about a
 * minute on 2 cores. What each one is, and what the pipeline must make of it, is written
 * beside it.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { ffmpegBinaries } from '../../../core/ffmpeg/binaries.js'
import { probe } from '../../../core/ffmpeg/probe.js'

const exec = promisify(execFile)

async function ffmpeg(args: string[]): Promise<void> {
  await exec(ffmpegBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args])
}

/** The upright picture of the orientation cases: a test pattern whose top fifth is white. */
const MARKED = 'drawbox=x=0:y=0:w=iw:h=ih/5:color=white:t=fill'
const tone = (seconds: number, rate = 48000) => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`]
const pattern = (size: string, rate: number, seconds: number) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`]
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
/** x264 coding interlaced fields, flagged in the stream (what a broadcast encoder or camcorder writes). */
const x264Interlaced = (order: 'tff' | 'bff') => [...x264, '-flags', '+ilme+ildct', '-x264opts', `${order}=1`]

/**
 * A phone video: the sensor's landscape frames stored as they were taken, with a display
 * matrix that turns them `rotation` degrees clockwise to show the upright picture.
 */
async function phoneVideo(file: string, upright: { width: number; height: number }, rotation: 90 | 270, seconds: number) {
  const stored = `${file}.stored.mp4`
  // Store the upright picture turned the other way, so that the matrix turns it back.
  const turn = rotation === 90 ? 'transpose=cclock' : 'transpose=clock'
  await ffmpeg([
    ...pattern(`${upright.width}x${upright.height}`, 30, seconds),
    ...tone(seconds, 44100),
    '-vf',
    `${MARKED},${turn}`,
    ...x264,
    '-c:a',
    'aac',
    '-shortest',
    stored,
  ])
  // ffmpeg 4.1's MOV muxer writes the `rotate` tag as a counter-clockwise matrix: ask for the opposite turn.
  await ffmpeg(['-i', stored, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${(360 - rotation) % 360}`, file])
  await fs.rm(stored)
  const written = await probe(file)
  if (written.rotation !== rotation) throw new Error(`${path.basename(file)}: meant a ${rotation}° display matrix, ffprobe reads ${written.rotation}°`)
}

/**
 * A good 2 s clip written with `outputArgs`, then damaged: every byte from `from(bytes)` on
 * overwritten with deterministic noise, except those `keep(offset)` spares.
 */
async function damaged(file: string, outputArgs: string[], from: (bytes: Buffer) => number, keep: (offset: number) => boolean = () => false) {
  const good = `${file}.good`
  await ffmpeg([...pattern('320x180', 25, 2), ...tone(2), ...x264, '-c:a', 'aac', '-shortest', ...outputArgs, good])
  const bytes = await fs.readFile(good)
  let seed = 7
  for (let i = from(bytes); i < bytes.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    if (!keep(i)) bytes[i] = seed >> 16
  }
  await fs.writeFile(file, bytes)
  await fs.rm(good)
}

export interface CorpusSource {
  name: string
  /** What a camera, phone or editor would have made, in a sentence. */
  what: string
  make(file: string): Promise<void>
}

export const CORPUS = {
  phone: {
    name: 'phone portrait.mov',
    what: 'a phone video: 1280x720 stored, a 90° display matrix, shown upright at 720x1280; AAC at 44.1 kHz',
    make: (file) => phoneVideo(file, { width: 720, height: 1280 }, 90, 2),
  },
  phone270: {
    name: 'phone turned 270.mp4',
    what: 'a small phone video held the other way: 320x180 stored, a 270° matrix, shown 180x320',
    make: (file) => phoneVideo(file, { width: 180, height: 320 }, 270, 2),
  },
  tsProgressive: {
    name: 'recording.ts',
    what: 'MPEG-TS, 25p, one keyframe in 12 s (no input seek after 0 s finds a frame), AAC',
    make: (file) =>
      ffmpeg([
        ...pattern('320x180', 25, 12),
        ...tone(12),
        ...x264,
        '-g',
        '1000',
        '-keyint_min',
        '1000',
        '-sc_threshold',
        '0',
        '-c:a',
        'aac',
        '-shortest',
        '-f',
        'mpegts',
        file,
      ]),
  },
  tsInterlaced: {
    name: 'broadcast 576i.ts',
    what: 'broadcast MPEG-TS: 720x576 interlaced top field first at 25 frames (50 fields), anamorphic 16:9 (SAR 64:45), MPEG audio layer 2',
    make: (file) =>
      ffmpeg([
        ...pattern('720x576', 50, 2),
        ...tone(2),
        '-vf',
        'interlace=scan=tff,setsar=64/45',
        ...x264Interlaced('tff'),
        '-c:a',
        'mp2',
        '-b:a',
        '192k',
        '-shortest',
        '-f',
        'mpegts',
        file,
      ]),
  },
  camcorder: {
    name: 'camcorder 00001.mts',
    what: 'an AVCHD camcorder clip: MPEG-TS with 192-byte packets (m2ts), interlaced bottom field first, AC-3 5.1 with a tone in the centre channel only',
    make: (file) =>
      ffmpeg([
        ...pattern('320x180', 50, 2),
        '-f',
        'lavfi',
        '-i',
        'aevalsrc=0|0|0.5*sin(440*2*PI*t)|0|0|0:channel_layout=5.1(side):sample_rate=48000:duration=2',
        '-vf',
        'interlace=scan=bff',
        ...x264Interlaced('bff'),
        '-c:a',
        'ac3',
        '-b:a',
        '384k',
        '-shortest',
        '-f',
        'mpegts',
        '-mpegts_m2ts_mode',
        '1',
        file,
      ]),
  },
  editorExport: {
    name: 'editor export.mov',
    what: 'interlaced material (fields woven top first) exported by an editor as progressive H.264 in MOV: no flag says interlaced',
    make: (file) => ffmpeg([...pattern('320x180', 50, 2), ...tone(2), '-vf', 'interlace=scan=tff', ...x264, '-c:a', 'aac', '-shortest', file]),
  },
  hd60: {
    name: 'action cam 720p60.mp4',
    what: '1280x720 at 60 fps',
    make: (file) => ffmpeg([...pattern('1280x720', 60, 2), ...tone(2), ...x264, '-c:a', 'aac', '-shortest', file]),
  },
  vfr: {
    name: 'phone vfr.mp4',
    what: 'variable frame rate, as phones record: frames 1/60 to 4/60 s apart, 30 a second on average, 6.02 s (a last frame at 6.0 s)',
    make: (file) =>
      ffmpeg([
        ...pattern('320x180', 60, 6.02),
        ...tone(6.02),
        // Per 30 frames at 60 fps: the even ones but the 10th, plus the 21st; 15 frames a half second.
        '-vf',
        "select='eq(mod(n\\,2)\\,0)*not(eq(mod(n\\,30)\\,10))+eq(mod(n\\,30)\\,21)'",
        '-vsync',
        'vfr',
        ...x264,
        '-c:a',
        'aac',
        '-shortest',
        file,
      ]),
  },
  twoTracks: {
    name: 'two audio tracks.mkv',
    what: 'Matroska with two audio tracks: the first silent, the second (a tone) marked default',
    make: (file) =>
      ffmpeg([
        ...pattern('320x180', 25, 2),
        '-f',
        'lavfi',
        '-i',
        'anullsrc=channel_layout=stereo:sample_rate=48000',
        ...tone(2),
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-map',
        '2:a',
        ...x264,
        '-c:a',
        'aac',
        '-disposition:a:0',
        '0',
        '-disposition:a:1',
        'default',
        '-t',
        '2',
        file,
      ]),
  },
  damagedTs: {
    name: 'damaged.ts',
    what: 'MPEG-TS whose packet headers and tables are intact but whose payload is noise: the probe finds a video stream with no picture',
    // Keep the first 4 packets (tables) and every packet's 4-byte header.
    make: (file) =>
      damaged(
        file,
        ['-f', 'mpegts'],
        () => 4 * 188,
        (offset) => offset % 188 < 4,
      ),
  },
  damagedMp4: {
    name: 'damaged.mp4',
    what: 'MP4 with its index (moov) first and intact, the media data after it noise: it probes fine, no frame decodes',
    make: (file) => damaged(file, ['-movflags', '+faststart', '-f', 'mp4'], (bytes) => bytes.indexOf('mdat') + 64),
  },
} satisfies Record<string, CorpusSource>

export type CorpusName = keyof typeof CORPUS

/** Makes the named sources in `dir`; returns their paths. */
export async function makeCorpus<K extends CorpusName>(dir: string, names: K[]): Promise<Record<K, string>> {
  await fs.mkdir(dir, { recursive: true })
  const files = {} as Record<K, string>
  for (const name of names) {
    const file = path.join(dir, CORPUS[name].name)
    await CORPUS[name].make(file)
    files[name] = file
  }
  return files
}
