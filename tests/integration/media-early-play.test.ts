/**
 * Playable before the full ladder: a new video plays at its lowest rung as soon as that is
 * published, while its higher rungs are still on their way; they join the master playlist
 * once complete, and the download follows with the top rung. The higher rungs' publication
 * waits on a gate the test opens (never on timing), so the test sees the state in between,
 * on the local disk and on S3 (where the two publications lie under two attempt prefixes).
 * A failure of the higher rungs leaves the video playable at its lowest rung; the retry makes
 * the higher rungs only.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { MediaStore, type WorkDir } from '../../core/services/media/store.js'
import { S3MediaStore } from '../../core/services/media/store-s3.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { processVideo } from '../../worker/media/video-pipeline.js'
import { signedInAs } from '../support/admin.js'
import { signedInUser } from '../support/accounts.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { listFiles, makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store class, whatever its constructor takes
type StoreClass = new (...args: any[]) => MediaStore

/** A promise with its resolve function. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

/** A store whose publication of the higher rungs (an 'add') waits until the test opens the gate. */
function holdingHigherRungs<T extends StoreClass>(Base: T) {
  return class extends Base {
    reached = deferred<WorkDir>()
    gate = deferred<void>()
    override async publish(work: WorkDir, how: 'replace' | 'add' = 'replace'): Promise<void> {
      if (how === 'add') {
        this.reached.resolve(work)
        await this.gate.promise
      }
      return super.publish(work, how)
    }
  }
}

/** The URIs of a playlist (lines and URI attributes). */
const urisOf = (text: string) =>
  text.split('\n').flatMap((line) => (line.startsWith('#') ? [...line.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]!) : line.trim() ? [line.trim()] : []))
const resolutionsOf = (master: string) => [...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1])

/** A media test environment (its own database and store) with the app and the plans, for one describe block. */
function mediaApp(prefix: string, kind: 'local' | 's3' = 'local'): { t: MediaTestEnv; app: TestApp } {
  const env = {} as { t: MediaTestEnv; app: TestApp }
  beforeAll(async () => {
    env.t = await mediaTestEnv(prefix, { store: kind })
    env.app = await createTestApp(env.t.db.orm, { ...env.t.env, RATE_LIMIT_PER_IP: '1000' })
    await ensurePlans(env.t.db.orm.em.fork())
  }, 120_000)
  afterAll(async () => {
    await env.app?.app.close()
    await env.t?.cleanup()
  })
  return env
}

