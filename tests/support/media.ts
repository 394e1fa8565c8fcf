import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FfprobeData } from 'fluent-ffmpeg'
import ffmpeg from 'fluent-ffmpeg'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ImageSet, Video } from '../../core/db/entities/index.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'

const exec = promisify(execFile)

/** A temporary folder for one test file; removed by the returned function. */
export async function tempDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `streamclub-${prefix}-`))
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) }
}

/** A small synthetic video (test pattern + tone) made by ffmpeg. */
export async function makeTestVideo(
  file: string,
  { width = 320, height = 180, seconds = 2, audio = true, rate = 25, container = [] as string[] } = {},
): Promise<string> {
  const bin = ffmpegBinaries()
  await fs.mkdir(path.dirname(file), { recursive: true })
  await exec(bin.ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    ...container,
    file,
  ])
  return file
}

/** A synthetic picture. */
export async function makeTestImage(file: string, width: number, height: number, pattern = 'testsrc2'): Promise<string> {
  const bin = ffmpegBinaries()
  await fs.mkdir(path.dirname(file), { recursive: true })
  await exec(bin.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=size=${width}x${height}:rate=1`, '-frames:v', '1', file])
  return file
}

export function ffprobe(file: string): Promise<FfprobeData> {
  ffmpegBinaries()
  return new Promise((resolve, reject) => ffmpeg.ffprobe(file, (error: Error | null, data: FfprobeData) => (error ? reject(error) : resolve(data))))
}

/** Width and height of a file's first video stream. */
export async function pictureSize(file: string): Promise<{ width: number; height: number }> {
  const data = await ffprobe(file)
  const video = data.streams.find((stream) => stream.codec_type === 'video')!
  return { width: Number(video.width), height: Number(video.height) }
}

/** Whether a file's first video stream (or picture) has square pixels: a 1:1 sample aspect ratio, or none given. */
export async function squarePixels(file: string): Promise<boolean> {
  const data = await ffprobe(file)
  const sar = data.streams.find((stream) => stream.codec_type === 'video')?.sample_aspect_ratio
  return sar === undefined || sar === '1:1' || sar === '0:1'
}

/** Every file below a folder, relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** A test database, a scratch folder and a configuration whose media and ingest folders live in it. */
export type MediaTestEnv = Awaited<ReturnType<typeof mediaTestEnv>>

export async function mediaTestEnv(prefix: string, { store: kind = 'local' }: { store?: 'local' | 's3' } = {}) {
  const { createTestDatabase } = await import('./test-database.js')
  const { testConfig } = await import('./config.js')
  const { openMediaStore } = await import('../../core/services/media/open-store')
  const db = await createTestDatabase()
  const tmp = await tempDir(prefix)
  const env: NodeJS.ProcessEnv = { DATA_DIR: tmp.dir, MEDIA_DIR: path.join(tmp.dir, 'media'), INGEST_DIR: path.join(tmp.dir, 'ingest') }
  if (kind === 's3') Object.assign(env, await testBucket(prefix))
  const config = testConfig(env)
  return {
    db,
    tmp,
    env,
    config,
    store: await openMediaStore(config),
    async cleanup() {
      await db.drop()
      await tmp.remove()
    },
  }
}

/**
 * The playback tests' catalog: a 2 s 320x180 clip ("Clip") and a set of three 64x48 pictures
 * ("Set"), ingested through the store and processed by the worker's jobs until ready.
 */
export async function ingestClipAndSet(t: MediaTestEnv) {
  const { ingestSource } = await import('../../core/services/media/ingest')
  const { drainJobs } = await import('../../worker/runner.js')
  const { ImageSet, Video } = await import('../../core/db/entities/index')
  const em = t.db.orm.em.fork()
  const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'clip.mp4'), { width: 320, height: 180, seconds: 2 })
  const pictures = path.join(t.tmp.dir, 'src', 'set')
  for (const [index, pattern] of ['testsrc2', 'smptebars', 'rgbtestsrc'].entries())
    await makeTestImage(path.join(pictures, `${index + 1}.png`), 64, 48, pattern)
  const queuedVideo = await ingestSource(em, t.store, { kind: 'video', source, mode: 'copy' })
  const queuedSet = await ingestSource(em, t.store, { kind: 'imageSet', source: pictures, mode: 'copy' })
  if (queuedVideo.status !== 'queued' || queuedSet.status !== 'queued') throw new Error('not queued')
  await drainJobs({ config: t.config, orm: t.db.orm }, t.db.url)
  const video = await t.db.orm.em.fork().findOneOrFail(Video, queuedVideo.id)
  const imageSet = await t.db.orm.em.fork().findOneOrFail(ImageSet, queuedSet.id)
  if (video.mediaStatus !== 'ready' || imageSet.mediaStatus !== 'ready') throw new Error(`not ready: ${video.mediaError ?? imageSet.mediaError}`)
  return { video, imageSet }
}

/**
 * Every stored file the rows of a ready video and image set name that only members may see:
 * pictures (with their WebP copies), the clips, playlists, download and scrub track. The tour's
 * blurred renditions are not among them.
 */
export async function explicitFilesOf(em: EntityManager, video: Video, imageSet: ImageSet): Promise<Set<string>> {
  const { Image } = await import('../../core/db/entities/index')
  const images = await em.find(Image, { imageSet: imageSet.id })
  const pictures = [
    ...video.media.poster,
    ...imageSet.media.previews,
    ...video.media.stills.flatMap((still) => [still.thumb, still.full]),
    ...images.flatMap((image) => [image.media.thumb, image.media.web, image.media.original]),
  ]
  const { media } = video
  const files = [
    ...pictures.flatMap((ref) => [ref.path, ref.webp]),
    media.previewClip,
    media.thumbnailClip,
    media.master,
    media.download,
    media.scrub?.track,
    ...media.ladder.map((rung) => rung.playlist),
  ]
  return new Set(files.filter((file): file is string => Boolean(file)))
}

/**
 * A fresh bucket (with the CORS rule browsers need) on the tests' S3 server, as the
 * environment variables of MEDIA_STORE=s3.
 */
export async function testBucket(prefix: string): Promise<NodeJS.ProcessEnv> {
  const { inject } = await import('vitest')
  const { CreateBucketCommand, PutBucketCorsCommand } = await import('@aws-sdk/client-s3')
  const { createS3Client } = await import('../../core/services/media/store-s3')
  const { LOCAL_S3_CREDENTIALS, localS3Env } = await import('../../scripts/s3-server.js')
  const endpoint = inject('testS3Endpoint')
  const bucket = `${prefix
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 40)}-${crypto.randomBytes(4).toString('hex')}`
  const client = createS3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, ...LOCAL_S3_CREDENTIALS })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: ['*'],
            AllowedMethods: ['GET', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['Content-Length', 'Content-Range'],
            MaxAgeSeconds: 3600,
          },
        ],
      },
    }),
  )
  client.destroy()
  return localS3Env(endpoint, bucket)
}

/** Runs the pipeline's ffmpeg on a file and returns what it wrote to stderr (the filters' reports). */
async function ffmpegReport(args: string[]): Promise<string> {
  const { stderr } = await exec(ffmpegBinaries().ffmpeg, ['-hide_banner', '-nostdin', ...args], { maxBuffer: 16 * 1024 * 1024 })
  return stderr
}

/**
 * idet's multi-frame verdicts on a file's first video stream (at the pipeline's threshold of
 * 1.5: ffmpeg's default calls sharp progressive test patterns interlaced).
 */
export async function idet(file: string): Promise<{ tff: number; bff: number; progressive: number; undetermined: number }> {
  const text = await ffmpegReport(['-i', file, '-map', '0:v:0', '-vf', 'idet=intl_thres=1.5', '-an', '-f', 'null', '-'])
  const line = /Multi frame detection: TFF:\s*(\d+)\s+BFF:\s*(\d+)\s+Progressive:\s*(\d+)\s+Undetermined:\s*(\d+)/.exec(text)
  if (!line) throw new Error(`no idet report for ${file}`)
  return { tff: Number(line[1]), bff: Number(line[2]), progressive: Number(line[3]), undetermined: Number(line[4]) }
}

/** RMS level (dB) of each audio channel of a file's first audio stream. */
export async function channelLevels(file: string): Promise<number[]> {
  const text = await ffmpegReport(['-i', file, '-map', '0:a:0', '-af', 'astats', '-f', 'null', '-'])
  const perChannel = text.split(/Channel: \d+/).slice(1)
  return perChannel.map((block) => Number(/RMS level dB: (-?[\d.]+|-inf)/.exec(block)?.[1]?.replace('-inf', '-Infinity') ?? NaN))
}

/** Mean brightness (0-255) of a picture's top fifth and of the rest: the corpus marks the upright top white. */
export async function topAndRestBrightness(file: string): Promise<{ top: number; rest: number }> {
  const mean = async (crop: string) => {
    const text = await ffmpegReport(['-i', file, '-frames:v', '1', '-vf', `${crop},signalstats,metadata=print:key=lavfi.signalstats.YAVG`, '-f', 'null', '-'])
    return Number(/lavfi\.signalstats\.YAVG=([\d.]+)/.exec(text)?.[1] ?? NaN)
  }
  return { top: await mean('crop=iw:ih/5-4:0:0'), rest: await mean('crop=iw:ih*4/5-4:0:ih/5+4') }
}

/** Presentation times (s) of a file's video frames, in order. */
export async function videoFrameTimes(file: string): Promise<number[]> {
  const { stdout } = await exec(ffmpegBinaries().ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file])
  return stdout
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b)
}
