import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Image, ImageSet, Video, type ImageMedia } from '../../core/db/entities/index.js'
import { ingestSource, retryItem } from '../../core/services/media/ingest.js'
import type { WorkDir } from '../../core/services/media/store.js'
import { migrateToS3 } from '../../core/services/media/migrate.js'
import { S3MediaStore } from '../../core/services/media/store-s3.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { dropSettledSourceCopies } from '../../worker/media/source-copies.js'
import { ingestDrop } from '../../worker/tasks/media-ingest-drop.js'
import { processVideo, storedPaths } from '../../worker/media/video-pipeline.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { signedInUser } from '../support/accounts.js'
import { ingestClipAndSet, listFiles, makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { readStoredZip } from '../support/zip.js'

/**
 * The whole media path on MEDIA_STORE=s3 against a real S3-compatible server (s3rver, started
 * by the global setup): ingest, play, download, zip and retries, with the bytes fetched over
 * HTTP from the bucket the way a browser does.
 */
let t: MediaTestEnv
let store: S3MediaStore
let app: TestApp
let video: Video
let imageSet: ImageSet

beforeAll(async () => {
  t = await mediaTestEnv('media-s3', { store: 's3' })
  store = t.store as S3MediaStore
  app = await createTestApp(t.db.orm, { ...t.env, RATE_LIMIT_PER_IP: '1000' })
  await ensurePlans(t.db.orm.em.fork())
  ;({ video, imageSet } = await ingestClipAndSet(t))
}, 120_000)

afterAll(async () => {
  await app?.app.close()
  await t?.cleanup()
})

let users = 0
const member = (plan = 'premium-monthly') => signedInUser(app.app, t.db.orm.em.fork(), { email: `s3-${++users}@example.com`, plan })
const get = (url: string, cookie?: string) => app.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } })
/** The URIs of a playlist (lines and URI attributes). */
const urisOf = (text: string) =>
  text.split('\n').flatMap((line) => (line.startsWith('#') ? [...line.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]!) : line.trim() ? [line.trim()] : []))
const bytes = async (url: string) => {
  const res = await fetch(url)
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}
const objectBytes = async (stored: string) => Buffer.concat(await (await store.openRead(stored)).toArray())

