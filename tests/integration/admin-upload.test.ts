/**
 * The console's upload route: administrators only (before a byte is read), the client's CSRF
 * header required, size and type checked with translated messages, the body streamed to disk
 * (larger than the server's 1 MiB body limit) and ingested like a drop: row, job, the source
 * in the media store with the sent bytes' SHA-256, an audit entry; a duplicate queues nothing.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Video } from '../../server/db/entities/index.js'
import { sha256File } from '../../server/services/ingest.js'
import { MediaStore } from '../../server/services/media/store.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, SITE_CLIENT, type TestApp } from '../support/app.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
let t: TestApp
let dir: string
const cookies: Record<string, string> = {}
let adminEmail: string
const MAX = 4_000_000

beforeAll(async () => {
  db = await createTestDatabase()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-upload-'))
  t = await createTestApp(db.orm, { LOG_LEVEL: 'silent', MEDIA_DIR: path.join(dir, 'media'), INGEST_DIR: path.join(dir, 'ingest'), UPLOAD_MAX_BYTES: String(MAX) })
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

function upload(name: string, body: Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/admin/upload?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'application/octet-stream', 'x-locale': 'en', ...SITE_CLIENT, ...headers },
    payload: body,
  })
}

const leftovers = async () => (await fs.readdir(path.join(dir, 'ingest', '.uploads')).catch(() => [])).length

describe('PUT /admin/upload', () => {
  it('is refused to visitors (401), users and permanent-access users (403), before the body is read', async () => {
    const body = crypto.randomBytes(1000)
    expect((await upload('a.mp4', body)).statusCode).toBe(401)
    for (const role of ['user', 'permanentAccess'] as const) {
      const res = await upload('a.mp4', body, { cookie: cookies[role]! })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toBe('You are not allowed to do this.')
    }
    expect(await db.orm.em.fork().count(Video)).toBe(0)
  })

  it('needs the client’s header and a file body (a cross-site form cannot send one)', async () => {
    const body = crypto.randomBytes(1000)
    expect((await upload('a.mp4', body, { cookie: cookies.admin!, 'x-streamclub-csrf': '0' })).statusCode).toBe(403)
    expect((await upload('a.mp4', body, { cookie: cookies.admin!, 'content-type': 'multipart/form-data; boundary=x' })).statusCode).toBe(403)
    expect((await upload('a.mp4', body, { cookie: cookies.admin!, origin: 'https://evil.example' })).statusCode).toBe(403)
  })

  it('streams a file larger than the body limit to disk and ingests it: row, job, source, audit entry', async () => {
    const body = crypto.randomBytes(3 * 1024 * 1024)
    const res = await upload('Sunset Clip.MP4', body, { cookie: cookies.admin! })
    expect(res.statusCode, res.body).toBe(201)
    const answer = res.json()
    expect(answer).toMatchObject({ status: 'queued', kind: 'video', name: 'Sunset Clip.MP4' })

    const video = await db.orm.em.fork().findOneOrFail(Video, answer.id)
    expect(video).toMatchObject({ sourceName: 'Sunset Clip.MP4', mediaStatus: 'pending', title: { en: 'Sunset Clip' } })
    const source = path.join(new MediaStore(path.join(dir, 'media')).sourceDir(video.mediaKey), 'source.mp4')
    expect(await sha256File(source)).toBe(crypto.createHash('sha256').update(body).digest('hex'))
    expect(video.sourceSha256).toBe(crypto.createHash('sha256').update(body).digest('hex'))
    const jobs = await db.orm.em.fork().getConnection().execute(`select task_identifier from graphile_worker.jobs where key = ?`, [`media:video:${video.id}`])
    expect(jobs).toEqual([{ task_identifier: 'media_process_video' }])
    const [entry] = await db.orm.em.fork().find(AuditEntry, { action: 'admin.upload' })
    expect(entry).toMatchObject({ userEmail: adminEmail, targetType: 'video', targetId: String(video.id), before: null, after: { sourceName: 'Sunset Clip.MP4', bytes: body.length } })
    expect(await leftovers()).toBe(0)

    // The same bytes again: the first item, nothing queued, no entry.
    const again = await upload('copy.mp4', body, { cookie: cookies.admin! })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ status: 'duplicate', id: video.id })
    expect(await db.orm.em.fork().count(AuditEntry, { action: 'admin.upload' })).toBe(1)
    expect(await leftovers()).toBe(0)
  })

  it('refuses a wrong type, a bad name, an empty or too large file with a translated message, and keeps nothing', async () => {
    const before = await db.orm.em.fork().count(Video)
    const cases: Array<[string, Buffer, number, string, string]> = [
      ['notes.txt', crypto.randomBytes(10), 400, 'uploadType', 'Nur Videodateien können hochgeladen werden'],
      ['../up.mp4', crypto.randomBytes(10), 400, 'uploadName', 'Dieser Dateiname geht nicht'],
      ['.hidden.mp4', crypto.randomBytes(10), 400, 'uploadName', 'Dieser Dateiname geht nicht'],
      ['empty.mp4', Buffer.alloc(0), 400, 'uploadEmpty', 'Diese Datei ist leer.'],
      ['huge.mp4', crypto.randomBytes(MAX + 1), 413, 'uploadTooLarge', 'Diese Datei ist größer als 4 MB'],
    ]
    for (const [name, body, status, reason, message] of cases) {
      const res = await upload(name, body, { cookie: cookies.admin!, 'x-locale': 'de' })
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status)
      expect(res.json().reason).toBe(reason)
      expect(res.json().error).toContain(message)
    }
    expect(await db.orm.em.fork().count(Video)).toBe(before)
    expect(await leftovers()).toBe(0)
  })

  it('stops reading past the limit when the length is not declared (chunked)', async () => {
    const { Readable } = await import('node:stream')
    const chunks = Array.from({ length: 5 }, () => crypto.randomBytes(1_000_000))
    const res = await t.app.inject({
      method: 'PUT',
      url: '/admin/upload?name=stream.mp4',
      headers: { 'content-type': 'application/octet-stream', 'x-locale': 'en', ...SITE_CLIENT, cookie: cookies.admin! },
      payload: Readable.from(chunks),
    })
    expect(res.statusCode, res.body).toBe(413)
    expect(res.json().error).toBe('This file is larger than 4 MB, the most an upload may be.')
    expect(await leftovers()).toBe(0)
  })
})
