import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { listFiles, makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { freePort, startService, type Service } from '../support/processes.js'
import { until } from '../support/wait.js'

/**
 * SIGTERM to the real processes (server/main.ts, worker/main.ts) in the middle of work:
 * a request that waits on a table lock the test holds, and a transcode.
 */
let t: MediaTestEnv
const services: Service[] = []

beforeAll(async () => {
  t = await mediaTestEnv('shutdown')
})
afterAll(async () => {
  for (const service of services) service.kill()
  await t.cleanup()
})

function start(entry: 'server/main.ts' | 'worker/main.ts', env: Record<string, string>): Service {
  const service = startService(entry, { ...t.env, DATABASE_URL: t.db.url, BACKUP_SCHEDULE: 'off', ...env })
  services.push(service)
  return service
}

const listUrl = (port: number) => `http://127.0.0.1:${port}/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en' }))}`

/** A session that holds the video table, so a catalog read waits for it. */
async function lockVideos(): Promise<{ release(): Promise<void>; waiting(): Promise<boolean> }> {
  const locker = new pg.Client({ connectionString: t.db.url })
  await locker.connect()
  await locker.query('begin')
  await locker.query('lock table video in access exclusive mode')
  return {
    async release() {
      await locker.query('rollback')
      await locker.end()
    },
    async waiting() {
      const { rows } = await locker.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)
      return rows[0].n > 0
    },
  }
}

describe('a server told to stop (SIGTERM) during a slow request', () => {
  it('turns unready at once, keeps serving through the drain, closes the port and still answers the request in flight', { timeout: 120_000 }, async () => {
    const port = await freePort()
    const server = start('server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CATALOG_CACHE_TTL_MS: '0',
      SHUTDOWN_DELAY_SECONDS: '8',
      SHUTDOWN_TIMEOUT_SECONDS: '120',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '300',
    })
    await until('the server to be ready', () =>
      fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false),
    )

    const lock = await lockVideos()
    let settled = false
    const slow = fetch(listUrl(port)).finally(() => (settled = true))
    await until('the request to wait on the lock', () => lock.waiting())

    server.child.kill('SIGTERM')
    await server.line('the shutdown to begin', (line) => line.msg === 'shutting down: readiness reports 503')
    // Draining: readiness says 503 (a load balancer stops sending) while the port still answers.
    const draining = await fetch(`http://127.0.0.1:${port}/readyz`)
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ status: 'shutting down' })
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)

    // Then the port closes: new connections are refused, the request in flight still waits.
    await until(
      'the port to close',
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          () => false,
          () => true,
        ),
      60_000,
    )
    expect(settled).toBe(false)
    expect(server.child.exitCode).toBeNull()

    await lock.release()
    const answered = await slow
    expect(answered.status).toBe(200)
    expect((await answered.json()).result.data.items).toEqual([])
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(server.lines.find((line) => line.msg === 'stopped')).toMatchObject({ outcome: 'drained' })
  })

  it('cuts off a request that outlasts SHUTDOWN_TIMEOUT_SECONDS and stops anyway', { timeout: 120_000 }, async () => {
    const port = await freePort()
    const server = start('server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CATALOG_CACHE_TTL_MS: '0',
      SHUTDOWN_DELAY_SECONDS: '0',
      SHUTDOWN_TIMEOUT_SECONDS: '1',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '300',
    })
    await until('the server to be ready', () =>
      fetch(`http://127.0.0.1:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false),
    )
    const lock = await lockVideos()
    const slow = fetch(listUrl(port)).then(
      (res) => res.status,
      () => 'connection closed' as const,
    )
    await until('the request to wait on the lock', () => lock.waiting())
    server.child.kill('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    expect(await slow).toBe('connection closed')
    expect(server.lines.some((line) => line.msg === 'requests still in flight after the shutdown timeout; closing their connections')).toBe(true)
    expect(server.lines.find((line) => line.msg === 'stopped')).toMatchObject({ outcome: 'timed out' })
    await lock.release()
  })
})

describe('a worker told to stop (SIGTERM) during a transcode', () => {
  it('hands the job back when it cannot finish in time, finishes it when it can, and runs it to completion exactly once', { timeout: 120_000 }, async () => {
    const source = await makeTestVideo(path.join(t.tmp.dir, 'long.mp4'), { width: 1280, height: 720, seconds: 10 })
    const queued = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
    const row = () => t.db.orm.em.fork().findOneOrFail(Video, queued.id)
    const job = async () =>
      (
        await t.db.orm.em
          .getConnection()
          .execute(`select id::text, attempts, locked_at, last_error from graphile_worker.jobs where task_identifier = 'media_process_video'`)
      )[0] as { id: string; attempts: number; locked_at: Date | null; last_error: string | null } | undefined
    const env = { LOG_LEVEL: 'debug', WORKER_CONCURRENCY: '1', INGEST_SETTLE_SECONDS: '3600' }

    // 1. A short shutdown timeout: the transcode is aborted and the job handed back.
    const metricsPort = await freePort()
    const first = start('worker/main.ts', { ...env, WORKER_SHUTDOWN_TIMEOUT_SECONDS: '1', WORKER_METRICS_PORT: String(metricsPort) })
    await until('the ladder to be under way', async () => Number((await row()).mediaProgress) >= 0.15)
    const running = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(running).toContain('streamclub_worker_jobs{task="media_process_video",state="running"} 1')
    first.child.kill('SIGTERM')
    expect(await first.exited).toEqual({ code: 0, signal: null })

    const handedBack = await job()
    expect(handedBack).toMatchObject({ attempts: 0, locked_at: null })
    expect(handedBack!.last_error).toMatch(/^handed back: the worker is shutting down/)
    const interrupted = await row()
    expect(interrupted.mediaStatus).toBe('processing')
    expect(await listFiles(path.join(t.config.mediaDir, 'public', interrupted.mediaKey))).toEqual([])

    // 2. A long one: the worker takes the job again, is told to stop, and finishes it first.
    const second = start('worker/main.ts', { ...env, WORKER_SHUTDOWN_TIMEOUT_SECONDS: '300' })
    await second.line('the job to start again', (line) => line.msg === 'job started' && line.jobId === handedBack!.id)
    await until('the ladder to be under way again', async () => Number((await row()).mediaProgress) >= 0.15)
    second.child.kill('SIGTERM')
    await second.line('the shutdown to begin', (line) => line.msg === 'shutting down: no new jobs; running jobs may finish, then are handed back')
    expect(await second.exited).toEqual({ code: 0, signal: null })

    const done = await row()
    expect(done.mediaStatus).toBe('ready')
    expect(done.mediaError).toBeNull()
    expect(await job()).toBeUndefined()
    const completed = (service: Service) => service.lines.filter((line) => line.jobId === handedBack!.id && /^Completed task/.test(String(line.msg))).length
    const started = (service: Service) => service.lines.filter((line) => line.jobId === handedBack!.id && line.msg === 'job started').length
    expect([started(first), completed(first)]).toEqual([1, 0])
    expect([started(second), completed(second)]).toEqual([1, 1])
    expect(await listFiles(path.join(t.config.mediaDir, '.work'))).toEqual([])
  })
})
