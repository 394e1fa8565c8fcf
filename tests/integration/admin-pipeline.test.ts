/**
 * The console's pipeline: ingested items with state, progress and failure reason; a failed
 * item retried (back to queued, its job queued again) with an audit entry in the same
 * transaction; a retry of anything but a failed item refused with a translated message; the
 * board pushed over server-sent events when an item changes; a queued job cancelled (off the
 * queue) and a running transcode cancelled under a real worker (ffmpeg stopped, its partial
 * output removed, the job gone, the item failed with the reason), each with its audit entry.
 */
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Video } from '../../core/db/entities/index.js'
import { ingestSource, queueProcessing } from '../../core/services/media/ingest.js'
import { createWorkerLog } from '../../worker/logger.js'
import { startWorker } from '../../worker/runner.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { makeImageSet, makeVideo } from '../support/factories.js'
import { listFiles, makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import type { TestDatabase } from '../support/test-database.js'
import { until } from '../support/wait.js'

let media: MediaTestEnv
let db: TestDatabase
let t: TestApp
let admin: { cookie: string; email: string }
let failed: Video
let ready: Video
let processing: Video

beforeAll(async () => {
  media = await mediaTestEnv('admin-pipeline')
  db = media.db
  t = await createTestApp(db.orm, { ...media.env, LOG_LEVEL: 'silent' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
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
  await media?.cleanup()
})

const list = async (filter: string, locale = 'en') => {
  const res = await trpcQuery(t.app, 'admin.pipeline.list', { filter, locale }, { cookie: admin.cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data as {
    workers: unknown[]
    items: Array<{ kind: string; id: number; title: string; sourceName: string; state: string; progress: number; error: string | null; job: unknown }>
  }
}

describe('admin.pipeline.list', () => {
  it('lists ingested items with state, progress and failure reason, in the reader’s language', async () => {
    const all = await list('all', 'de')
    expect(all.items.map((i) => i.sourceName).sort()).toEqual(['beach-set', 'broken.mp4', 'done.mp4', 'halfway.mov'])
    expect(all.items.find((i) => i.id === failed.id && i.kind === 'video')).toMatchObject({
      title: 'Kaputt',
      state: 'failed',
      error: 'not a video: Invalid data found when processing input',
    })
    expect(all.items.find((i) => i.id === processing.id)).toMatchObject({ state: 'processing', progress: 0.42 })
    expect(all.items.find((i) => i.id === ready.id)).toMatchObject({ state: 'ready', progress: 1 })
    expect(all.workers).toEqual([])
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
    const jobs = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select task_identifier, queue_name from graphile_worker.jobs where key = ?`, [`media:video:${failed.id}`])
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
    expect(audit.json().result.data.items[0]).toMatchObject({
      action: 'admin.pipeline.retry',
      userEmail: admin.email,
      targetType: 'video',
      targetId: String(failed.id),
    })
  })

  it('refuses to retry what has not failed, in the caller’s language, and changes nothing', async () => {
    const before = await db.orm.em.fork().count(AuditEntry)
    for (const [locale, message] of [
      ['en', 'Only a failed item can be retried.'],
      ['it', 'Si può riprovare solo un elemento non riuscito.'],
    ] as const) {
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

type Board = Awaited<ReturnType<typeof list>>

/** Follows admin.pipeline.live as a browser's EventSource does: each `data` event is a board. */
async function follow(input: object, cookie: string, signal: AbortSignal) {
  const port = (t.app.server.address() as AddressInfo).port
  const res = await fetch(`http://127.0.0.1:${port}/trpc/admin.pipeline.live?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { cookie, accept: 'text/event-stream', 'x-locale': 'en' },
    signal,
  })
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const boards: Board[] = []
  const errors: string[] = []
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (done) return
      buffer += value
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n')
        if (event === 'serialized-error') errors.push(data)
        else if (!event && data) boards.push(JSON.parse(data) as Board)
      }
    }
  })()
  return { boards, errors }
}

describe('admin.pipeline.live', () => {
  it('pushes the board at once and again when an item’s progress changes, without polling', async () => {
    const stop = new AbortController()
    try {
      const feed = await follow({ filter: 'active', locale: 'en' }, admin.cookie, stop.signal)
      await until('the first board', async () => feed.boards.length >= 1, 10_000, 20)
      expect(feed.boards[0]!.items.find((i) => i.id === processing.id)).toMatchObject({ state: 'processing', progress: 0.42 })
      // The worker stores its progress like this; PostgreSQL notifies, the server reads and pushes.
      const seen = feed.boards.length
      const changedAt = Date.now()
      await db.orm.em.fork().getConnection().execute(`update video set media_progress = 0.5 where id = ?`, [processing.id])
      const pushed = await until(
        'the change pushed',
        async () => feed.boards.slice(seen).find((b) => b.items.some((i) => i.id === processing.id && i.progress === 0.5)),
        10_000,
        20,
      )
      expect(pushed).toBeTruthy()
      // Well before the 5 s heartbeat: pushed by the notification.
      expect(Date.now() - changedAt).toBeLessThan(4000)
      expect(feed.errors).toEqual([])
    } finally {
      stop.abort()
    }
  })

  it('is refused to a user before any board is sent', async () => {
    const user = await signedInAs(db.orm.em.fork(), 'user')
    const stop = new AbortController()
    try {
      const feed = await follow({ filter: 'all', locale: 'en' }, user.cookie, stop.signal)
      await until('the refusal', async () => feed.errors.length > 0, 10_000, 20)
      expect(JSON.parse(feed.errors[0]!)).toMatchObject({ message: 'You are not allowed to do this.', data: { code: 'FORBIDDEN' } })
      expect(feed.boards).toEqual([])
    } finally {
      stop.abort()
    }
  })
})

describe('admin.pipeline.cancel', () => {
  it('takes a queued item’s job off the queue and fails the item with the reason, audited', async () => {
    const em = db.orm.em.fork()
    const queued = makeVideo(em, { title: { en: 'Waiting' }, mediaStatus: 'pending', releasedAt: null })
    queued.sourceName = 'waiting.mp4'
    await em.flush()
    await queueProcessing(em, 'video', queued.id)

    const res = await trpcMutation(t.app, 'admin.pipeline.cancel', { kind: 'video', id: queued.id }, { cookie: admin.cookie, 'x-locale': 'en' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().result.data).toEqual({ name: 'waiting.mp4' })
    const row = await db.orm.em.fork().findOneOrFail(Video, queued.id)
    expect(row).toMatchObject({ mediaStatus: 'failed', mediaError: `cancelled in the operations console by ${admin.email}` })
    expect(
      await db.orm.em
        .fork()
        .getConnection()
        .execute(`select id from graphile_worker.jobs where key = ?`, [`media:video:${queued.id}`]),
    ).toEqual([])
    const [entry] = await db.orm.em.fork().find(AuditEntry, { action: 'admin.pipeline.cancel', targetId: String(queued.id) })
    expect(entry).toMatchObject({
      userEmail: admin.email,
      targetType: 'video',
      before: { mediaStatus: 'pending' },
      after: { mediaStatus: 'failed', job: 'removed' },
    })

    // A cancelled item is a failed one: it can be retried.
    const retried = await trpcMutation(t.app, 'admin.pipeline.retry', { kind: 'video', id: queued.id }, { cookie: admin.cookie })
    expect(retried.statusCode).toBe(200)
    await db.orm.em
      .fork()
      .getConnection()
      .execute(`select graphile_worker.remove_job(?)`, [`media:video:${queued.id}`])
  })

  it('refuses what is not queued or running, what does not exist and bad input, in the caller’s language, changing nothing', async () => {
    const before = await db.orm.em.fork().count(AuditEntry)
    for (const [locale, message] of [
      ['en', 'Only a queued or running item can be cancelled.'],
      ['fr', 'Seul un élément en attente ou en cours peut être annulé.'],
    ] as const) {
      const res = await trpcMutation(t.app, 'admin.pipeline.cancel', { kind: 'video', id: ready.id }, { cookie: admin.cookie, 'x-locale': locale })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(message)
    }
    expect((await trpcMutation(t.app, 'admin.pipeline.cancel', { kind: 'imageSet', id: 999_999 }, { cookie: admin.cookie })).statusCode).toBe(404)
    for (const input of [{ kind: 'video', id: 0 }, { kind: 'clip', id: processing.id }, { kind: 'video', id: 'x' }, {}]) {
      const res = await trpcMutation(t.app, 'admin.pipeline.cancel', input, { cookie: admin.cookie, 'x-locale': 'en' })
      expect(res.statusCode, JSON.stringify(input)).toBe(400)
    }
    expect((await db.orm.em.fork().findOneOrFail(Video, ready.id)).mediaStatus).toBe('ready')
    expect((await db.orm.em.fork().findOneOrFail(Video, processing.id)).mediaStatus).toBe('processing')
    expect(await db.orm.em.fork().count(AuditEntry)).toBe(before)
  })

  it(
    'stops a running transcode under a real worker: ffmpeg ends, the partial output goes, the job is done; what was published before stays',
    { timeout: 120_000 },
    async () => {
      // 40 s of 720p: the lowest rung (480p) is published first and the video plays; the cancel
      // comes while the 720p rung, most of the job, is being made (early play, services/pipeline.ts).
      const source = await makeTestVideo(path.join(media.tmp.dir, 'long.mp4'), { width: 1280, height: 720, seconds: 40 })
      const queued = await ingestSource(db.orm.em.fork(), media.store, { kind: 'video', source, mode: 'copy', name: 'long.mp4' })
      if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
      const worker = await startWorker({ config: media.config, orm: db.orm }, db.url, {
        watchIngest: false,
        concurrency: 1,
        log: () => undefined,
        workerLog: createWorkerLog({ logLevel: 'silent' }),
      })
      try {
        await until(
          'the lowest rung published, the higher one under way',
          async () => {
            const row = await db.orm.em.fork().findOneOrFail(Video, queued.id)
            return row.mediaStatus === 'processing' && row.resolutions.join() === 'sd' && row.pendingResolutions.join() === 'hd'
          },
          100_000,
          100,
        )
        // Running, with a time left, on a worker named after this machine and process.
        const board = await until(
          'the ladder under way, with a time left',
          async () => {
            const current = await list('active')
            const item = current.items.find((i) => i.id === queued.id) as { progress: number; timeLeftSeconds: number | null } | undefined
            return item && item.timeLeftSeconds !== null ? current : null
          },
          30_000,
          100,
        )
        expect(board.workers).toEqual([
          expect.objectContaining({
            name: expect.stringContaining(`pid ${process.pid}`),
            jobs: [expect.objectContaining({ task: 'media_process_video', item: { kind: 'video', id: queued.id } })],
          }),
        ])
        // The 720p rung's scratch output appears as ffmpeg writes it.
        await until(
          'the higher rung written to the scratch folder',
          async () => (await listFiles(path.join(media.config.mediaDir, '.work'))).length > 0,
          30_000,
          50,
        )

        const res = await trpcMutation(t.app, 'admin.pipeline.cancel', { kind: 'video', id: queued.id }, { cookie: admin.cookie, 'x-locale': 'en' })
        expect(res.statusCode, res.body).toBe(200)
        const [entry] = await db.orm.em.fork().find(AuditEntry, { action: 'admin.pipeline.cancel', targetId: String(queued.id) })
        expect(entry).toMatchObject({ before: { mediaStatus: 'processing' }, after: { mediaStatus: 'failed', job: 'stopped' } })

        // The worker notices within a second or two: its job ends (as done) and its scratch folder goes.
        const jobs = () => db.orm.em.fork().getConnection().execute(`select id from graphile_worker.jobs where task_identifier = 'media_process_video'`)
        await until('the job to end', async () => (await jobs()).length === 0, 30_000, 100)
        await until('the partial output removed', async () => (await listFiles(path.join(media.config.mediaDir, '.work'))).length === 0, 10_000, 100)
        // Failed with the reason; as after any failure of the higher rungs, the video keeps playing
        // at its published lowest rung (a retry makes the rest; ops unpublish it to take it off).
        const row = await db.orm.em.fork().findOneOrFail(Video, queued.id)
        expect(row).toMatchObject({
          mediaStatus: 'failed',
          mediaError: `cancelled in the operations console by ${admin.email}`,
          resolutions: ['sd'],
          pendingResolutions: ['hd'],
        })
        expect(row.releasedAt).not.toBeNull()
        const published = await listFiles(path.join(media.config.mediaDir, 'protected', row.mediaKey))
        expect(published.filter((file) => /(^|\/)sd\//.test(file)).length).toBeGreaterThan(0)
        expect(published.filter((file) => /(^|\/)hd\//.test(file))).toEqual([])
        // The worker is free of it (it may run a cron job meanwhile).
        expect((await list('active')).workers.flatMap((w) => (w as { jobs: Array<{ item: unknown }> }).jobs.map((j) => j.item))).not.toContainEqual({
          kind: 'video',
          id: queued.id,
        })
      } finally {
        await worker.stop()
      }
    },
  )
})
