/**
 * The sources `npm run test:image` hands to the worker in the image, whose ffmpeg is built
 * with only the formats the Dockerfile names: each kind of video cameras, phones,
 * broadcasters, editors and older software write, and a folder with a picture of every
 * extension an image set takes. Made on the host by the tests' ffmpeg (its encoders: x265,
 * libvpx, aom, Opus, LAME …, which the image's ffmpeg has not), 1–2 s each at a small size.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { probe } from '../../core/ffmpeg/probe.js'
import { IMAGE_EXTENSIONS } from '../../core/domain/media/media.js'
import { CORPUS, makeCorpus } from '../../tests/support/media/corpus.js'

export interface Sample {
  file: string
  what: string
  /** The video and audio codecs ffprobe names in it, e.g. "hevc aac". */
  codecs: string
}

const exec = promisify(execFile)

const pattern = (size = '320x180', rate = 25, seconds = 2) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`]
const tone = (rate = 48000, seconds = 2) => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`]

/** Kinds the tests' corpus has no example of: codecs and containers, one each. */
const MORE = [
  {
    name: 'hevc phone.mp4',
    what: 'HEVC (as iPhones record) with AAC in MP4',
    codecs: 'hevc aac',
    args: [...pattern(), ...tone(), '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac'],
  },
  {
    name: 'vp9 screen capture.webm',
    what: 'VP9 with Opus in WebM',
    codecs: 'vp9 opus',
    args: [...pattern(), ...tone(), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libopus'],
  },
  {
    name: 'vp8 old web.webm',
    what: 'VP8 with Vorbis in WebM',
    codecs: 'vp8 vorbis',
    args: [...pattern(), ...tone(), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libvorbis'],
  },
  {
    name: 'av1 export.mkv',
    what: 'AV1 (decoded by dav1d) with FLAC in Matroska',
    codecs: 'av1 flac',
    args: [
      ...pattern('320x180', 25, 1),
      ...tone(48000, 1),
      '-c:v',
      'libaom-av1',
      '-cpu-used',
      '8',
      '-lag-in-frames',
      '0',
      '-b:v',
      '200k',
      '-strict',
      'experimental',
      '-c:a',
      'flac',
    ],
  },
  {
    name: 'dvd VTS_01_1.mpg',
    what: 'a DVD: MPEG-2 interlaced top field first, 720x576 anamorphic, MPEG audio layer 2 in an MPEG program stream',
    codecs: 'mpeg2video mp2',
    args: [
      ...pattern('720x576', 50),
      ...tone(),
      '-vf',
      'interlace=scan=tff,setsar=64/45',
      '-c:v',
      'mpeg2video',
      '-flags',
      '+ilme+ildct',
      '-top',
      '1',
      '-b:v',
      '4M',
      '-c:a',
      'mp2',
      '-f',
      'dvd',
    ],
  },
  {
    name: 'xvid.avi',
    what: 'MPEG-4 Part 2 (Xvid) with MP3 in AVI',
    codecs: 'mpeg4 mp3',
    args: [...pattern(), ...tone(), '-c:v', 'mpeg4', '-vtag', 'XVID', '-q:v', '5', '-c:a', 'libmp3lame'],
  },
  {
    name: 'prores master.mov',
    what: 'ProRes 422 Proxy with 16-bit PCM in MOV (an editor master)',
    codecs: 'prores pcm_s16le',
    args: [...pattern(), ...tone(), '-c:v', 'prores_ks', '-profile:v', '0', '-c:a', 'pcm_s16le'],
  },
  {
    name: 'broadcast.mxf',
    what: 'MPEG-2 with 16-bit PCM in MXF (broadcast exchange)',
    codecs: 'mpeg2video pcm_s16le',
    args: [...pattern(), ...tone(), '-c:v', 'mpeg2video', '-b:v', '2M', '-c:a', 'pcm_s16le'],
  },
  {
    name: 'windows media.wmv',
    what: 'WMV 8 with WMA 2 in ASF',
    codecs: 'wmv2 wmav2',
    args: [...pattern(), ...tone(), '-c:v', 'wmv2', '-b:v', '500k', '-c:a', 'wmav2'],
  },
  {
    name: 'flash.flv',
    what: 'Sorenson Spark with MP3 in FLV',
    codecs: 'flv1 mp3',
    args: [...pattern(), ...tone(44100), '-c:v', 'flv', '-b:v', '500k', '-c:a', 'libmp3lame'],
  },
  {
    name: 'old phone.3gp',
    what: 'H.263 at 176x144, 15 fps, with mono AAC in 3GP (an old phone)',
    codecs: 'h263 aac',
    args: [...pattern('176x144', 15), ...tone(8000), '-c:v', 'h263', '-c:a', 'aac', '-ac', '1'],
  },
  {
    name: 'lossless intermediate.avi',
    what: "UT Video with 24-bit PCM in AVI (an editor's lossless export)",
    codecs: 'utvideo pcm_s24le',
    args: [...pattern(), ...tone(), '-c:v', 'utvideo', '-c:a', 'pcm_s24le'],
  },
  {
    name: 'webcam mjpeg.avi',
    what: 'Motion JPEG with PCM in AVI (webcams, still cameras)',
    codecs: 'mjpeg pcm_s16le',
    args: [...pattern(), ...tone(), '-c:v', 'mjpeg', '-q:v', '4', '-c:a', 'pcm_s16le'],
  },
]

/** A codec the image's ffmpeg leaves out: the worker must fail the item with a reason, as it fails a damaged file. */
const LEFT_OUT = {
  name: 'cinepak.mov',
  what: 'Cinepak (1990s CD-ROM video) with PCM in MOV, a codec the image leaves out',
  codecs: 'cinepak pcm_s16le',
  args: [...pattern(), ...tone(), '-c:v', 'cinepak', '-c:a', 'pcm_s16le'],
}

/** The tests' corpus cases that name a codec or container this list has no other example of. */
const FROM_CORPUS = ['phone270', 'tsInterlaced', 'camcorder', 'editorExport', 'twoTracks'] as const

async function codecsOf(file: string): Promise<string> {
  const info = await probe(file)
  return [info.videoCodec, info.audioCodec].filter(Boolean).join(' ')
}

/** Writes the videos into `dir` and the pictures into `dir/pictures`; every sample is checked to be what it says. */
export async function makeSamples(dir: string): Promise<{ videos: Sample[]; leftOut: Sample; pictures: { dir: string; count: number } }> {
  await fs.mkdir(dir, { recursive: true })
  const videos: Sample[] = []
  const corpus = await makeCorpus(dir, [...FROM_CORPUS])
  for (const name of FROM_CORPUS) videos.push({ file: corpus[name], what: CORPUS[name].what, codecs: await codecsOf(corpus[name]) })
  const make = async (sample: (typeof MORE)[number]): Promise<Sample> => {
    const file = path.join(dir, sample.name)
    await exec(ffmpegBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...sample.args, '-shortest', file])
    const codecs = await codecsOf(file)
    if (codecs !== sample.codecs) throw new Error(`${sample.name}: meant ${sample.codecs}, ffprobe reads ${codecs}`)
    return { file, what: sample.what, codecs }
  }
  for (const sample of MORE) videos.push(await make(sample))
  const pictures = path.join(dir, 'pictures')
  await fs.mkdir(pictures)
  for (const [i, extension] of IMAGE_EXTENSIONS.entries()) {
    const file = path.join(pictures, `picture ${i + 1}${extension}`)
    await exec(ffmpegBinaries().ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${640 + 16 * i}x480:rate=1`,
      '-frames:v',
      '1',
      file,
    ])
  }
  return { videos, leftOut: await make(LEFT_OUT), pictures: { dir: pictures, count: IMAGE_EXTENSIONS.length } }
}
