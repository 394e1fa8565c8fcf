import fs from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Registry } from 'prom-client'
import { buildApp } from '../../server/app.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { startMetricsEndpoint } from '../../core/metrics.js'
import { ServerMetrics } from '../../server/metrics/server-metrics.js'
import { mediaSignerFor } from '../../core/services/media/signer.js'
import { hashToken, SESSION_COOKIE } from '../../core/services/auth/sessions.js'
import { Video } from '../../core/db/entities/index.js'
import { createWorkerLog } from '../../worker/logger.js'
import { WorkerMetrics } from '../../worker/metrics.js'
import { startWorker, type WorkerHandle } from '../../worker/runner.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { latestMail, linkOf, sessionCookieOf } from '../support/accounts.js'
import { testConfig } from '../support/config.js'
import { makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { createTestDatabase } from '../support/test-database.js'
import { until } from '../support/wait.js'

const EN = { 'x-locale': 'en' }
let t: MediaTestEnv

beforeAll(async () => {
  t = await mediaTestEnv('operations')
})
afterAll(async () => {
  await t.cleanup()
})

/** The real worker in this process, its JSON log lines collected. */
async function worker(metrics: WorkerMetrics | null = null): Promise<{ handle: WorkerHandle; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = []
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line))
  })
  const config = { ...t.config, logLevel: 'debug' as const, backup: { ...t.config.backup, schedule: null } }
  const workerLog = createWorkerLog(config, stream)
  const handle = await startWorker({ config, orm: t.db.orm, observer: metrics ?? undefined }, t.db.url, {
    watchIngest: false,
    concurrency: 1,
    log: (line) => workerLog.info(line),
    workerLog,
    metrics,
  })
  return { handle, lines }
}

const jobsLeft = async (task: string) =>
  Number((await t.db.orm.em.getConnection().execute(`select count(*)::int as n from graphile_worker.jobs where task_identifier = ?`, [task]))[0]!.n)

describe('readiness', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(t.db.orm, t.env)
  })
  afterAll(async () => app.app.close())

  it('is ready with the database reachable, the migrations applied and the media store writable', async () => {
    const res = await app.app.inject('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready' })
    // The probe cleans up after itself.
    expect(await fs.readdir(path.join(t.config.mediaDir, '.health'))).toEqual([])
  })

  it('is not ready while a migration is pending or the media store cannot take a write', async () => {
    const other = await createTestDatabase()
    const pendingApp = await createTestApp(other.orm, t.env)
    const [last] = await other.orm.em
      .getConnection()
      .execute(`delete from mikro_orm_migrations where id = (select max(id) from mikro_orm_migrations) returning name`)
    const pending = await pendingApp.app.inject('/readyz')
    expect(pending.statusCode).toBe(503)
    expect(pending.json()).toEqual({ status: 'unavailable', failing: ['migrations'] })
    expect(pendingApp.logs.find((line) => line.msg === 'not ready')?.err).toMatchObject({ message: expect.stringContaining(String(last!.name)) })
    await pendingApp.app.close()
    await other.drop()

    const media = path.join(t.tmp.dir, 'broken-media')
    const brokenApp = await createTestApp(t.db.orm, { ...t.env, MEDIA_DIR: media })
    // A file where the probe's folder should be: the write fails, as on a full or read-only disk.
    await fs.writeFile(path.join(media, '.health'), 'in the way')
    const broken = await brokenApp.app.inject('/readyz')
    expect(broken.statusCode).toBe(503)
    expect(broken.json()).toEqual({ status: 'unavailable', failing: ['media'] })
    expect((await brokenApp.app.inject('/healthz')).statusCode).toBe(200)
    await brokenApp.app.close()
  })

  it('answers 503 once shutdown has begun, while the port still serves', async () => {
    const stopping = await createTestApp(t.db.orm, t.env)
    stopping.app.readiness.beginShutdown()
    const res = await stopping.app.inject('/readyz')
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'shutting down' })
    expect((await stopping.app.inject('/healthz')).statusCode).toBe(200)
    expect((await trpcQuery(stopping.app, 'catalog.videos', { locale: 'en' })).statusCode).toBe(200)
    await stopping.app.close()
  })
})

