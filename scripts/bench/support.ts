import os from 'node:os'
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import autocannon, { type Result } from 'autocannon'
import pg from 'pg'
import { prepareEnvironment, ensureDatabase } from '../../core/bootstrap.js'
import type { EmbeddedDatabase } from '../../core/db/embedded-postgres.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { refreshSearchStatistics } from '../../core/services/catalog/search-statistics.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { seedBulk } from '../seed/bulk.js'

/**
 * What the benchmarks share: the bench database (DATA_DIR, default .data/bench, on
 * EMBEDDED_PG_PORT, or DATABASE_URL) topped up to the asked catalog size with a signed-in
 * user, server processes, and autocannon loads.
 */
export interface BenchDatabase {
  db: EmbeddedDatabase | null
  url: string
  client: pg.Client
  /** The signed-in user's session cookie value. */
  token: string
  userId: number
  close(): Promise<void>
}

export async function openBenchDatabase(wanted: { videos: number; imageSets: number; models: number }): Promise<BenchDatabase> {
  process.env.DATA_DIR ??= '.data/bench'
  prepareEnvironment()
  const db = await ensureDatabase()
  const url = process.env.DATABASE_URL!
  const orm = await openOrm(url, { pool: 2 })
  await migrate(orm, url)
  const client = new pg.Client({ connectionString: url })
  await client.connect()

  // The catalog: top up to the asked size.
  const counts = (
    await client.query<{ videos: number; sets: number; models: number }>(
      `select (select count(*)::int from video) as videos, (select count(*)::int from image_set) as sets, (select count(*)::int from performer) as models`,
    )
  ).rows[0]!
  const missing = {
    videos: Math.max(0, wanted.videos - counts.videos),
    imageSets: Math.max(0, wanted.imageSets - counts.sets),
    models: Math.max(0, wanted.models - counts.models),
  }
  if (missing.videos || missing.imageSets || missing.models) {
    console.log(`filling the bench catalog: +${missing.videos} videos, +${missing.imageSets} image sets, +${missing.models} models`)
    await seedBulk(client, { ...missing, models: Math.max(1, missing.models) }, (line) => console.log(`  ${line}`))
  }

  // A signed-in user with some state on the first page.
  const token = crypto.randomBytes(24).toString('hex')
  const user = await client.query<{ id: number }>(
    `insert into app_user (email, password_hash, email_verified_at, role, locale, created_at, updated_at)
     values ('bench@streamclub.localhost', 'x', now(), 'user', 'en', now(), now())
     on conflict (lower(email)) do update set updated_at = now() returning id`,
  )
  const userId = user.rows[0]!.id
  await client.query(
    `insert into session (id, user_id, remember, created_at, last_seen_at, expires_at) values ($1, $2, false, now(), now(), now() + interval '1 day')`,
    [hashToken(token), userId],
  )
  await client.query(
    `insert into video_state (user_id, video_id, rating, favorite, watch_later, updated_at)
     select $1, id, case when id % 2 = 0 then 'like' end, id % 3 = 0, id % 5 = 0, now()
     from (select id from video where released_at is not null order by coalesce(publish_at, released_at) desc, id desc limit 30) v
     on conflict do nothing`,
    [userId],
  )
  // The search statistics as the worker keeps them (a no-op when they are current).
  await refreshSearchStatistics(orm.em.fork())
  await orm.close()
  const sizes = (
    await client.query<{ v: string; s: string; m: string }>(
      `select (select count(*) from video) v, (select count(*) from image_set) s, (select count(*) from performer) m`,
    )
  ).rows[0]!
  console.log(`catalog: ${sizes.v} videos, ${sizes.s} image sets, ${sizes.m} models`)

  return {
    db,
    url,
    client,
    token,
    userId,
    async close() {
      await client.query('delete from session where user_id = $1', [userId]).catch(() => undefined)
      await client.end()
      await db?.stop()
    },
  }
}

/**
 * A server (or the baseline) as its own process; resolves once `readyPath` answers. Metrics
 * are off unless `env` turns them on (METRICS_PORT in the shell is for the bench to pass on).
 */
export async function startProcess(
  entry: string,
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  readyPath = '/readyz',
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const { METRICS_PORT: _server, WORKER_METRICS_PORT: _worker, ...inherited } = process.env
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${port}${readyPath}`)
  return child
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer`)
}

export interface Target {
  url: string
  headers: Record<string, string>
}

export interface Measured {
  /** Requests answered in the run. */
  total: number
  rps: number
  p50: number
  p99: number
  errors: number
}

const measured = (result: Result): Measured => ({
  total: result.requests.total,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx + result.timeouts,
})

export async function load(target: Target, seconds: number, connections: number): Promise<Measured> {
  return measured(await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds, pipelining: 1 }))
}

/** A load that runs until `until` settles (at most an hour). */
export async function loadWhile(target: Target, connections: number, until: Promise<unknown>): Promise<Measured> {
  const run = autocannon({ url: target.url, headers: target.headers, connections, duration: 3600, pipelining: 1 })
  await until.finally(() => run.stop())
  return measured(await run)
}

/** page 1 of the videos list, 30 items with their relations, as the site asks for it. */
export function listTargets(port: number, token: string): { anonymous: Target; signedIn: Target } {
  const input = encodeURIComponent(
    JSON.stringify({ locale: 'en', with: ['featured_preview', 'featured_model', 'models', 'category', 'rating'], per_page: 30, page: 1 }),
  )
  const url = `http://127.0.0.1:${port}/trpc/catalog.videos?input=${input}`
  return { anonymous: { url, headers: {} }, signedIn: { url, headers: { cookie: `sid=${token}` } } }
}

/**
 * A member with a session (cookie `sid=<token>`) and an active subscription of `plan`, written
 * straight into the tables; `email` marks the rows for removal after the bench.
 */
export async function insertMember(client: pg.Client, email: string, plan = 'basic-monthly'): Promise<{ userId: number; token: string; cookie: string }> {
  const token = crypto.randomBytes(32).toString('base64url')
  const { rows } = await client.query<{ id: number }>(
    `insert into app_user (email, password_hash, email_verified_at, role, locale, created_at, updated_at)
     values ($1, 'x', now(), 'user', 'en', now(), now()) returning id`,
    [email],
  )
  const userId = rows[0]!.id
  await client.query(
    `insert into session (id, user_id, remember, created_at, last_seen_at, expires_at) values ($1, $2, false, now(), now(), now() + interval '1 day')`,
    [hashToken(token), userId],
  )
  await client.query(
    `insert into subscription (user_id, plan_id, external_id, status, started_at, paid_until, created_at, updated_at)
     select $1, id, $2, 'active', now(), now() + interval '30 days', now(), now() from plan where sid = $3`,
    [userId, `bench-${email}`, plan],
  )
  return { userId, token, cookie: `sid=${token}` }
}

export function formatRow(name: string, m: Measured): string {
  return `${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms${m.errors ? `  (${m.errors} errors)` : ''}  ${machineLoad()}`
}

/** The load average (1, 5, 15 minutes) printed beside every measurement: a busy machine's figures read differently. */
export function machineLoad(): string {
  return `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`
}

export { freePort } from '../free-port.js'
