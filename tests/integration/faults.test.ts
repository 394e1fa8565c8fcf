/**
 * PostgreSQL restarted under load, on its own embedded server (the other test files share
 * theirs; the page lane needs `npm run build`, which `npm test` runs first): while visitors and a signed-in user browse, and while the real worker process
 * transcodes a video. Requests are answered quickly throughout (503 while the database is
 * away, 200 again once it is back), nothing hangs, the server and the worker reconnect by
 * themselves, and the transcode completes once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../core/db/embedded-postgres.js'
import { migrate, openOrm, SERVER_DATABASE_LIMITS, type Orm } from '../../core/db/orm.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { MediaStore } from '../../core/services/media/store.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { logIn, makeUser, sessionCookieOf } from '../support/accounts.js'
import { makeVideo } from '../support/factories.js'
import { makeTestVideo, tempDir } from '../support/media.js'

const SECRET = 'test-secret-test-secret-test-secret-0123'
/** The longest any request may take, up or down (the bound). */
const HANG_MS = 10_000

let tmp: Awaited<ReturnType<typeof tempDir>>
let pgDir: string
let port: number
let db: EmbeddedDatabase
let orm: Orm
let t: TestApp
let env: Record<string, string>
let worker: ChildProcess | null = null
const workerLog: string[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo
      server.close(() => resolve(free))
    })
    server.on('error', reject)
  })
}

beforeAll(async () => {
  tmp = await tempDir('faults')
  // Under .data like the shared test server's (the postgres user must reach it when run as root).
  pgDir = path.resolve('.data', `test-faults-${process.pid}`)
  await fs.rm(pgDir, { recursive: true, force: true })
  port = await freePort()
  db = await startEmbeddedPostgres({ dataDir: pgDir, port, database: 'faults' })
  const migrator = await openOrm(db.url, { pool: 2 })
  await migrate(migrator, db.url)
  await migrator.close()
  // As server/serve.ts opens it: with the request limits.
  orm = await openOrm(db.url, { pool: 10, limits: SERVER_DATABASE_LIMITS })
  env = {
    DATA_DIR: tmp.dir,
    MEDIA_DIR: path.join(tmp.dir, 'media'),
    INGEST_DIR: path.join(tmp.dir, 'ingest'),
    CATALOG_CACHE_TTL_MS: '0',
    RATE_LIMIT_PER_IP: '100000',
  }
  t = await createTestApp(orm, { ...env, LOG_LEVEL: 'warn' })
}, 120_000)

afterAll(async () => {
  if (worker && worker.exitCode === null && worker.signalCode === null) process.kill(-worker.pid!, 'SIGKILL')
  await t?.app.close()
  await orm?.close()
  await db?.stop()
  await tmp?.remove()
  if (pgDir) await fs.rm(pgDir, { recursive: true, force: true })
})

/** The real worker process (worker/main.ts), in its own process group like a service. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    env: { ...process.env, ...env, DATABASE_URL: db.url, APP_SECRET: SECRET, LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => workerLog.push(...chunk.toString().split('\n').filter(Boolean)))
  return child
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 100_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check().catch(() => null)
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back'
interface Answer {
  lane: string
  /** The database's state when the request was sent and when it was answered. */
  sent: Phase
  answered: Phase
  status: number | 'hung'
  ms: number
  body: string
}