describe('server metrics', () => {
  it('count requests by route template and status, procedures by outcome, and show the pool', async () => {
    const register = new Registry()
    const metrics = new ServerMetrics(register, () => t.db.orm.em.getDriver().getConnection().getNativeClient(), 5)
    const observed = await buildApp({ config: testConfig({ ...t.env, CATALOG_CACHE_TTL_MS: '0' }), orm: t.db.orm, metrics })
    await observed.ready()

    expect((await trpcQuery(observed, 'catalog.videos', { locale: 'en' })).statusCode).toBe(200)
    expect((await trpcQuery(observed, 'catalog.videos', { locale: 'en' })).statusCode).toBe(200)
    expect((await trpcQuery(observed, 'catalog.videos', { locale: 'en', limit: 0 })).statusCode).toBe(400)
    expect((await observed.inject('/no/such/file.txt')).statusCode).toBe(404)
    expect((await observed.inject('/healthz')).statusCode).toBe(200)

    const endpoint = await startMetricsEndpoint(register, '127.0.0.1', 0)
    const res = await fetch(`http://127.0.0.1:${endpoint.port}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    expect((await fetch(`http://127.0.0.1:${endpoint.port}/other`)).status).toBe(404)
    await endpoint.close()

    expect(text).toContain('streamclub_http_request_duration_seconds_count{method="GET",route="/trpc/:path",status_code="200"} 2')
    expect(text).toContain('streamclub_http_request_duration_seconds_count{method="GET",route="/trpc/:path",status_code="400"} 1')
    expect(text).toContain('streamclub_http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"} 1')
    expect(text).toContain('streamclub_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1')
    expect(text).toContain('streamclub_trpc_procedure_duration_seconds_count{procedure="catalog.videos",type="query",code="OK"} 2')
    expect(text).toContain('streamclub_trpc_procedure_duration_seconds_count{procedure="catalog.videos",type="query",code="BAD_REQUEST"} 1')
    expect(text).toMatch(/streamclub_db_pool_connections\{state="in_use"\} \d+/)
    expect(text).toContain('streamclub_db_pool_connections{state="max"} 5')
    expect(text).toMatch(/streamclub_db_pool_connections\{state="waiting"\} 0/)
    for (const cache of ['page', 'answer', 'catalog'])
      for (const result of ['hit', 'stale', 'miss'])
        expect(text).toMatch(new RegExp(`streamclub_cache_lookups_total\\{cache="${cache}",result="${result}"\\} \\d+`))
    await observed.close()
  })
})

describe('worker metrics and request ids in job logs', () => {
  it('shows the queue, times jobs, measures transcodes, counts releases; a job logs the id of the request that queued it', async () => {
    const app = await createTestApp(t.db.orm, t.env)
    const signUp = await trpcMutation(
      app.app,
      'auth.signUp',
      { email: 'ops@example.com', password: 'first password 1' },
      { ...EN, 'x-request-id': 'req-signup-000001' },
    )
    expect(signUp.statusCode).toBe(200)
    await app.app.close()
    const [queued] = await t.db.orm.em
      .getConnection()
      .execute(
        `select j.id::text, payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_mail'`,
      )
    expect(queued!.payload).toMatchObject({ requestId: 'req-signup-000001' })

    // A future job, a video to transcode and an item due for release.
    await t.db.orm.em.getConnection().execute(`select graphile_worker.add_job('send_mail', '{"id": -1}'::json, run_at => now() + interval '1 hour')`)
    const source = await makeTestVideo(path.join(t.tmp.dir, 'metrics.mp4'), { width: 320, height: 180, seconds: 2 })
    const ingested = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
    if (ingested.status !== 'queued') throw new Error(JSON.stringify(ingested))

    const register = new Registry()
    const metrics = new WorkerMetrics(register, t.db.orm, path.join(t.tmp.dir, 'backups'))
    const before = await register.metrics()
    expect(before).toMatch(/streamclub_worker_jobs\{task="send_mail",state="queued"\} 1/)
    expect(before).toMatch(/streamclub_worker_jobs\{task="send_mail",state="scheduled"\} 1/)
    expect(before).toMatch(/streamclub_worker_jobs\{task="media_process_video",state="queued"\} 1/)
    expect(before).toMatch(/streamclub_worker_oldest_queued_job_age_seconds \d/)
    expect(before).toContain('streamclub_backups_kept 0')

    const { handle, lines } = await worker(metrics)
    try {
      await until('the mail and the transcode', async () => (await jobsLeft('media_process_video')) === 0 && (await jobsLeft('send_mail')) === 1)
      const video = await until('the release', async () => {
        const row = await t.db.orm.em.fork().findOneOrFail(Video, ingested.id)
        return row.releasedAt ? row : null
      })
      expect(video.mediaStatus).toBe('ready')
      const after = await register.metrics()
      expect(after).toMatch(/streamclub_worker_job_duration_seconds_count\{task="send_mail",outcome="success"\} 1/)
      expect(after).toMatch(/streamclub_worker_job_duration_seconds_count\{task="media_process_video",outcome="success"\} 1/)
      expect(after).toMatch(/streamclub_worker_jobs\{task="send_mail",state="queued"\} 0/)
      expect(after).toMatch(/streamclub_worker_jobs\{task="send_mail",state="scheduled"\} 1/)
      expect(after).toMatch(/streamclub_transcode_speed\{rung="sd"\} \d/)
      expect(after).toMatch(/streamclub_transcode_media_seconds_total\{rung="sd"\} 2/)
      expect(after).toContain('streamclub_releases_total{kind="video"} 1')

      // Started, the task's own line, completed: each names the job and the request.
      const mailLines = lines.filter((line) => line.jobId === queued!.id)
      expect(mailLines.map((line) => line.msg)).toEqual([
        'job started',
        expect.stringContaining('kept in the dev outbox'),
        expect.stringMatching(/^Completed task/),
      ])
      expect(mailLines.filter((line) => line.reqId !== 'req-signup-000001')).toEqual([])
      // Jobs nobody's request queued carry no request id.
      expect(lines.filter((line) => line.task === 'media_process_video').every((line) => line.reqId === undefined)).toBe(true)
    } finally {
      await handle.stop()
    }
  })
})

describe('logs', () => {
  it('hold no password, token, cookie or signed URL through sign-up, verification and a password reset', async () => {
    const app = await createTestApp(t.db.orm, { ...t.env, LOG_LEVEL: 'trace' })
    const email = 'secretive@example.com'
    const first = 'first secret pass 1'
    const second = 'second secret pass 2'
    const secrets: string[] = [first, second]

    expect((await trpcMutation(app.app, 'auth.signUp', { email, password: first }, EN)).statusCode).toBe(200)
    const verification = linkOf((await latestMail(t.db.orm, email))!)
    secrets.push(verification.token)
    // The browser opens the mailed link (a page request with the token in its query), then confirms: that logs it in.
    expect((await app.app.inject(`${verification.url.pathname}${verification.url.search}`)).statusCode).toBeLessThan(500)
    const verified = await trpcMutation(app.app, 'auth.verifyEmail', { token: verification.token, email }, EN)
    expect(verified.statusCode).toBe(200)
    secrets.push(sessionCookieOf(verified).slice(`${SESSION_COOKIE}=`.length))

    expect((await trpcMutation(app.app, 'auth.forgotPassword', { email }, EN)).statusCode).toBe(200)
    const reset = linkOf((await latestMail(t.db.orm, email))!)
    secrets.push(reset.token)
    expect((await app.app.inject(`${reset.url.pathname}${reset.url.search}`)).statusCode).toBeLessThan(500)
    const resetDone = await trpcMutation(app.app, 'auth.resetPassword', { token: reset.token, email, password: second }, EN)
    expect(resetDone.statusCode).toBe(200)
    const cookie = sessionCookieOf(resetDone)
    secrets.push(cookie.slice(`${SESSION_COOKIE}=`.length))
    const login = await trpcMutation(app.app, 'auth.login', { email, password: second, remember: false }, EN)
    expect(login.statusCode).toBe(200)
    secrets.push(sessionCookieOf(login).slice(`${SESSION_COOKIE}=`.length))
    expect((await trpcMutation(app.app, 'auth.login', { email, password: first, remember: false }, EN)).statusCode).toBe(401)

    // A signed members-only URL, fetched (refused or not, its request is logged).
    const user = (await trpcQuery(app.app, 'auth.me', undefined, { cookie })).json().result.data as { id: number }
    const signed = mediaSignerFor(app.config).sign('protected/k0000001/stills/01.jpg', { userId: user.id, sessionId: hashToken(secrets.at(-2)!) }, new Date())
    secrets.push(new URL(signed, 'http://x').searchParams.get('s')!)
    await app.app.inject({ url: signed, headers: { cookie } })
    // The error screen's report carries the page address, token and all.
    await trpcMutation(app.app, 'site.reportClientError', { message: 'boom', path: `/login/reset-password?token=${reset.token}&email=x` }, { ...EN, cookie })
    await app.app.close()

    // The worker delivers the mails these requests queued.
    const { handle, lines } = await worker()
    await until('the mails', async () => (await jobsLeft('send_mail')) <= 1)
    await handle.stop()

    const logged = [...app.logs, ...lines].map((line) => JSON.stringify(line))
    expect(app.logs.some((line) => typeof line.reqId === 'string' && String((line.req as { url?: string })?.url).includes('reset-password'))).toBe(true)
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8)
      expect(logged.filter((line) => line.includes(secret))).toEqual([])
    }
    // Every line written while handling a request carries its id.
    const requestLines = app.logs.filter((line) => line.req || line.res)
    expect(requestLines.length).toBeGreaterThan(10)
    expect(requestLines.every((line) => typeof line.reqId === 'string')).toBe(true)
  })
})
