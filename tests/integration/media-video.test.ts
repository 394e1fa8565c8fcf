import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { parseMediaPlaylist } from '../../core/ffmpeg/ladder.js'
import { probe } from '../../core/ffmpeg/probe.js'
import { drainJobs } from '../../worker/runner.js'
import { ffprobe, listFiles, makeTestVideo, pictureSize, mediaTestEnv, type MediaTestEnv } from '../support/media.js'

let t: MediaTestEnv
let source720: string

beforeAll(async () => {
  t = await mediaTestEnv('video')
  source720 = await makeTestVideo(path.join(t.tmp.dir, 'src', 'source 720p.mp4'), { width: 1280, height: 720, seconds: 3 })
})
afterAll(() => t.cleanup())

const work = () => drainJobs({ config: t.config, orm: t.db.orm }, t.db.url)
const media = (stored: string) => t.store.absolute(stored)

async function ingest(file: string) {
  const result = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source: file, mode: 'copy' })
  if (result.status !== 'queued') throw new Error(`not queued: ${JSON.stringify(result)}`)
  return result
}

/** The attribute list of an EXT-X-STREAM-INF line, as a map. */
function attributes(line: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const match of line.slice(line.indexOf(':') + 1).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) out[match[1]!] = match[2]!.replace(/^"|"$/g, '')
  return out
}

describe('a 720p source', () => {
  let video: Video

  beforeAll(async () => {
    const queued = await ingest(source720)
    await work()
    video = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
  })

  it('ends ready and released, with its resolutions, duration and progress recorded', () => {
    expect(video.mediaError).toBeNull()
    expect(video.mediaStatus).toBe('ready')
    expect(video.mediaProgress).toBe(1)
    expect(video.resolutions).toEqual(['sd', 'hd'])
    expect(video.highestResolution).toBe('hd')
    expect(video.durationSeconds).toBe(3)
    expect(video.releasedAt).not.toBeNull()
    expect(video.sourceName).toBe('source 720p.mp4')
    expect(video.sourceSha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('has a master playlist naming both rungs by relative paths, with measured bandwidths', async () => {
    expect(video.media.master).toBe(`protected/${video.mediaKey}/hls/master.m3u8`)
    const master = await fs.readFile(media(video.media.master!), 'utf8')
    const lines = master.trim().split('\n')
    expect(lines[0]).toBe('#EXTM3U')
    const variants = lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF:') ? [{ attrs: attributes(line), uri: lines[i + 1]! }] : []))
    expect(variants.map((v) => v.attrs.RESOLUTION)).toEqual(['854x480', '1280x720'])
    expect(variants.map((v) => v.uri)).toEqual(['sd/index.m3u8', 'hd/index.m3u8'])
    for (const { attrs } of variants) {
      expect(Number(attrs.BANDWIDTH)).toBeGreaterThan(Number(attrs['AVERAGE-BANDWIDTH']) * 0.99)
      expect(Number(attrs['AVERAGE-BANDWIDTH'])).toBeGreaterThan(10_000)
    }
    // 854x480 at 25 fps is Main 3.0 (40,500 macroblocks/s fills it exactly), 1280x720 at 25 High 3.1.
    expect(variants.map((v) => v.attrs.CODECS)).toEqual(['avc1.4d401e,mp4a.40.2', 'avc1.64001f,mp4a.40.2'])
    // Peak video stays under the rung's cap from Apple's ladder (plus audio and container overhead).
    expect(Number(variants[1]!.attrs.BANDWIDTH)).toBeLessThan((4500 * 1.1 + 128) * 1000 * 1.25)
    expect(video.media.ladder.map((rung) => [rung.resolution, rung.width, rung.height])).toEqual([
      ['sd', 854, 480],
      ['hd', 1280, 720],
    ])
  })

  it('has media playlists whose relative segments exist, are about 6 s, and line up across rungs', async () => {
    const perRung = []
    for (const rung of video.media.ladder) {
      const text = await fs.readFile(media(rung.playlist), 'utf8')
      expect(text).toContain('#EXT-X-ENDLIST')
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)![1])).toBeLessThanOrEqual(6)
      const segments = parseMediaPlaylist(text)
      expect(segments.length).toBeGreaterThan(0)
      for (const segment of segments) {
        expect(segment.file).toMatch(/^seg-\d{5}\.ts$/)
        const stat = await fs.stat(path.join(path.dirname(media(rung.playlist)), segment.file))
        expect(stat.size).toBeGreaterThan(0)
      }
      perRung.push(segments.map((s) => s.seconds))
      // (the npm ffprobe build crashes on MPEG-TS; the pipeline's probe falls back to ffmpeg)
      const segment = await probe(path.join(path.dirname(media(rung.playlist)), segments[0]!.file))
      expect([segment.container, segment.videoCodec, segment.width, segment.height, segment.audioCodec]).toEqual([
        'mpegts',
        'h264',
        rung.width,
        rung.height,
        'aac',
      ])
    }
    expect(perRung[0]).toEqual(perRung[1])
  })

  it('keeps an MP4 of the top rung for downloads', async () => {
    expect(video.media.download).toMatch(new RegExp(`^protected/${video.mediaKey}/download/`))
    const probed = await ffprobe(media(video.media.download!))
    const stream = probed.streams.find((s) => s.codec_type === 'video')!
    expect([stream.codec_name, stream.width, stream.height]).toEqual(['h264', 1280, 720])
    expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true)
    expect(Number(probed.format.duration)).toBeCloseTo(3, 0)
  })

  it('has a public featured preview in a few widths, and stills as public thumbnails and members-only full size', async () => {
    expect(video.media.poster.map((p) => [p.width, p.height])).toEqual([
      [320, 180],
      [640, 360],
      [1280, 720],
    ])
    for (const poster of video.media.poster) {
      expect(poster.path.startsWith(`public/${video.mediaKey}/`)).toBe(true)
      expect(await pictureSize(media(poster.path))).toEqual({ width: poster.width, height: poster.height })
    }
    expect(video.media.stills).toHaveLength(8)
    for (const still of video.media.stills) {
      expect(still.thumb.path.startsWith('public/')).toBe(true)
      expect(still.full.path.startsWith('protected/')).toBe(true)
      expect(await pictureSize(media(still.thumb.path))).toEqual({ width: 320, height: 180 })
      expect(await pictureSize(media(still.full.path))).toEqual({ width: 1280, height: 720 })
    }
  })

  it('has a silent hover preview clip and a tiny thumbnail clip', async () => {
    for (const [stored, height] of [
      [video.media.previewClip!, 360],
      [video.media.thumbnailClip!, 180],
    ] as const) {
      expect(stored.startsWith(`public/${video.mediaKey}/`)).toBe(true)
      const probed = await ffprobe(media(stored))
      expect(probed.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(0)
      const stream = probed.streams.find((s) => s.codec_type === 'video')!
      expect([stream.codec_name, stream.height]).toEqual(['h264', height])
      expect(Number(probed.format.duration)).toBeGreaterThan(1.5)
      expect(Number(probed.format.duration)).toBeLessThan(3.2)
    }
  })

  it('leaves no scratch files behind', async () => {
    expect(await listFiles(path.join(t.config.mediaDir, '.work'))).toEqual([])
  })

  it('is never processed twice: the same file again is a duplicate', async () => {
    const again = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source: source720, mode: 'copy' })
    expect(again).toMatchObject({ status: 'duplicate', id: video.id, mediaStatus: 'ready' })
    expect(await t.db.orm.em.fork().count(Video, { sourceSha256: video.sourceSha256 })).toBe(1)
  })
})