describe('media on S3', () => {
  it('keeps the source and every output in the bucket, under one attempt prefix, and nothing on the local disk', async () => {
    const keys = await store.listKeys('')
    expect(keys).toContain(`sources/${video.mediaKey}/source.mp4`)
    expect(keys.filter((key) => key.startsWith(`sources/${imageSet.mediaKey}/`))).toHaveLength(3)
    const attempt = video.media.master!.split('/')[2]!
    expect(attempt).toMatch(/^a[0-9a-f]{8}$/)
    expect(video.media.master).toBe(`protected/${video.mediaKey}/${attempt}/hls/master.m3u8`)
    const outputs = keys.filter((key) => key.startsWith(`public/${video.mediaKey}/`) || key.startsWith(`protected/${video.mediaKey}/`))
    expect(outputs.every((key) => key.split('/')[2] === attempt)).toBe(true)
    for (const stored of [video.media.master!, video.media.download!, video.media.previewClip!, video.media.poster[0]!.path]) expect(keys).toContain(stored)
    // MEDIA_DIR is only the worker's scratch space and source cache: both empty once ready.
    expect(await listFiles(t.config.mediaDir)).toEqual([])
  })

  it('plays: the playlists come from the server, every segment URI in them is presigned, a changed or expired one is refused by S3', async () => {
    const user = await member('basic-monthly')
    const data = (await trpcQuery(app.app, 'playback.video', { locale: 'en', id: video.id }, { cookie: user.cookie })).json().result.data
    const master = await get(data.master, user.cookie)
    expect(master.statusCode).toBe(200)
    const [variant] = urisOf(master.body)
    expect(variant).toMatch(new RegExp(`^/protected/${video.mediaKey}/a[0-9a-f]{8}/hls/sd/index\\.m3u8\\?u=${user.id}&e=\\d+&r=fhd&s=`))
    const rung = await get(variant!, user.cookie)
    expect(rung.statusCode).toBe(200)
    const segments = urisOf(rung.body)
    expect(segments.length).toBeGreaterThan(0)
    const endpoint = t.env.S3_ENDPOINT!
    for (const segment of segments) {
      const url = new URL(segment)
      expect(url.origin).toBe(new URL(endpoint).origin)
      expect(url.pathname).toMatch(new RegExp(`^/${t.env.S3_BUCKET}/protected/${video.mediaKey}/a[0-9a-f]{8}/hls/sd/seg-\\d{5}\\.ts$`))
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
      // Valid for the video's length on top of the TTL, never a week.
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(t.config.mediaUrlTtlSeconds * 2 + 120)
    }
    const first = await bytes(segments[0]!)
    expect(first.status).toBe(200)
    const stored = new URL(segments[0]!).pathname.split('/').slice(2).join('/')
    expect(first.body.equals(await objectBytes(stored))).toBe(true)

    // Another segment's key with this signature, a changed signature, an expired URL: 403 from S3.
    const other = segments[0]!.replace(/seg-00000\.ts/, 'index.m3u8')
    const forged = segments[0]!.replace(/X-Amz-Signature=([0-9a-f])/, (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`)
    const expired = await store.presign(stored, Math.floor(Date.now() / 1000) - 300, new Date(Date.now() - 600_000))
    expect((await fetch(expired.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=3600'))).status).toBe(403)
    expect(await Promise.all([other, forged, expired].map(async (url) => (await fetch(url)).status))).toEqual([403, 403, 403])

    // A full-size still: the gateway checks the session, then sends the browser to a presigned URL.
    const still = await get(data.stills[0].src, user.cookie)
    expect(still.statusCode).toBe(302)
    const picture = await bytes(still.headers.location as string)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    // Without the session the gateway refuses before any URL is presigned.
    expect((await get(data.stills[0].src)).statusCode).toBe(403)
  })

  it('is ready when the bucket takes a write, and warns at start that this bucket answers anonymous reads', async () => {
    expect((await get('/readyz')).statusCode).toBe(200)
    // s3rver, like a misconfigured bucket, serves objects to anyone.
    await expect
      .poll(() =>
        app.logs.some((line) => line.msg === 'the media bucket answers anonymous reads: make it private (see docs/object-storage.md, "Bucket set-up")'),
      )
      .toBe(true)
    expect((await store.listKeys('.health/')).length).toBe(0)
  })

  it('serves public files from the bucket at /media/, cacheable, and pages link them there', async () => {
    const detail = (await trpcQuery(app.app, 'catalog.video', { locale: 'en', id: video.id })).json().result.data
    const poster = detail.poster?.src ?? detail.preview?.src
    expect(poster).toMatch(new RegExp(`^/media/${video.mediaKey}/a[0-9a-f]{8}/`))
    const res = await get(poster)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=604800')
    expect(res.rawPayload.equals(await objectBytes(`public/${poster.slice('/media/'.length)}`))).toBe(true)
    const clip = await app.app.inject({ method: 'GET', url: `/media/${video.media.previewClip!.slice('public/'.length)}`, headers: { range: 'bytes=0-99' } })
    expect(clip.statusCode).toBe(206)
    expect(clip.rawPayload.length).toBe(100)
    expect((await get(`/media/${video.mediaKey}/nothing.jpg`)).statusCode).toBe(404)
    // A way out of public/ reaches no members-only file.
    expect([403, 404]).toContain((await get(`/media/%2e%2e/protected/${video.media.master!.slice('protected/'.length)}`)).statusCode)
  })

  it('downloads: the MP4 as a presigned URL that answers as an attachment (counted once), the image set as a zip streamed from the bucket', async () => {
    const user = await member()
    const mp4 = await get(`/download/video/${video.id}`, user.cookie)
    expect(mp4.statusCode).toBe(302)
    const location = new URL(mp4.headers.location as string)
    // Short-lived: MEDIA_URL_TTL_SECONDS (plus up to a minute: URLs are signed at the start of the minute).
    const expires = Number(location.searchParams.get('X-Amz-Expires'))
    expect(expires).toBeGreaterThanOrEqual(t.config.mediaUrlTtlSeconds)
    expect(expires).toBeLessThanOrEqual(t.config.mediaUrlTtlSeconds + 60)
    const file = await bytes(location.href)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Clip.mp4"`)
    expect(file.body.equals(await objectBytes(video.media.download!))).toBe(true)
    const [row] = await t.db.orm.em.fork().getConnection().execute(`select count from download_counter where user_id = ?`, [user.id])
    expect(row?.count).toBe(1)

    const zip = await get(`/download/image-set/${imageSet.id}`, user.cookie)
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length)
    const entries = readStoredZip(zip.rawPayload)
    const images = await t.db.orm.em.fork().find(Image, { imageSet: imageSet.id }, { orderBy: { position: 'asc' } })
    expect(entries.map((e) => e.name)).toEqual(['Set/001.png', 'Set/002.png', 'Set/003.png'])
    for (const [index, image] of images.entries()) expect(entries[index]!.data.equals(await objectBytes((image.media as ImageMedia).original.path))).toBe(true)

    // A plan without downloads: refused as before, no URL.
    const basic = await member('basic-monthly')
    const refused = await get(`/download/video/${video.id}`, basic.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().reason).toBe('noDownloads')
  })

  it('retries cleanly: a failed upload leaves nothing, abandoned staging goes, a re-made video replaces the old objects only once ready', async () => {
    const em = t.db.orm.em.fork()
    const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'retry.mp4'), { width: 320, height: 180, seconds: 2, rate: 30 })
    const queued = await ingestSource(em, t.store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error('not queued')
    const itemKeys = async () => (await store.listKeys('')).filter((key) => key.split('/')[1] === queued.mediaKey && !key.startsWith('sources/')).sort()

    // Attempt 1: the upload breaks half-way (the bucket went away): the row stays pending and the half is removed.
    class FailingStore extends S3MediaStore {
      override async publish(work: WorkDir): Promise<void> {
        const file = path.join(work.dir, 'public', 'poster-320.jpg')
        await this.putFile(work.file('public', 'poster-320.jpg').stored, file)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
      }
    }
    const failing = new FailingStore(t.config.mediaDir, store.s3)
    await expect(processVideo(t.db.orm, failing, queued.id, { attempt: { number: 1, max: 5 } })).rejects.toThrow(/ECONNREFUSED/)
    expect((await em.fork().findOneOrFail(Video, queued.id)).mediaStatus).not.toBe('ready')
    expect(await itemKeys()).toEqual([])

    // A worker killed mid-upload left staging behind; the next attempt removes it and publishes.
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: `protected/${queued.mediaKey}/a0badbad/hls/sd/seg-00000.ts`, Body: 'partial' }))
    expect(await processVideo(t.db.orm, store, queued.id, { attempt: { number: 2, max: 5 } })).toBe('ready')
    const ready = await em.fork().findOneOrFail(Video, queued.id)
    const attempt = ready.media.master!.split('/')[2]!
    const first = await itemKeys()
    expect(first.length).toBeGreaterThan(10)
    expect(first.every((key) => key.split('/')[2] === attempt)).toBe(true)

    // Re-made (ops' retry): the old objects stay while the new attempt runs, and go once the row points at the new ones.
    await retryItem(em.fork(), 'video', queued.id)
    let whilePublishing: string[] = []
    class WatchingStore extends S3MediaStore {
      override async publish(work: WorkDir): Promise<void> {
        // Besides the new attempt's own files, uploaded as they were finished.
        whilePublishing = (await itemKeys()).filter((key) => key.split('/')[2] !== work.storedPrefix[0])
        await super.publish(work)
      }
    }
    expect(await processVideo(t.db.orm, new WatchingStore(t.config.mediaDir, store.s3), queued.id, { attempt: { number: 1, max: 5 } })).toBe('ready')
    expect(whilePublishing).toEqual(first)
    const remade = await em.fork().findOneOrFail(Video, queued.id)
    const next = remade.media.master!.split('/')[2]!
    expect(next).not.toBe(attempt)
    const second = await itemKeys()
    expect(second.every((key) => key.split('/')[2] === next)).toBe(true)
    expect(second.length).toBe(first.length)
    expect(await fs.readdir(t.config.mediaDir).then((names) => names.filter((name) => name !== '.work' && name !== 'sources'))).toEqual([])
    expect(await listFiles(t.config.mediaDir)).toEqual([])
  })

  it('hands each output to the bucket as soon as it is finished, while the job goes on: publishing adds the master playlist only', async () => {
    const em = t.db.orm.em.fork()
    const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'early.mp4'), { width: 1280, height: 720, seconds: 7, rate: 30 })
    const queued = await ingestSource(em, t.store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error('not queued')
    /** Files handed early, as `<tree>/<path in the attempt>`; every upload's key. */
    const handed = new Set<string>()
    const uploads: string[] = []
    const inAttempt = (key: string) => [key.split('/')[0], ...key.split('/').slice(3)].join('/')
    class CountingStore extends S3MediaStore {
      override stageEarly(work: WorkDir, file: string): void {
        handed.add(path.relative(work.dir, file).split(path.sep).join('/'))
        super.stageEarly(work, file)
      }
      override async putFile(key: string, file: string, cacheControl?: string): Promise<void> {
        uploads.push(key)
        await super.putFile(key, file, cacheControl)
      }
    }
    expect(await processVideo(t.db.orm, new CountingStore(t.config.mediaDir, store.s3), queued.id, { attempt: { number: 1, max: 5 } })).toBe('ready')
    const ready = await em.fork().findOneOrFail(Video, queued.id)
    expect(ready.resolutions).toEqual(['sd', 'hd'])

    // Everything but the master playlists (one per publication) was handed on while the job ran.
    expect(uploads.map(inAttempt).filter((file) => !handed.has(file))).toEqual(['protected/hls/master.m3u8', 'protected/hls/master.m3u8'])
    for (const rung of ready.media.ladder)
      expect([...handed].filter((file) => file.startsWith(`protected/hls/${rung.resolution}/seg-`)).length).toBeGreaterThan(1)
    for (const stored of [
      ready.media.download!,
      ready.media.previewClip!,
      ready.media.thumbnailClip!,
      ready.media.scrub!.track,
      ready.media.stills[0]!.full.path,
    ]) {
      expect(handed).toContain(inAttempt(stored))
    }
    // Each uploaded once, and every file the row names is in the bucket.
    expect(new Set(uploads).size).toBe(uploads.length)
    const keys = new Set([...(await store.listKeys(`protected/${queued.mediaKey}/`)), ...(await store.listKeys(`public/${queued.mediaKey}/`))])
    expect(storedPaths(ready.media).filter((stored) => !keys.has(stored))).toEqual([])
  })

  it('reads a published playlist from the bucket once per server, a playlist outside an attempt every time', async () => {
    class CountingStore extends S3MediaStore {
      reads = 0
      override async getObject(stored: string, range?: string) {
        this.reads++
        return super.getObject(stored, range)
      }
    }
    const counting = new CountingStore(t.config.mediaDir, store.s3)
    const master = video.media.master!
    expect(await counting.readText(master)).toBe(await store.readText(master))
    expect(await counting.readText(master)).toMatch(/^#EXTM3U/)
    expect(counting.reads).toBe(1)
    // An older layout (copied by media:migrate) may be replaced in place: never kept.
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'protected/old-layout/hls/master.m3u8', Body: '#EXTM3U\n' }))
    await counting.readText('protected/old-layout/hls/master.m3u8')
    await counting.readText('protected/old-layout/hls/master.m3u8')
    expect(counting.reads).toBe(3)
  })

  it('keeps an ingesting worker’s copy of the source for its transcode (no download), and drops such copies once the item is done', async () => {
    const em = t.db.orm.em.fork()
    const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'kept.mp4'), { width: 320, height: 180, seconds: 2, rate: 24 })
    const queued = await ingestSource(em, t.store, { kind: 'video', source, mode: 'copy', keepLocalCopy: true })
    if (queued.status !== 'queued') throw new Error('not queued')
    const copy = path.join(store.sourceDir(queued.mediaKey), 'source.mp4')
    // Uploaded all the same (another worker may take the job), and kept here.
    expect(await store.listKeys(`sources/${queued.mediaKey}/`)).toEqual([`sources/${queued.mediaKey}/source.mp4`])
    const kept = await fs.stat(copy)
    // The transcode's fetch finds it: the same file, not a download.
    await store.fetchSource(queued.mediaKey)
    expect((await fs.stat(copy)).ino).toBe(kept.ino)
    expect((await fs.stat(copy)).mtimeMs).toBe(kept.mtimeMs)
    // Still pending: the sweep leaves it.
    expect(await dropSettledSourceCopies(store, em)).toBe(0)
    expect(await listFiles(store.sourceDir(queued.mediaKey))).toEqual(['source.mp4'])

    expect(await processVideo(t.db.orm, store, queued.id, { attempt: { number: 1, max: 5 } })).toBe('ready')
    // A copy left on a machine that did not transcode it (here: put back) goes once the item is ready.
    await fs.mkdir(store.sourceDir(queued.mediaKey), { recursive: true })
    await fs.copyFile(source, copy)
    expect(await dropSettledSourceCopies(store, em)).toBe(1)
    expect(await listFiles(store.sourceDir(queued.mediaKey))).toEqual([])
    expect(await store.listKeys(`sources/${queued.mediaKey}/`)).toEqual([`sources/${queued.mediaKey}/source.mp4`])
  })

  it('transcodes a worker’s own drop while its source is still uploading: the copy here stays until the bucket holds it, and a retried drop finishes the upload', async () => {
    const em = t.db.orm.em.fork()
    const name = 'uploading.mp4'
    await fs.mkdir(t.config.ingestDir, { recursive: true })
    await makeTestVideo(path.join(t.config.ingestDir, name), { width: 256, height: 144, seconds: 2, rate: 25 })
    const drop = { kind: 'video' as const, name, metaName: null, mediaKey: 'uploading-drop' }
    const deps = { config: t.config, orm: t.db.orm }
    expect(await ingestDrop(deps, drop)).toMatchObject({ status: 'queued' })
    const id = (await em.findOneOrFail(Video, { mediaKey: drop.mediaKey })).id
    const sourceKey = `sources/${drop.mediaKey}/source.mp4`
    expect(await store.listKeys(`sources/${drop.mediaKey}/`)).toEqual([sourceKey])
    // As if the drop job were still uploading (or had died doing it) when the transcode started here.
    await store.deleteKeys([sourceKey])
    expect(await processVideo(t.db.orm, store, id, { attempt: { number: 1, max: 5 } })).toBe('ready')
    // Ready from the local copy, which stays: the bucket does not hold the source yet.
    expect(await dropSettledSourceCopies(store, em)).toBe(1)
    expect(await listFiles(store.sourceDir(drop.mediaKey))).toEqual(['source.mp4'])
    // The drop job's retry finds its row and finishes the upload; then the copy may go.
    expect(await ingestDrop(deps, drop)).toBeNull()
    expect(await store.listKeys(`sources/${drop.mediaKey}/`)).toEqual([sourceKey])
    await dropSettledSourceCopies(store, em)
    expect(await listFiles(store.sourceDir(drop.mediaKey))).toEqual([])
  })

  it('makes a worker without the source wait until it is in the bucket, downloads it once, and uploads nothing twice', async () => {
    const mediaKey = 'arriving-source'
    const local = path.join(store.sourceDir(mediaKey), 'source.mp4')
    await fs.mkdir(path.dirname(local), { recursive: true })
    await fs.writeFile(local, randomBytes(3 * 1024 * 1024))
    const elsewhere = new S3MediaStore(path.join(t.tmp.dir, 'elsewhere'), store.s3)
    let [fetched, waits] = [false, 0]
    let saidWaiting = () => {}
    const waitSaid = new Promise<void>((resolve) => (saidWaiting = resolve))
    const onWait = () => (waits++, saidWaiting())
    const fetching = elsewhere.fetchSource(mediaKey, { waitUntil: new Date(Date.now() + 60_000), onWait }).then((dir) => ((fetched = true), dir))
    // It has looked, found nothing and says it waits: still without the source.
    await waitSaid
    expect(fetched).toBe(false)
    const puts = vi.spyOn(store, 'putFile')
    await store.keepSource(mediaKey)
    expect(await fs.readFile(path.join(await fetching, 'source.mp4'))).toEqual(await fs.readFile(local))
    // Said once, however long it waited.
    expect(waits).toBe(1)
    // Kept again (a retried drop): already there at the same size, so nothing is sent.
    await store.keepSource(mediaKey)
    expect(puts).toHaveBeenCalledTimes(1)
    puts.mockRestore()
    // Both copies may go now that the bucket holds it.
    await store.releaseSource(mediaKey)
    await elsewhere.releaseSource(mediaKey)
    expect(await listFiles(store.sourceDir(mediaKey))).toEqual([])
    expect(await listFiles(elsewhere.sourceDir(mediaKey))).toEqual([])
    // A source that never comes: the wait ends with an empty folder (at once without a wait); a cancelled job stops waiting.
    const started = Date.now()
    expect(await listFiles(await elsewhere.fetchSource('never-kept', { waitUntil: new Date(Date.now() + 300) }))).toEqual([])
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(await listFiles(await elsewhere.fetchSource('never-kept'))).toEqual([])
    const cancel = new AbortController()
    const waiting = elsewhere.fetchSource('never-kept', { signal: cancel.signal, waitUntil: new Date(Date.now() + 60_000) })
    cancel.abort()
    await expect(waiting).rejects.toThrow(/abort/i)
  })

  it('waits for a missing source only while its row is young: an older video whose source is gone fails at once, saying so', async () => {
    const em = t.db.orm.em.fork()
    const source = await makeTestVideo(path.join(t.tmp.dir, 'src', 'gone.mp4'), { width: 224, height: 126, seconds: 1, rate: 25 })
    const queued = await ingestSource(em, store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error('not queued')
    await store.deletePrefix(`sources/${queued.mediaKey}/`)
    await em.getConnection().execute(`update video set created_at = now() - interval '1 hour' where id = ?`, [queued.id])
    const started = Date.now()
    expect(await processVideo(t.db.orm, store, queued.id, { attempt: { number: 5, max: 5 } })).toBe('failed')
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(await em.fork().findOneOrFail(Video, queued.id)).toMatchObject({
      mediaStatus: 'failed',
      mediaError: expect.stringContaining('source file is missing'),
    })
  })

  it('migrates a local store into the bucket under the same paths, resumably, and checks every size', async () => {
    const local = path.join(t.tmp.dir, 'old-media')
    const files: Record<string, string> = {
      'sources/mig/source.mp4': 'source bytes',
      'public/mig/poster-320.jpg': 'poster',
      'protected/mig/hls/master.m3u8': '#EXTM3U\n',
      'protected/mig/hls/sd/seg-00000.ts': 'x'.repeat(70_000),
    }
    for (const [stored, text] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(local, stored)), { recursive: true })
      await fs.writeFile(path.join(local, stored), text)
    }
    await fs.mkdir(path.join(local, '.work', 'mig.0'), { recursive: true })
    await fs.writeFile(path.join(local, '.work', 'mig.0', 'scratch.ts'), 'scratch')
    // An interrupted earlier run copied one file already, another only half.
    await store.putFile('public/mig/poster-320.jpg', path.join(local, 'public/mig/poster-320.jpg'))
    await store.client.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'protected/mig/hls/sd/seg-00000.ts', Body: 'x'.repeat(10) }))

    const report = await migrateToS3(local, store)
    expect(report).toMatchObject({ files: 4, uploaded: 3, skipped: 1, mismatched: [] })
    for (const [stored, text] of Object.entries(files)) expect((await objectBytes(stored)).toString()).toBe(text)
    expect(await store.listKeys('mig')).toEqual([])
    expect((await store.listKeys('')).some((key) => key.includes('.work'))).toBe(false)
    expect(await migrateToS3(local, store)).toMatchObject({ files: 4, uploaded: 0, skipped: 4, mismatched: [] })
    // The copied files serve as they did from the disk.
    expect((await get('/media/mig/poster-320.jpg')).body).toBe('poster')
  })
})
