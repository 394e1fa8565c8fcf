/**
 * The console's pipeline: ingested items with state, progress and failure reason; a failed
 * item retried (back to queued, its job queued again) with an audit entry in the same
 * transaction; a retry of anything but a failed item refused with a translated message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Video } from '../../server/db/entities/index.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { makeImageSet, makeVideo } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
let t: TestApp
let admin: { cookie: string; email: string }
let failed: Video
let ready: Video
let processing: Video

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { LOG_LEVEL: 'silent' })
  const em = db.orm.em.fork()
  admin = await signedInAs(em, 'admin')
  failed = makeVideo(em, { title: { de: 'Kaputt', en: 'Broken' }, mediaStatus: 'failed', releasedAt: null })
  failed.sourceName = 'broken.mp4'
  failed.mediaError = 'not a video: Invalid data found when processing input'
  ready = makeVideo(em, { title: { de: 'Fertig', en: 'Done' } })
  ready.sourceName = 'done.mp4'
  processing = makeVideo(em, { title: { en: 'Halfway' }, mediaStatus: 'processing', releasedAt: null })
  processing.sourceName = 'halfway.mov'
  processing.mediaProgress = 0.42
  makeVideo(em) // made by hand (no source): not part of the pipeline
  const set = makeImageSet(em)
  set.sourceName = 'beach-set'
  await em.flush()
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
})

const list = async (filter: string, locale = 'en') => {
  const res = await trpcQuery(t.app, 'admin.pipeline.list', { filter, locale }, { cookie: admin.cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as { workers: number; items: Array<{ kind: string; id: number; title: string; sourceName: string; state: string; progress: number; error: string | null; job: unknown }> }
}

describe('admin.pipeline.list', () => {
  it('lists ingested items with state, progress and failure reason, in the reader’s language', async () => {
    const all = await list('all', 'de')
    expect(all.items.map((i) => i.sourceName).sort()).toEqual(['beach-set', 'broken.mp4', 'done.mp4', 'halfway.mov'])
    expect(all.items.find((i) => i.id === failed.id && i.kind === 'video')).toMatchObject({ title: 'Kaputt', state: 'failed', error: 'not a video: Invalid data found when processing input' })
    expect(all.items.find((i) => i.id === processing.id)).toMatchObject({ state: 'processing', progress: 0.42 })
    expect(all.items.find((i) => i.id === ready.id)).toMatchObject({ state: 'ready', progress: 1 })
    expect(all.workers).toBe(0)
  })

  it('filters by state', async () => {
    expect((await list('failed')).items.map((i) => i.sourceName)).toEqual(['broken.mp4'])
    expect((await list('active')).items.map((i) => i.sourceName)).toEqual(['halfway.mov'])
  })
})

describe('admin.pipeline.retry', () => {
  it('queues a failed item again and writes who, what, before and after in the audit log', async () => {
    const res = await trpcMutation(t.app, 'admin.pipeline.retry', { kind: 'video', id: failed.id }, { cookie: admin.cookie, 'x-locale': 'en' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().result.data).toEqual({ name: 'broken.mp4' })

    const row = await db.orm.em.fork().findOneOrFail(Video, failed.id)
    expect(row).toMatchObject({ mediaStatus: 'pending', mediaError: null })
    const jobs = await db.orm.em.fork().getConnection().execute(`select task_identifier, queue_name from graphile_worker.jobs where key = ?`, [`media:video:${failed.id}`])
    expect(jobs).toEqual([{ task_identifier: 'media_process_video', queue_name: null }])

    const entries = await db.orm.em.fork().find(AuditEntry, { targetType: 'video', targetId: String(failed.id) })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      userEmail: admin.email,
      action: 'admin.pipeline.retry',
      before: { mediaStatus: 'failed', mediaError: 'not a video: Invalid data found when processing input' },
      after: { mediaStatus: 'pending', mediaError: null, mediaProgress: 0 },
    })

    const audit = await trpcQuery(t.app, 'admin.audit.list', { page: 1 }, { cookie: admin.cookie })
    expect(audit.json().result.data.items[0]).toMatchObject({ action: 'admin.pipeline.retry', userEmail: admin.email, targetType: 'video', targetId: String(failed.id) })
  })

  it('refuses to retry what has not failed, in the caller’s language, and changes nothing', async () => {
    const before = await db.orm.em.fork().count(AuditEntry)
    for (const [locale, message] of [['en', 'Only a failed item can be retried.'], ['it', 'Si può riprovare solo un elemento non riuscito.']] as const) {
      const res = await trpcMutation(t.app, 'admin.pipeline.retry', { kind: 'video', id: ready.id }, { cookie: admin.cookie, 'x-locale': locale })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(message)
    }
    expect((await db.orm.em.fork().findOneOrFail(Video, ready.id)).mediaStatus).toBe('ready')
    const missing = await trpcMutation(t.app, 'admin.pipeline.retry', { kind: 'imageSet', id: 999_999 }, { cookie: admin.cookie, 'x-locale': 'en' })
    expect(missing.statusCode).toBe(404)
    expect(await db.orm.em.fork().count(AuditEntry)).toBe(before)
  })
})
