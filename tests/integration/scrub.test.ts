import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { drainJobs } from '../../worker/runner.js'
import { backfillScrubThumbnails } from '../../worker/media/scrub-backfill.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { logIn, makeUser, sessionCookieOf } from '../support/accounts.js'
import { makeVideo } from '../support/factories.js'
import { makeTestVideo, mediaTestEnv, pictureSize, type MediaTestEnv } from '../support/media.js'

let t: MediaTestEnv
let app: TestApp
let video: Video

beforeAll(async () => {
  t = await mediaTestEnv('scrub')
  app = await createTestApp(t.db.orm, { ...t.env, RATE_LIMIT_PER_IP: '1000' })
  const em = t.db.orm.em.fork()
  const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'clip.mp4'), { width: 640, height: 360, seconds: 13 })
  const queued = await ingestSource(em, t.store, { kind: 'video', source, mode: 'copy' })
  if (queued.status !== 'queued') throw new Error('not queued')
  await drainJobs({ config: t.config, orm: t.db.orm }, t.db.url)
  video = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
  expect(video.mediaStatus).toBe('ready')
}, 120_000)

afterAll(async () => {
  await app?.app.close()
  await t?.cleanup()
})

let users = 0
async function member() {
  const email = `scrub${++users}@example.com`
  await makeUser(t.db.orm.em.fork(), { email, role: 'permanentAccess' })
  return sessionCookieOf(await logIn(app.app, email, 'correct horse battery'))
}

const get = (url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } })

/** The cues of a WebVTT track: [start, end, text]. */
const cuesOf = (text: string) =>
  [...text.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)$/gm)].map((m) => ({ start: m[1]!, end: m[2]!, text: m[3]! }))

describe('scrub thumbnails', () => {
  it('are made with the ladder: one tile every 2 s from the lowest rung, tiled on a JPEG sheet, with a WebVTT track', async () => {
    const scrub = video.media.scrub!
    expect(scrub).toMatchObject({ track: `protected/${video.mediaKey}/scrub/thumbnails.vtt`, interval: 2, count: 7, sheets: 1 })
    const track = await fs.readFile(t.store.absolute(scrub.track), 'utf8')
    const cues = cuesOf(track)
    expect(track.startsWith('WEBVTT\n\n')).toBe(true)
    expect(cues).toHaveLength(7)
    expect(cues[0]).toEqual({ start: '00:00:00.000', end: '00:00:02.000', text: 'sheet-001.jpg#xywh=0,0,240,136' })
    expect(cues[1]).toEqual({ start: '00:00:02.000', end: '00:00:04.000', text: 'sheet-001.jpg#xywh=240,0,240,136' })
    expect(cues[6]!.end).toBe('00:00:13.000')
    // A sheet as wide as ten tiles and as tall as the rows needed (one row for seven).
    expect(await pictureSize(t.store.absolute(`protected/${video.mediaKey}/scrub/sheet-001.jpg`))).toEqual({ width: 2400, height: 136 })
  })

  it('reach members only, through signed URLs: the track and every sheet it names', async () => {
    const cookie = await member()
    const playback = (await trpcQuery(app.app, 'playback.video', { locale: 'en', id: video.id }, { cookie })).json().result.data
    expect(playback.thumbnails).toMatch(new RegExp(`^/protected/${video.mediaKey}/scrub/thumbnails\\.vtt\\?u=\\d+&e=\\d+&r=fuhd&s=`))
    const track = await get(playback.thumbnails, cookie)
    expect(track.statusCode).toBe(200)
    expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8')
    const cues = cuesOf(track.body)
    expect(cues).toHaveLength(7)
    for (const cue of cues)
      expect(cue.text).toMatch(new RegExp(`^/protected/${video.mediaKey}/scrub/sheet-001\\.jpg\\?u=\\d+&e=\\d+&r=fuhd&s=[\\w-]{43}#xywh=\\d+,0,240,136$`))
    const sheet = await get(cues[3]!.text.split('#')[0]!, cookie)
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe('image/jpeg')
    // Without the session, or by path: refused.
    expect((await get(playback.thumbnails)).statusCode).toBe(403)
    expect((await get(cues[3]!.text.split('#')[0]!)).statusCode).toBe(403)
    expect((await get(`/protected/${video.mediaKey}/scrub/sheet-001.jpg`, cookie)).statusCode).toBe(403)
    expect((await get(`/media/${video.mediaKey}/scrub/sheet-001.jpg`)).statusCode).toBe(404)
  })

  it('are backfilled for videos made before them, on every row playing the same files, once', async () => {
    const em = t.db.orm.em.fork()
    const before = video.media.scrub!
    // As an older version left it: no scrub folder, no scrub in the media; a second row shares the files.
    await fs.rm(t.store.absolute(`protected/${video.mediaKey}/scrub`), { recursive: true })
    const { scrub: _, ...older } = video.media
    await em.nativeUpdate(Video, video.id, { media: older })
    const shared = makeVideo(em)
    shared.media = older
    await em.flush()
    const lines: string[] = []
    expect(await backfillScrubThumbnails(t.db.orm, t.store, { log: (line) => lines.push(line) })).toEqual({ made: 1, failed: 0, more: false })
    expect(lines).toEqual([`scrub thumbnails for ${video.mediaKey}: 7 every 2 s on 1 sheet(s)`])
    for (const id of [video.id, shared.id]) expect((await t.db.orm.em.fork().findOneOrFail(Video, id)).media.scrub).toEqual(before)
    expect(await fs.readdir(t.store.absolute(`protected/${video.mediaKey}/scrub`))).toEqual(['sheet-001.jpg', 'thumbnails.vtt'])
    // The HLS files are untouched, and nothing is left to do.
    expect(await fs.readdir(t.store.absolute(`protected/${video.mediaKey}/hls`))).toContain('master.m3u8')
    expect(await backfillScrubThumbnails(t.db.orm, t.store)).toEqual({ made: 0, failed: 0, more: false })
  })

  it('marks a video whose files are gone instead of asking again', async () => {
    const em = t.db.orm.em.fork()
    const broken = makeVideo(em)
    broken.media = {
      ...video.media,
      scrub: undefined,
      master: 'protected/missing-key/hls/master.m3u8',
      ladder: [{ ...video.media.ladder[0]!, playlist: 'protected/missing-key/hls/sd/index.m3u8' }],
    }
    delete broken.media.scrub
    await em.flush()
    expect(await backfillScrubThumbnails(t.db.orm, t.store, { log: () => undefined })).toEqual({ made: 0, failed: 1, more: false })
    expect((await t.db.orm.em.fork().findOneOrFail(Video, broken.id)).media.scrub).toBeNull()
    expect(await backfillScrubThumbnails(t.db.orm, t.store)).toEqual({ made: 0, failed: 0, more: false })
  })
})
