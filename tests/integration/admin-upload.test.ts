/**
 * The console's resumable upload (tus, with the real tus-js-client against a listening
 * server): administrators only on every request, before a byte is stored; the client's CSRF
 * header required; name, type and size checked at creation with translated messages; an
 * upload broken off halfway by a server that goes away, resumed from its offset on a new
 * server over the same folder, then ingested (admin.upload.ingest) with the original's
 * SHA-256, its row, job and audit entry; a duplicate; discarding; the worker's cron that
 * removes abandoned uploads.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import * as tus from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Video } from '../../core/db/entities/index.js'
import { addJob } from '../../core/services/ops/jobs.js'
import { sha256File } from '../../core/services/media/ingest.js'
import { MediaStore } from '../../core/services/media/store.js'
import { drainJobs } from '../../worker/runner.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, SITE_CLIENT, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { until } from '../support/wait.js'

let db: TestDatabase
let t: TestApp
let dir: string
let env: NodeJS.ProcessEnv
const cookies: Record<string, string> = {}
let adminEmail: string
const MAX = 40_000_000

const uploadDir = () => path.join(dir, 'uploads')
const filesInUploadDir = async () => (await fs.readdir(uploadDir()).catch(() => [] as string[])).sort()

async function startServer(port = 0): Promise<TestApp> {
  const app = await createTestApp(db.orm, env)
  await app.app.listen({ port, host: '127.0.0.1' })
  return app
}
const baseUrl = (app: TestApp) => `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`

beforeAll(async () => {
  db = await createTestDatabase()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-upload-'))
  env = {
    LOG_LEVEL: 'silent',
    MEDIA_DIR: path.join(dir, 'media'),
    INGEST_DIR: path.join(dir, 'ingest'),
    UPLOAD_DIR: uploadDir(),
    UPLOAD_MAX_BYTES: String(MAX),
  }
  t = await startServer()
  const em = db.orm.em.fork()
  for (const role of ['user', 'permanentAccess'] as const) cookies[role] = (await signedInAs(em, role)).cookie
  const admin = await signedInAs(em, 'admin')
  cookies.admin = admin.cookie
  adminEmail = admin.email
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
  await fs.rm(dir, { recursive: true, force: true })
})

const tusHeaders = (cookie: string | undefined, extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  'x-locale': 'en',
  ...SITE_CLIENT,
  ...(cookie ? { cookie } : {}),
  ...extra,
})
const meta = (name: string) => `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`

/** Creates an upload by hand (POST), as tus-js-client would. */
function create(name: string, length: number, cookie: string | undefined, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/uploads',
    headers: tusHeaders(cookie, { 'upload-length': String(length), 'upload-metadata': meta(name), ...extra }),
  })
}
const idOf = (location: string | undefined) => location!.split('/').at(-1)!

/** Sends `body` with tus-js-client; resolves with the upload's URL once all bytes arrived. */
function send(body: Buffer, name: string, options: Partial<tus.UploadOptions> & { server?: TestApp } = {}): { upload: tus.Upload; done: Promise<string> } {
  let upload!: tus.Upload
  const done = new Promise<string>((resolve, reject) => {
    upload = new tus.Upload(body, {
      endpoint: `${baseUrl(options.server ?? t)}/admin/uploads`,
      headers: { cookie: cookies.admin!, 'x-streamclub-csrf': '1', 'x-locale': 'en' },
      metadata: { filename: name, filetype: 'video/mp4' },
      retryDelays: null,
      ...options,
      onSuccess: () => resolve(upload.url!),
      onError: reject,
    })
    upload.start()
  })
  return { upload, done }
}

const ingest = (id: string, cookie = cookies.admin!) => trpcMutation(t.app, 'admin.upload.ingest', { id }, { cookie, 'x-locale': 'en' })