describe('PostgreSQL restarted under load', () => {
  it('keeps answering quickly (503 while it is away, 200 after), and the worker finishes its transcode once', { timeout: 120_000 }, async () => {
    const em = orm.em.fork()
    const item = makeVideo(em)
    await em.flush()
    await makeUser(orm.em.fork(), { email: 'browser@example.com' })
    const cookie = sessionCookieOf(await logIn(t.app, 'browser@example.com', 'correct horse battery'))
    const source = await makeTestVideo(path.join(tmp.dir, 'long.mp4'), { width: 1280, height: 720, seconds: 10 })
    const queued = await ingestSource(orm.em.fork(), new MediaStore(env.MEDIA_DIR!), { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))

    // The worker starts the transcode; the restart comes while its ladder is being encoded.
    worker = startWorker()
    const progress = () =>
      orm.em
        .fork()
        .findOneOrFail(Video, queued.id)
        .then((video) => Number(video.mediaProgress))
    await until('the ladder to be under way', async () => (await progress()) >= 0.3)
    const [job] = await orm.em
      .getConnection()
      .execute<Array<{ attempts: number; locked: boolean }>>(
        `select attempts, locked_at is not null as locked from graphile_worker.jobs where task_identifier = 'media_process_video'`,
      )
    expect(job).toEqual({ attempts: 1, locked: true })

    // Browsing: visitors (a list and a detail answer, and the server-rendered detail page, the
    // catalog and page caches off so all reach the database), a signed-in user, and the
    // readiness probe, each in a loop.
    let phase: Phase = 'up'
    let browsing = true
    const answers: Answer[] = []
    const lanes: Record<string, () => ReturnType<typeof trpcQuery>> = {
      list: () => trpcQuery(t.app, 'catalog.videos', { locale: 'en' }, { 'x-locale': 'en' }),
      detail: () => trpcQuery(t.app, 'catalog.video', { locale: 'en', id: item.id }, { 'x-locale': 'en' }),
      signedIn: () => trpcQuery(t.app, 'auth.me', undefined, { cookie, 'x-locale': 'en' }),
      ready: () => t.app.inject('/readyz'),
      page: () => t.app.inject({ url: `/en/videos/${item.id}`, headers: { accept: 'text/html' } }),
    }
    /** A page shows the generic error page while the database is away (5xx); the others answer 503. */
    const downStatus = (lane: string, status: Answer['status']) => (lane === 'page' ? typeof status === 'number' && status >= 500 : status === 503)
    const browse = Object.entries(lanes).map(async ([lane, request]) => {
      while (browsing) {
        const sent = phase
        const started = Date.now()
        const res = await Promise.race([request(), new Promise<null>((resolve) => setTimeout(() => resolve(null), HANG_MS))])
        answers.push({ lane, sent, answered: phase, status: res ? res.statusCode : 'hung', ms: Date.now() - started, body: res?.body ?? '' })
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    const seen = (lane: string, when: Phase, status?: number) =>
      answers.filter((a) => a.lane === lane && a.sent === when && a.answered === when && (status === undefined || a.status === status)).length
    await until('every lane to answer with the database up', async () => Object.keys(lanes).every((lane) => seen(lane, 'up') >= 3), 60_000)

    // Requests sent while PostgreSQL shuts down may still be answered; 'down' starts once it is gone.
    phase = 'stopping'
    await db.stop()
    phase = 'down'
    await until('every lane to answer while the database is away', async () => Object.keys(lanes).every((lane) => seen(lane, 'down') >= 3), 60_000)
    phase = 'starting'
    db = await startEmbeddedPostgres({ dataDir: pgDir, port, database: 'faults' })
    phase = 'back'
    await until('every lane to answer 200 again', async () => Object.keys(lanes).every((lane) => seen(lane, 'back', 200) >= 3), 60_000)
    browsing = false
    await Promise.all(browse)

    // Nothing hung, nothing failed otherwise than with 503, and 503 meant "the database is away".
    expect(answers.filter((a) => a.status === 'hung' || a.ms >= HANG_MS)).toEqual([])
    expect(answers.filter((a) => a.status !== 200 && !downStatus(a.lane, a.status)).map((a) => `${a.lane} ${a.status} ${a.body.slice(0, 200)}`)).toEqual([])
    expect(answers.filter((a) => a.sent === 'up' && a.answered === 'up' && a.status !== 200)).toEqual([])
    for (const lane of Object.keys(lanes)) {
      const down = answers.filter((a) => a.lane === lane && a.sent === 'down' && a.answered === 'down')
      expect(down.length, lane).toBeGreaterThanOrEqual(3)
      expect(
        down.filter((a) => !downStatus(lane, a.status)).map((a) => a.status),
        lane,
      ).toEqual([])
    }
    const downList = answers.find((a) => a.lane === 'list' && a.sent === 'down')!
    expect(JSON.parse(downList.body).error.message).toBe('The service is briefly unavailable. Please try again in a moment.')
    expect(JSON.parse(answers.find((a) => a.lane === 'ready' && a.sent === 'down')!.body)).toMatchObject({
      status: 'unavailable',
      failing: expect.arrayContaining(['database']),
    })
    // The signed-in user is still signed in.
    expect(JSON.parse(answers.filter((a) => a.lane === 'signedIn' && a.status === 200).at(-1)!.body).result.data.email).toBe('browser@example.com')

    // The worker went on with its ffmpeg work, reconnected, and completed the job once.
    const jobsLeft = async () =>
      (
        await orm.em
          .getConnection()
          .execute<Array<{ n: number }>>(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'media_process_video'`)
      )[0]!.n
    const done = await until('the transcode to finish and its job to be done', async () => {
      const video = await orm.em.fork().findOneOrFail(Video, queued.id)
      return (video.mediaStatus === 'ready' || video.mediaStatus === 'failed') && (await jobsLeft()) === 0 ? video : null
    })
    expect(done.mediaStatus).toBe('ready')
    expect(done.mediaError).toBeNull()
    await until('the completion to be logged', async () => workerLog.some((line) => /Completed task \d+ \(media_process_video/.test(line)), 30_000)
    expect(workerLog.filter((line) => /Completed task \d+ \(media_process_video/.test(line))).toHaveLength(1)
    expect(workerLog.filter((line) => /media_process_video.*attempt 2|Failed task \d+ \(media_process_video|seppuku/.test(line))).toEqual([])
    expect(worker.exitCode).toBeNull()

    // And it still takes new work: a mail queued now is handled (kept in the dev outbox).
    await orm.em.getConnection().execute(`select graphile_worker.add_job('send_mail', json_build_object('id', 0))`)
    await until('the worker to take a new job', async () => workerLog.some((line) => /Completed task \d+ \(send_mail/.test(line)), 60_000)
  })
})
