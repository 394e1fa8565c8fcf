import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Plan, Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { SESSION_COOKIE } from '../../core/services/auth/sessions.js'
import { isReady, startHaproxy, type Haproxy, type ServerStat } from '../../scripts/cluster/haproxy.js'
import { clusterProcesses, type ClusterProcess } from '../../scripts/cluster/processes.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { makeUser } from '../support/accounts.js'
import { makeSubscription, makeVideo } from '../support/factories.js'
import { makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { freePort, startService, type Service } from '../support/processes.js'
import { until } from '../support/wait.js'

/**
 * The cluster of `npm run demo:cluster` as real processes: two servers and two workers
 * (MEDIA_STORE=s3, the test setup's S3 server) on one PostgreSQL, the servers behind HAProxy
 * with the configuration of compose.yaml (deploy/haproxy.cfg). Shows that work spreads over the workers, that a session and the
 * catalog cache hold across servers, and that one server restarts under load without a
 * failed request.
 */
const APP_SECRET = 'test-secret-test-secret-test-secret-0123'
const PASSWORD = 'correct horse battery'
const FAR_FUTURE = '2099-01-01T00:00:00Z'

let t: MediaTestEnv
let haproxy: Haproxy
let proxyUrl: string
let layout: ClusterProcess[]
const running = new Map<string, Service>()
const retired: Service[] = []

/** HAProxy's line of each server (and the backend's, BACKEND), by name. */
const serverStats = async (): Promise<Record<string, ServerStat>> => Object.fromEntries((await haproxy.stats()).map((stat) => [stat.name, stat]))

const service = (name: string) => running.get(name)!
const serverUrl = (name: string) => layout.find((p) => p.name === name)!.url!

function start(name: string): Service {
  const p = layout.find((q) => q.name === name)!
  const started = startService(p.entry, p.env)
  running.set(name, started)
  return started
}

beforeAll(async () => {
  t = await mediaTestEnv('cluster', { store: 's3' })
  await ensurePlans(t.db.orm.em.fork())
  const s3 = Object.fromEntries(Object.entries(t.env).filter(([key]) => key.startsWith('S3_'))) as Record<string, string>
  const proxyPort = await freePort()
  layout = clusterProcesses({
    dataDir: t.tmp.dir,
    databaseUrl: t.db.url,
    appSecret: APP_SECRET,
    s3,
    publicUrl: `http://127.0.0.1:${proxyPort}`,
    serverPorts: [await freePort(), await freePort()],
    workers: 2,
    shutdownDelaySeconds: 2,
    // The catalog cache lives long here: only a notification can empty it within the test.
    env: { CATALOG_CACHE_TTL_MS: '600000', RATE_LIMIT_PER_IP: '100000', INGEST_SETTLE_SECONDS: '3600', LOG_LEVEL: 'info' },
  }).map((p) => (p.entry === 'worker/main.ts' ? { ...p, env: { ...p.env, LOG_LEVEL: 'debug', WORKER_CONCURRENCY: '2' } } : p))
  for (const p of layout) start(p.name)
  haproxy = await startHaproxy({
    port: proxyPort,
    servers: layout.filter((p) => p.url).map((p) => new URL(p.url!).host) as [string, string],
    dir: t.tmp.dir,
    onLog: (line) => console.log(`[haproxy] ${line}`),
  })
  proxyUrl = haproxy.url
  await until('HAProxy to find both servers ready', async () => (await haproxy.stats()).filter((stat) => stat.name !== 'BACKEND').every(isReady), 100_000)
  for (const name of ['worker-a', 'worker-b'])
    await service(name).line(`${name} to take jobs`, (line) => /^Worker connected and looking for jobs/.test(String(line.msg)), 100_000)
}, 120_000)

afterAll(async () => {
  await haproxy?.stop()
  for (const s of [...running.values(), ...retired]) s.kill()
  await t?.cleanup()
})

/** A JSON tRPC query straight to one server (or the proxy). */
async function query(base: string, procedure: string, input: unknown, cookie?: string) {
  const url = `${base}/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
  const res = await fetch(url, { headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } })
  return { status: res.status, body: await res.json() }
}

async function mutation(base: string, procedure: string, input: unknown, cookie?: string) {
  const res = await fetch(`${base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-streamclub-csrf': '1', 'x-locale': 'en', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  })
  return res
}

/** Signs in through one server, returns the session cookie. */
async function signIn(base: string, email: string): Promise<string> {
  const res = await mutation(base, 'auth.login', { email, password: PASSWORD, remember: false })
  expect(res.status, await res.clone().text()).toBe(200)
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
  return cookie!.split(';')[0]!
}

const videoTitles = async (base: string) =>
  ((await query(base, 'catalog.videos', { locale: 'en' })).body.result.data.items as Array<{ id: number; title: string }>).map((v) => `${v.id}:${v.title}`)

let sources: Video[] = []

describe('a cluster of two servers and two workers on S3', () => {
  it('transcodes three sources ingested at once exactly once each, on both workers at the same time', { timeout: 120_000 }, async () => {
    const files = await Promise.all(
      [6, 7, 8].map((seconds) => makeTestVideo(path.join(t.tmp.dir, 'sources', `cluster-${seconds}.mp4`), { width: 640, height: 360, seconds })),
    )
    // The test is the ingest machine (npm run ingest): sources go to the bucket, jobs to the queue.
    const queued = await Promise.all(
      files.map((source) =>
        ingestSource(t.db.orm.em.fork(), t.store, {
          kind: 'video',
          source,
          mode: 'copy',
          meta: { title: path.basename(source), publish_at: FAR_FUTURE, models: [] },
        }),
      ),
    )
    const ids = queued.map((q) => (q.status === 'queued' ? q.id : Number.NaN))
    expect(ids.every(Number.isInteger)).toBe(true)
    const jobs = (await t.db.orm.em
      .fork()
      .getConnection()
      .execute(`select id::text as id, key from graphile_worker.jobs where task_identifier = 'media_process_video'`)) as Array<{ id: string; key: string }>
    const jobOf = new Map(ids.map((id) => [id, jobs.find((job) => job.key === `media:video:${id}`)!.id]))

    await until(
      'the three videos to be ready',
      async () => {
        const rows = await t.db.orm.em.fork().find(Video, { id: { $in: ids } })
        const failed = rows.find((row) => row.mediaStatus === 'failed')
        if (failed) throw new Error(`video ${failed.id} failed: ${failed.mediaError}`)
        return rows.every((row) => row.mediaStatus === 'ready') && rows
      },
      100_000,
      500,
    )
    sources = await t.db.orm.em.fork().find(Video, { id: { $in: ids } }, { orderBy: { id: 'asc' } })
    // A video is ready a moment before its job is marked done and the worker logs it.
    const completedIn = (jobId: string) =>
      ['worker-a', 'worker-b'].some((name) => service(name).lines.some((line) => line.jobId === jobId && /^Completed task/.test(String(line.msg))))
    await until('every job to be logged as completed', async () => [...jobOf.values()].every(completedIn), 30_000)

    const runs = ids.map((id) => {
      const jobId = jobOf.get(id)!
      const by = (name: string, match: (line: Record<string, unknown>) => boolean) => service(name).lines.filter((line) => line.jobId === jobId && match(line))
      const ran = ['worker-a', 'worker-b'].map((name) => ({
        name,
        started: by(name, (line) => line.msg === 'job started'),
        completed: by(name, (line) => /^Completed task/.test(String(line.msg))),
      }))
      const worker = ran.find((r) => r.completed.length)!
      return {
        id,
        jobId,
        worker: worker.name,
        started: ran.reduce((n, r) => n + r.started.length, 0),
        completed: ran.reduce((n, r) => n + r.completed.length, 0),
        from: Number(worker.started[0]?.time),
        to: Number(worker.completed[0]?.time),
      }
    })
    console.log(
      'cluster: which worker transcoded each video\n' +
        runs.map((r) => `  video ${r.id} (job ${r.jobId}): ${r.worker}, ${((r.to - r.from) / 1000).toFixed(1)} s`).join('\n'),
    )
    // Each exactly once: one start, one completion, in the whole cluster.
    expect(runs.map((r) => [r.started, r.completed])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ])
    expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['worker-a', 'worker-b']))
    // The two workers transcoded at the same time (one each: their transcode runners), not one after the other.
    const overlap = runs.some((a) => runs.some((b) => a.worker !== b.worker && a.from < b.to && b.from < a.to))
    expect(overlap).toBe(true)
    for (const name of ['worker-a', 'worker-b'])
      expect(service(name).lines.filter((line) => /handed back/.test(String((line.msg ?? line.err ?? '') as string)))).toEqual([])
  })

  it('a release through server A empties the catalog cache of both servers at once', async () => {
    const em = t.db.orm.em.fork()
    const shown = makeVideo(em, { title: { en: 'Shown before' } })
    const admin = await makeUser(em, { email: 'cluster-admin@example.com', role: 'admin' })
    await em.flush()
    const [a, b] = [serverUrl('server-a'), serverUrl('server-b')]
    // Both servers cache the list; a change made behind their back does not show.
    const before = await videoTitles(a)
    expect(await videoTitles(b)).toEqual(before)
    expect(before).toContain(`${shown.id}:Shown before`)
    await em.getConnection().execute(`update video set title = '{"en": "Renamed quietly"}' where id = ?`, [shown.id])
    expect(await videoTitles(a)).toEqual(before)
    expect(await videoTitles(b)).toEqual(before)

    // An administrator on server A releases one of the cluster's videos now (publish time cleared).
    const cookie = await signIn(a, admin.email)
    const released = sources[0]!
    const res = await mutation(
      a,
      'admin.content.update',
      {
        kind: 'video',
        id: released.id,
        title: { de: '', en: 'Released in the cluster', es: '', fr: '', it: '' },
        description: { de: '', en: '', es: '', fr: '', it: '' },
        publishAt: null,
        downloadable: true,
      },
      cookie,
    )
    expect(res.status, await res.clone().text()).toBe(200)
    // The NOTIFY reaches both servers: each list answer changes, the quiet change included.
    for (const server of [a, b]) {
      await expect
        .poll(() => videoTitles(server), { timeout: 10_000 })
        .toEqual(expect.arrayContaining([`${released.id}:Released in the cluster`, `${shown.id}:Renamed quietly`]))
    }
  })

  it('a member signed in through server A plays and downloads through server B, the bytes coming from the bucket', async () => {
    const em = t.db.orm.em.fork()
    const member = await makeUser(em, { email: 'cluster-member@example.com' })
    makeSubscription(em, member, await em.findOneOrFail(Plan, { sid: 'premium-monthly' }))
    await em.flush()
    const cookie = await signIn(serverUrl('server-a'), member.email)
    const b = serverUrl('server-b')
    const video = sources[0]!

    const playback = await query(b, 'playback.video', { locale: 'en', id: video.id }, cookie)
    expect(playback.status).toBe(200)
    const master = await fetch(new URL(playback.body.result.data.master, b), { headers: { cookie } })
    expect(master.status).toBe(200)
    const variant = (await master.text()).split('\n').find((line) => line && !line.startsWith('#'))!
    const rung = await fetch(new URL(variant, b), { headers: { cookie } })
    expect(rung.status).toBe(200)
    const segment = (await rung.text()).split('\n').find((line) => line && !line.startsWith('#'))!
    // A presigned URL of the bucket: the browser fetches the segment from S3, not from a server.
    expect(new URL(segment).origin).toBe(new URL(t.env.S3_ENDPOINT!).origin)
    expect(new URL(segment).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    const bytes = await fetch(segment)
    expect(bytes.status).toBe(200)
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000)

    const download = await fetch(`${b}/download/video/${video.id}`, { headers: { cookie }, redirect: 'manual' })
    expect(download.status).toBe(302)
    const file = await fetch(download.headers.get('location')!)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.mp4"$/)
    expect((await file.arrayBuffer()).byteLength).toBe((await t.store.stat(video.media.download!))!.size)
  })

  it('restarts server A under load behind HAProxy without one failed request', { timeout: 120_000 }, async () => {
    const em = t.db.orm.em.fork()
    const member = await makeUser(em, { email: 'cluster-load@example.com' })
    makeSubscription(em, member, await em.findOneOrFail(Plan, { sid: 'premium-monthly' }))
    await em.flush()
    const cookie = await signIn(proxyUrl, member.email)
    const video = sources[0]!
    const master = (await query(proxyUrl, 'playback.video', { locale: 'en', id: video.id }, cookie)).body.result.data.master as string
    // What visitors and members ask for: a cached list, a detail, their session, a server-rendered page, a signed playlist.
    const paths = [
      `/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en' }))}`,
      `/trpc/catalog.video?input=${encodeURIComponent(JSON.stringify({ locale: 'en', id: video.id }))}`,
      '/trpc/auth.me',
      `/en/videos/${video.id}`,
      master,
    ]
    const outcomes: Array<{ status: number | string; ms: number }> = []
    let loading = true
    const loops = Array.from({ length: 4 }, async (_, loop) => {
      for (let i = loop; loading; i++) {
        const at = performance.now()
        const status = await fetch(`${proxyUrl}${paths[i % paths.length]}`, {
          headers: { cookie, 'accept-language': 'en' },
          signal: AbortSignal.timeout(30_000),
        }).then(
          async (res) => {
            await res.arrayBuffer()
            return res.status
          },
          (error: Error) => `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`,
        )
        outcomes.push({ status, ms: performance.now() - at })
      }
    })
    // HAProxy's counters at the start of each phase: answers passed on per server, errors, retries.
    const marks: Record<string, Record<string, ServerStat>> = {}
    const answers = (from: string, to: string, name: string) => marks[to]![name]!.hrsp2xx - marks[from]![name]!.hrsp2xx
    const bothServed = (p: string) =>
      until(
        `both servers to serve requests (${p})`,
        async () => {
          const now = await serverStats()
          return ['server-a', 'server-b'].every((name) => now[name]!.hrsp2xx - marks[p]![name]!.hrsp2xx >= 25)
        },
        120_000,
        50,
      )
    try {
      marks.before = await serverStats()
      await bothServed('before')

      marks.restart = await serverStats()
      const stoppedAt = Date.now()
      const old = service('server-a')
      old.child.kill('SIGTERM')
      await until('HAProxy to mark server A down', async () => (await serverStats())['server-a']!.status === 'DOWN', 30_000, 20)
      const turnedAfter = Date.now() - stoppedAt
      expect(await old.exited).toEqual({ code: 0, signal: null })
      retired.push(old)
      start('server-a')
      await until('HAProxy to find server A ready again', async () => isReady((await serverStats())['server-a']!), 100_000, 50)
      const back = Date.now() - stoppedAt

      marks.after = await serverStats()
      await bothServed('after')
      loading = false
      await Promise.all(loops)
      marks.end = await serverStats()

      const failed = outcomes.filter((o) => o.status !== 200)
      const ms = outcomes.map((o) => o.ms).sort((x, y) => x - y)
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(0)
      const backend = (key: 'econ' | 'eresp' | 'hrsp5xx' | 'wretr' | 'wredis') => marks.end!.BACKEND![key] - marks.before!.BACKEND![key]
      const phases = [
        ['before', 'restart'],
        ['restart', 'after'],
        ['after', 'end'],
      ] as const
      console.log(
        [
          `cluster restart under load: ${outcomes.length} requests through HAProxy, ${failed.length} failed`,
          `  HAProxy: 5xx ${backend('hrsp5xx')}, connection errors ${backend('econ')}, response errors ${backend('eresp')}, retries ${backend('wretr')}, redispatches ${backend('wredis')}`,
          `  server A down at HAProxy ${turnedAfter} ms after SIGTERM; ready again ${(back / 1000).toFixed(1)} s after SIGTERM`,
          `  answers by phase: ${phases.map(([from, to]) => `${from}: A ${answers(from, to, 'server-a')}, B ${answers(from, to, 'server-b')}`).join('; ')}`,
          `  latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${ms.at(-1)!.toFixed(0)} ms`,
        ].join('\n'),
      )
      expect(failed.slice(0, 5)).toEqual([])
      expect([backend('hrsp5xx'), backend('econ'), backend('eresp')]).toEqual([0, 0, 0])
      expect(answers('before', 'restart', 'server-a') > 0 && answers('before', 'restart', 'server-b') > 0).toBe(true)
      expect(answers('after', 'end', 'server-a') > 0 && answers('after', 'end', 'server-b') > 0).toBe(true)
      // While A was away, B kept serving.
      expect(answers('restart', 'after', 'server-b')).toBeGreaterThan(0)
    } finally {
      loading = false
      await Promise.all(loops)
    }
  })
})