describe('the tus routes: administrators only, before a byte is stored', () => {
  it('refuses visitors (401) and users and permanent-access users (403) on every method, and stores nothing', async () => {
    const made = await create('clip.mp4', 1000, cookies.admin)
    expect(made.statusCode, made.body).toBe(201)
    const id = idOf(made.headers.location as string)
    const requests: Array<{ method: 'OPTIONS' | 'POST' | 'HEAD' | 'PATCH'; url: string; headers: Record<string, string>; payload?: Buffer }> = [
      { method: 'OPTIONS', url: '/admin/uploads', headers: {} },
      { method: 'POST', url: '/admin/uploads', headers: { 'upload-length': '1000', 'upload-metadata': meta('a.mp4') } },
      { method: 'HEAD', url: `/admin/uploads/${id}`, headers: {} },
      {
        method: 'PATCH',
        url: `/admin/uploads/${id}`,
        headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: crypto.randomBytes(1000),
      },
    ]
    const before = await filesInUploadDir()
    for (const request of requests) {
      const visitor = await t.app.inject({ ...request, headers: tusHeaders(undefined, request.headers) })
      expect(visitor.statusCode, `${request.method} ${visitor.body}`).toBe(401)
      for (const role of ['user', 'permanentAccess'] as const) {
        const res = await t.app.inject({ ...request, headers: tusHeaders(cookies[role], request.headers) })
        expect(res.statusCode, `${role} ${request.method}`).toBe(403)
        if (request.method !== 'HEAD') expect(res.json().error).toBe('You are not allowed to do this.')
      }
    }
    expect(await filesInUploadDir()).toEqual(before)
    const head = await t.app.inject({ method: 'HEAD', url: `/admin/uploads/${id}`, headers: tusHeaders(cookies.admin) })
    expect(head.headers['upload-offset']).toBe('0')
    expect((await trpcMutation(t.app, 'admin.upload.discard', { id }, { cookie: cookies.admin! })).statusCode).toBe(200)
  })

  it('needs the client’s header and no foreign origin; a cross-site form cannot start one', async () => {
    expect((await create('a.mp4', 10, cookies.admin, { 'x-streamclub-csrf': '0' })).statusCode).toBe(403)
    expect((await create('a.mp4', 10, cookies.admin, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await create('a.mp4', 10, cookies.admin, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(403)
    expect(await filesInUploadDir()).toEqual([])
  })

  it('refuses a wrong type, a bad name, an empty or too large file, or no length, with a translated message, and keeps nothing', async () => {
    const cases: Array<[string, number, number, string, string]> = [
      ['notes.txt', 10, 400, 'uploadType', 'Nur Videodateien können hochgeladen werden'],
      ['../up.mp4', 10, 400, 'uploadName', 'Dieser Dateiname geht nicht'],
      ['.hidden.mp4', 10, 400, 'uploadName', 'Dieser Dateiname geht nicht'],
      ['empty.mp4', 0, 400, 'uploadEmpty', 'Diese Datei ist leer.'],
      ['huge.mp4', MAX + 1, 413, 'uploadTooLarge', 'Diese Datei ist größer als 40 MB'],
    ]
    for (const [name, length, status, reason, message] of cases) {
      const res = await create(name, length, cookies.admin, { 'x-locale': 'de' })
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status)
      expect(JSON.parse(res.body)).toMatchObject({ reason, error: expect.stringContaining(message) })
    }
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/admin/uploads',
      headers: tusHeaders(cookies.admin, { 'upload-defer-length': '1', 'upload-metadata': meta('later.mp4') }),
    })
    expect(deferred.statusCode).toBe(400)
    expect(await filesInUploadDir()).toEqual([])
  })
})

describe('an upload broken off halfway', () => {
  it('goes on from its offset on a restarted server, and the ingested source has the original’s SHA-256', { timeout: 120_000 }, async () => {
    const original = crypto.randomBytes(12 * 1024 * 1024)
    const sha256 = crypto.createHash('sha256').update(original).digest('hex')

    // The server goes away while the bytes flow (1 MiB requests, as the page sends them in parts).
    const first = send(original, 'Long Take.mov', { chunkSize: 1024 * 1024 })
    const failure = first.done.then(
      () => null,
      (error: unknown) => error,
    )
    const firstUrl = new Promise<string>((resolve) => {
      const timer = setInterval(() => first.upload.url && (clearInterval(timer), resolve(first.upload.url)), 10)
    })
    const id = idOf(await firstUrl)
    await until(
      'half of the bytes to arrive',
      async () => ((await fs.stat(path.join(uploadDir(), id)).catch(() => null))?.size ?? 0) >= original.length / 2,
      60_000,
      5,
    )
    t.app.server.closeAllConnections()
    await t.app.close()
    expect(String(await failure)).toMatch(/failed to upload chunk/)

    t = await startServer()
    const head = await t.app.inject({ method: 'HEAD', url: `/admin/uploads/${id}`, headers: tusHeaders(cookies.admin) })
    expect(head.statusCode).toBe(200)
    const offset = Number(head.headers['upload-offset'])
    expect(offset).toBeGreaterThanOrEqual(original.length / 2)
    expect(offset).toBeLessThan(original.length)
    expect(head.headers['upload-length']).toBe(String(original.length))

    // The console lists it as unfinished, with its name and the administrator who sent it.
    const unfinished = await trpcQuery(t.app, 'admin.upload.unfinished', undefined, { cookie: cookies.admin! })
    expect(unfinished.json().result.data).toEqual([
      expect.objectContaining({ id, name: 'Long Take.mov', size: original.length, offset, uploadedBy: { id: expect.any(Number), email: adminEmail } }),
    ])
    // Not complete: it cannot be ingested yet.
    const early = await ingest(id)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe('The upload did not arrive completely. Please try again.')

    // Resumed (as the page does after a reload, from the stored upload URL): only the rest is sent.
    const sent: number[] = []
    const resumed = send(original, 'Long Take.mov', {
      uploadUrl: `${baseUrl(t)}/admin/uploads/${id}`,
      chunkSize: 4 * 1024 * 1024,
      onProgress: (bytes) => void sent.push(bytes),
    })
    await resumed.done
    expect(sent[0]).toBeGreaterThanOrEqual(offset)
    expect(await fs.stat(path.join(uploadDir(), id)).then((s) => s.size)).toBe(original.length)

    const res = await ingest(id)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json().result.data
    expect(answer).toMatchObject({ status: 'queued', name: 'Long Take.mov' })
    const video = await db.orm.em.fork().findOneOrFail(Video, answer.id)
    expect(video).toMatchObject({ sourceName: 'Long Take.mov', mediaStatus: 'pending', sourceSha256: sha256, title: { en: 'Long Take' } })
    const stored = path.join(new MediaStore(path.join(dir, 'media')).sourceDir(video.mediaKey), 'source.mov')
    expect(await sha256File(stored)).toBe(sha256)
    const jobs = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select task_identifier from graphile_worker.jobs where key = ?`, [`media:video:${video.id}`])
    expect(jobs).toEqual([{ task_identifier: 'media_process_video' }])
    const [entry] = await db.orm.em.fork().find(AuditEntry, { action: 'admin.upload.ingest', targetType: 'video' })
    expect(entry).toMatchObject({
      userEmail: adminEmail,
      targetId: String(video.id),
      before: null,
      after: { sourceName: 'Long Take.mov', bytes: original.length, upload: id },
    })
    // The upload left the folder: its bytes are the source now.
    expect(await filesInUploadDir()).toEqual([])

    // Once more: the upload is gone.
    const again = await ingest(id)
    expect(again.statusCode).toBe(404)
    expect(again.json().error.message).toBe('This upload is no longer on the server. Drop the file again to send it anew.')

    // The same bytes sent again are a duplicate of the first item: nothing queued, the upload removed.
    const twice = send(original, 'copy.mov', { chunkSize: 8 * 1024 * 1024 })
    const duplicate = await ingest(idOf(await twice.done))
    expect(duplicate.json().result.data).toMatchObject({ status: 'duplicate', id: video.id })
    expect(await db.orm.em.fork().count(Video)).toBe(1)
    expect(await db.orm.em.fork().findOne(AuditEntry, { action: 'admin.upload.ingest', targetType: 'upload' })).toMatchObject({
      after: { duplicateOf: video.id },
    })
    expect(await filesInUploadDir()).toEqual([])
  })

  it('goes on by itself when the server restarts within the client’s retries, as the page’s uploads do', { timeout: 60_000 }, async () => {
    const original = crypto.randomBytes(8 * 1024 * 1024)
    const transfer = send(original, 'restart.mp4', { chunkSize: 1024 * 1024, retryDelays: [250, 500, 1000, 2000, 4000, 8000] })
    const id = await until('the upload URL', async () => transfer.upload.url && idOf(transfer.upload.url), 30_000, 5)
    await until(
      'a third of the bytes to arrive',
      async () => ((await fs.stat(path.join(uploadDir(), id)).catch(() => null))?.size ?? 0) >= original.length / 3,
      30_000,
      5,
    )
    const port = (t.app.server.address() as AddressInfo).port
    t.app.server.closeAllConnections()
    await t.app.close()
    // Broken off mid-way: the client has to go on after the restart.
    expect((await fs.stat(path.join(uploadDir(), id))).size).toBeLessThan(original.length)
    t = await startServer(port)
    await transfer.done
    const res = await ingest(id)
    expect(res.json().result.data).toMatchObject({ status: 'queued', name: 'restart.mp4' })
    const video = await db.orm.em.fork().findOneOrFail(Video, res.json().result.data.id)
    expect(video.sourceSha256).toBe(crypto.createHash('sha256').update(original).digest('hex'))
  })

  it('pauses and resumes on the same server (abort, then start again)', { timeout: 60_000 }, async () => {
    const original = crypto.randomBytes(6 * 1024 * 1024)
    const transfer = send(original, 'paused.mp4', { chunkSize: 512 * 1024 })
    const id = await until('the upload URL', async () => transfer.upload.url && idOf(transfer.upload.url), 30_000, 5)
    await until('some bytes to arrive', async () => ((await fs.stat(path.join(uploadDir(), id)).catch(() => null))?.size ?? 0) > 0, 30_000, 5)
    await transfer.upload.abort()
    const paused = Number((await t.app.inject({ method: 'HEAD', url: `/admin/uploads/${id}`, headers: tusHeaders(cookies.admin) })).headers['upload-offset'])
    expect(paused).toBeLessThan(original.length)
    transfer.upload.start()
    await transfer.done
    const res = await ingest(id)
    expect(res.json().result.data).toMatchObject({ status: 'queued', name: 'paused.mp4' })
    const video = await db.orm.em.fork().findOneOrFail(Video, res.json().result.data.id)
    expect(video.sourceSha256).toBe(crypto.createHash('sha256').update(original).digest('hex'))
  })
})

describe('admin.upload.discard and the cron of abandoned uploads', () => {
  it('discards an unfinished upload with an audit entry; refuses an unknown or malformed id', async () => {
    const made = await create('unwanted.mp4', 5000, cookies.admin)
    const id = idOf(made.headers.location as string)
    const res = await trpcMutation(t.app, 'admin.upload.discard', { id }, { cookie: cookies.admin!, 'x-locale': 'en' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().result.data).toEqual({ name: 'unwanted.mp4' })
    expect(await filesInUploadDir()).toEqual([])
    expect(await db.orm.em.fork().findOne(AuditEntry, { action: 'admin.upload.discard', targetId: id })).toMatchObject({
      userEmail: adminEmail,
      targetType: 'upload',
      targetId: id,
      before: { name: 'unwanted.mp4', bytes: 5000, received: 0 },
      after: null,
    })

    const before = await db.orm.em.fork().count(AuditEntry)
    const gone = await trpcMutation(t.app, 'admin.upload.discard', { id }, { cookie: cookies.admin!, 'x-locale': 'en' })
    expect(gone.statusCode).toBe(404)
    for (const bad of ['../../etc/passwd', 'ABC', `${id}0`]) {
      const malformed = await trpcMutation(t.app, 'admin.upload.discard', { id: bad }, { cookie: cookies.admin!, 'x-locale': 'en' })
      expect(malformed.statusCode, bad).toBe(400)
      expect((await ingest(bad)).statusCode, bad).toBe(400)
    }
    expect(await db.orm.em.fork().count(AuditEntry)).toBe(before)
  })

  it('the worker’s purge_abandoned_uploads removes uploads idle past UPLOAD_EXPIRY_HOURS and keeps the others', { timeout: 60_000 }, async () => {
    const idle = idOf((await create('idle.mp4', 5000, cookies.admin)).headers.location as string)
    const fresh = idOf((await create('fresh.mp4', 5000, cookies.admin)).headers.location as string)
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000)
    for (const file of [idle, `${idle}.json`]) await fs.utimes(path.join(uploadDir(), file), threeDaysAgo, threeDaysAgo)

    const em = db.orm.em.fork()
    await addJob(em, 'purge_abandoned_uploads', {})
    await drainJobs({ config: t.config, orm: db.orm }, db.url)
    expect(await filesInUploadDir()).toEqual([fresh, `${fresh}.json`].sort())
    await trpcMutation(t.app, 'admin.upload.discard', { id: fresh }, { cookie: cookies.admin! })
  })
})