describe('bad input', () => {
  it('ends as failed items with clear reasons, and the queue goes on', async () => {
    const dir = path.join(t.tmp.dir, 'bad')
    await fs.mkdir(dir, { recursive: true })
    const corrupt = path.join(dir, 'Grüße aus Köln – Teil 1.mp4')
    await fs.writeFile(corrupt, Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 251)))
    const empty = path.join(dir, 'empty.mp4')
    await fs.writeFile(empty, '')
    const audioOnly = path.join(dir, 'tone only.m4a')
    const { execFile } = await import('node:child_process')
    const { ffmpegBinaries } = await import('../../core/ffmpeg/binaries')
    await new Promise((resolve, reject) =>
      execFile(ffmpegBinaries().ffmpeg, ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:a', 'aac', audioOnly], (e) =>
        e ? reject(e as Error) : resolve(null),
      ),
    )
    const picture = path.join(dir, 'a picture.mp4')
    await new Promise((resolve, reject) =>
      execFile(
        ffmpegBinaries().ffmpeg,
        ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', picture],
        (e) => (e ? reject(e as Error) : resolve(null)),
      ),
    )
    const fine = await makeTestVideo(path.join(dir, 'Ünïcödé clip, with spaces.mkv'), { width: 320, height: 240, seconds: 2, audio: false })

    const ids = {
      corrupt: (await ingest(corrupt)).id,
      empty: (await ingest(empty)).id,
      audioOnly: (await ingest(audioOnly)).id,
      picture: (await ingest(picture)).id,
      fine: (await ingest(fine)).id,
    }
    await work()
    const em = t.db.orm.em.fork()
    const row = (id: number) => em.findOneOrFail(Video, id)
    expect(await row(ids.corrupt)).toMatchObject({ mediaStatus: 'failed', mediaError: expect.stringMatching(/^not a media file ffmpeg can read \(.+\)$/) })
    expect(await row(ids.empty)).toMatchObject({ mediaStatus: 'failed', mediaError: 'the file is empty (0 bytes)' })
    expect(await row(ids.audioOnly)).toMatchObject({ mediaStatus: 'failed', mediaError: 'the file has no video stream' })
    expect(await row(ids.picture)).toMatchObject({ mediaStatus: 'failed', mediaError: expect.stringMatching(/^unsupported container "png_pipe"/) })
    for (const id of [ids.corrupt, ids.empty, ids.audioOnly, ids.picture]) {
      const failed = await row(id)
      expect(failed.releasedAt).toBeNull()
      expect(await listFiles(path.join(t.config.mediaDir, 'public', failed.mediaKey))).toEqual([])
      expect(await listFiles(path.join(t.config.mediaDir, 'protected', failed.mediaKey))).toEqual([])
    }
    // A name with spaces and non-ASCII letters is no problem in itself; a 240p source gets one sd rung.
    expect(await row(ids.fine)).toMatchObject({ mediaStatus: 'ready', resolutions: ['sd'], sourceName: 'Ünïcödé clip, with spaces.mkv' })
    const fineRow = await row(ids.fine)
    expect(fineRow.media.ladder.map((r) => [r.width, r.height])).toEqual([[320, 240]])
    expect(fineRow.media.poster.map((p) => p.width)).toEqual([320])
  })
})