describe.each(['local', 's3'] as const)('a new 1080p video on the %s store', (kind) => {
  const env = mediaApp(`early-play-${kind}`, kind)
  let users = 0

  const get = (url: string, cookie?: string, locale = 'en') =>
    env.app.app.inject({ method: 'GET', url, headers: { 'accept-language': locale, ...(cookie ? { cookie } : {}) } })
  const playback = async (id: number, cookie: string) => (await trpcQuery(env.app.app, 'playback.video', { locale: 'en', id }, { cookie })).json().result.data
  const detail = async (id: number) => (await trpcQuery(env.app.app, 'catalog.video', { locale: 'en', id })).json().result.data
  /** Every object or file of the item's published trees. */
  const published = async (mediaKey: string) =>
    env.t.store instanceof S3MediaStore
      ? (await env.t.store.listKeys('')).filter((key) => key.split('/')[1] === mediaKey && !key.startsWith('sources/'))
      : [
          ...(await listFiles(path.join(env.t.config.mediaDir, 'public', mediaKey))).map((f) => `public/${mediaKey}/${f}`),
          ...(await listFiles(path.join(env.t.config.mediaDir, 'protected', mediaKey))).map((f) => `protected/${mediaKey}/${f}`),
        ]

  it(
    'plays at 480p while the higher rungs wait, then at every rung; a player already playing keeps its rung; the download follows',
    { timeout: 120_000 },
    async () => {
      const { t, app } = env
      const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'new.mp4'), { width: 1920, height: 1080, seconds: 3 })
      const queued = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
      if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
      const Held = holdingHigherRungs(t.store.constructor as StoreClass)
      const store = t.store instanceof S3MediaStore ? new Held(t.config.mediaDir, t.store.s3) : new Held(t.config.mediaDir)
      const processing = processVideo(t.db.orm, store, queued.id, { attempt: { number: 1, max: 5 } })
      const held = await Promise.race([
        store.reached.promise,
        processing.then((outcome) => Promise.reject(new Error(`ended without a second publication: ${outcome}`))),
      ])

      // Between the two publications: released and playable at sd, hd and fhd encoded but nowhere published.
      const row = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
      expect(row).toMatchObject({
        mediaStatus: 'processing',
        resolutions: ['sd'],
        pendingResolutions: ['hd', 'fhd'],
        highestResolution: 'sd',
        mediaError: null,
      })
      expect(row.releasedAt).not.toBeNull()
      expect(row.media.download).toBeNull()
      // The card's hover clips come with the higher rungs; the poster and stills are there.
      expect([row.media.previewClip, row.media.thumbnailClip]).toEqual([null, null])
      expect(row.media.poster.length).toBeGreaterThan(0)
      expect(row.media.stills).toHaveLength(8)
      expect(await listFiles(path.join(held.dir, 'protected', 'hls'))).toEqual(expect.arrayContaining(['fhd/index.m3u8', 'hd/index.m3u8', 'master.m3u8']))
      // (On S3 their finished files may already be in the bucket, under the held attempt's own prefix, which nothing names.)
      const before = (await published(queued.mediaKey)).filter((key) => !(held.storedPrefix.length && key.split('/')[2] === held.storedPrefix[0]))
      expect(before.filter((key) => /\/hls\/(hd|fhd)\//.test(key))).toEqual([])
      expect(before.some((key) => key.endsWith('/hls/sd/index.m3u8'))).toBe(true)
      expect((await detail(queued.id)).highestResolution).toBe('sd')

      const member = await signedInUser(app.app, t.db.orm.em.fork(), { email: `early-${kind}-${++users}@example.com`, plan: 'premium-monthly' })
      const early = await playback(queued.id, member.cookie)
      expect(early.rungs.map((rung: { resolution: string }) => rung.resolution)).toEqual(['sd'])
      expect(early.preparing).toEqual(['hd', 'fhd'])
      expect(early.thumbnails).not.toBeNull()
      const earlyMaster = await get(early.master, member.cookie)
      expect(earlyMaster.statusCode).toBe(200)
      expect(resolutionsOf(earlyMaster.body)).toEqual(['854x480'])
      const playing = urisOf(earlyMaster.body)[0]!
      const earlyRung = (await get(playing, member.cookie)).body
      // The rung the master names is whole: its playlist ends, every segment is there.
      expect(earlyRung).toContain('#EXT-X-ENDLIST')
      const segmentsBefore = urisOf(earlyRung)
      expect(segmentsBefore.length).toBeGreaterThan(0)

      // The download is refused with a translated reason and a time to come back, and not counted.
      for (const [locale, text] of [
        ['en', 'The download follows once this video’s higher resolutions are ready'],
        ['de', 'Der Download folgt, sobald die höheren Auflösungen'],
      ] as const) {
        const refused = await get(`/download/video/${queued.id}`, member.cookie, locale)
        expect(refused.statusCode).toBe(503)
        expect(refused.headers['retry-after']).toBe('60')
        expect(refused.json()).toMatchObject({ reason: 'preparing', error: expect.stringContaining(text) })
      }
      expect(await t.db.orm.em.fork().getConnection().execute(`select count(*)::int as n from download_counter`)).toEqual([{ n: 0 }])

      // The console shows it playable while the rest is made.
      const admin = await signedInAs(t.db.orm.em.fork(), 'admin')
      const board = (await trpcQuery(app.app, 'admin.pipeline.list', { filter: 'active', locale: 'en' }, { cookie: admin.cookie })).json().result.data
      expect(board.items.find((item: { id: number }) => item.id === queued.id)).toMatchObject({
        state: 'processing',
        partial: { playable: ['sd'], coming: ['hd', 'fhd'] },
      })

      store.gate.resolve()
      expect(await processing).toBe('ready')

      const ready = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
      expect(ready).toMatchObject({
        mediaStatus: 'ready',
        resolutions: ['sd', 'hd', 'fhd'],
        pendingResolutions: [],
        highestResolution: 'fhd',
        mediaProgress: 1,
      })
      expect(ready.media.previewClip).toMatch(/\/preview\.mp4$/)
      // The lowest rung is the first publication's, untouched.
      expect(ready.media.ladder[0]).toEqual(row.media.ladder[0])
      const later = await playback(queued.id, member.cookie)
      expect(later.rungs.map((rung: { resolution: string }) => rung.resolution)).toEqual(['sd', 'hd', 'fhd'])
      expect(later.preparing).toEqual([])
      const fullMaster = await get(later.master, member.cookie)
      expect(resolutionsOf(fullMaster.body)).toEqual(['854x480', '1280x720', '1920x1080'])
      for (const variant of urisOf(fullMaster.body)) {
        const rung = await get(variant, member.cookie)
        expect(rung.statusCode).toBe(200)
        expect(rung.body).toContain('#EXT-X-ENDLIST')
      }
      // The player that was playing: its rung playlist and segments answer as before.
      const again = await get(playing, member.cookie)
      expect(again.statusCode).toBe(200)
      expect(urisOf(again.body).length).toBe(segmentsBefore.length)
      const segment = segmentsBefore[0]!
      expect(segment.startsWith('http') ? (await fetch(segment)).status : (await get(segment, member.cookie)).statusCode).toBe(200)

      const download = await get(`/download/video/${queued.id}`, member.cookie)
      expect(download.statusCode).toBe(kind === 's3' ? 302 : 200)
      await expect.poll(async () => (await detail(queued.id)).highestResolution).toBe('fhd')

      // Nothing but what the row names remains, and on S3 the two publications' attempts only.
      const after = await published(queued.mediaKey)
      const named = [
        ready.media.master,
        ready.media.download,
        ...ready.media.ladder.map((rung) => rung.playlist),
        ready.media.poster[0]!.path,
        ready.media.previewClip,
      ]
      for (const stored of named) expect(after).toContain(stored)
      if (kind === 's3') {
        const attempts = new Set(after.map((key) => key.split('/')[2]))
        expect([...attempts].sort()).toEqual([ready.media.ladder[0]!.playlist.split('/')[2], ready.media.master!.split('/')[2]].sort())
        expect(await listFiles(t.config.mediaDir)).toEqual([])
      } else {
        expect(await listFiles(path.join(t.config.mediaDir, '.work'))).toEqual([])
      }
    },
  )
})

describe('higher rungs that fail', () => {
  const env = mediaApp('early-play-failure')

  it('leave the video playable at its lowest rung with the failure shown; the retry makes the higher rungs only', { timeout: 120_000 }, async () => {
    const { t, app } = env
    const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'fails.mp4'), { width: 1280, height: 720, seconds: 2 })
    const queued = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
    // The last attempt: the disk is gone when the higher rungs are to be published.
    class FailingStore extends MediaStore {
      override async publish(work: WorkDir, how: 'replace' | 'add' = 'replace'): Promise<void> {
        if (how === 'add') throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' })
        return super.publish(work, how)
      }
    }
    expect(await processVideo(t.db.orm, new FailingStore(t.config.mediaDir), queued.id, { attempt: { number: 5, max: 5 } })).toBe('failed')
    const failed = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
    expect(failed).toMatchObject({
      mediaStatus: 'failed',
      resolutions: ['sd'],
      pendingResolutions: ['hd'],
      mediaError: expect.stringMatching(/^processing failed 5 times; last error: EIO/),
    })
    expect(failed.releasedAt).not.toBeNull()
    const sdFiles = await listFiles(path.join(t.config.mediaDir, 'protected', queued.mediaKey, 'hls', 'sd'))
    const sdStat = await fs.stat(t.store.absolute(failed.media.ladder[0]!.playlist))
    expect(await listFiles(path.join(t.config.mediaDir, 'protected', queued.mediaKey, 'hls', 'hd'))).toEqual([])

    const member = await signedInUser(app.app, t.db.orm.em.fork(), { email: 'early-failure@example.com', plan: 'premium-monthly' })
    const data = (await trpcQuery(app.app, 'playback.video', { locale: 'en', id: queued.id }, { cookie: member.cookie })).json().result.data
    expect(data.rungs.map((rung: { resolution: string }) => rung.resolution)).toEqual(['sd'])
    expect(data.preparing).toEqual([])
    const download = await app.app.inject({ method: 'GET', url: `/download/video/${queued.id}`, headers: { cookie: member.cookie, 'accept-language': 'en' } })
    expect(download.statusCode).toBe(503)
    expect(download.json().reason).toBe('unavailable')

    const admin = await signedInAs(t.db.orm.em.fork(), 'admin')
    const board = (await trpcQuery(app.app, 'admin.pipeline.list', { filter: 'failed', locale: 'en' }, { cookie: admin.cookie })).json().result.data
    expect(board.items.find((item: { id: number }) => item.id === queued.id)).toMatchObject({
      state: 'failed',
      error: failed.mediaError,
      partial: { playable: ['sd'], coming: [] },
    })

    // The console's retry: the higher rungs only; the published lowest rung stays as it is.
    const retried = await trpcMutation(app.app, 'admin.pipeline.retry', { kind: 'video', id: queued.id }, { cookie: admin.cookie, 'x-locale': 'en' })
    expect(retried.statusCode, retried.body).toBe(200)
    const logs: string[] = []
    expect(await processVideo(t.db.orm, t.store, queued.id, { attempt: { number: 1, max: 5 }, log: (line) => logs.push(line) })).toBe('ready')
    expect(logs).toContain(`video ${queued.id}: playable in sd already; making hd`)
    const ready = await t.db.orm.em.fork().findOneOrFail(Video, queued.id)
    expect(ready).toMatchObject({ mediaStatus: 'ready', resolutions: ['sd', 'hd'], pendingResolutions: [], mediaError: null })
    expect(await listFiles(path.join(t.config.mediaDir, 'protected', queued.mediaKey, 'hls', 'sd'))).toEqual(sdFiles)
    expect((await fs.stat(t.store.absolute(ready.media.ladder[0]!.playlist))).mtimeMs).toBe(sdStat.mtimeMs)
    const master = await fs.readFile(t.store.absolute(ready.media.master!), 'utf8')
    expect(resolutionsOf(master)).toEqual(['854x480', '1280x720'])
    const allowed = await app.app.inject({ method: 'GET', url: `/download/video/${queued.id}`, headers: { cookie: member.cookie } })
    expect(allowed.statusCode).toBe(200)
  })
})
