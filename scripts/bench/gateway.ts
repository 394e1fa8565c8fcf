/**
 * npm run bench:gateway [-- --duration 10 --connections 64 --sessions 200 --rounds 2]
 *
 * What the media gateway's session check costs: the same app twice, in one run,
 *   - before: signed URLs checked by their signature alone (no database);
 *   - after: the signature, then the session and the membership through the per-session
 *     cache (MEDIA_ACCESS_CACHE_SECONDS), as the server runs it.
 * `--sessions` members each hold a session and signed URLs of one synthetic video: a 64 KB
 * segment (a file sent with Range support) and a media playlist of 60 segments (rewritten with
 * 60 signed URLs). autocannon spreads the requests over the members. The variants take turns
 * (`--rounds`), each keeps its best run; prints req/s, p50, p99 and after/before (target >= 0.90).
 *
 * The database lives in DATA_DIR (default .data/bench) on EMBEDDED_PG_PORT, or DATABASE_URL.
 * The servers listen on PORT (before) and PORT+1 (after).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { prepareEnvironment, ensureDatabase } from '../../core/bootstrap.js'
import { loadConfig } from '../../core/config.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { mediaSignerFor } from '../../core/services/media/signer.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { ensurePlans } from '../seed/plans.js'
import { insertMember } from './support.js'

process.env.DATA_DIR ??= '.data/bench'
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    sessions: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
const sessionCount = Number(args.sessions)
const rounds = Number(args.rounds)
const beforePort = Number(process.env.PORT ?? 3000)
const afterPort = beforePort + 1

prepareEnvironment()
const db = await ensureDatabase()
const databaseUrl = process.env.DATABASE_URL!
const orm = await openOrm(databaseUrl, { pool: 2 })
await migrate(orm, databaseUrl)
await ensurePlans(orm.em.fork())
await orm.close()
const client = new pg.Client({ connectionString: databaseUrl })
await client.connect()

// Synthetic members-only media: one rung of 60 segments of 64 KB each.
const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-bench-gateway-'))
const key = 'bench-gateway'
const rungDir = path.join(mediaDir, 'protected', key, 'hls', 'sd')
await fs.mkdir(rungDir, { recursive: true })
await fs.writeFile(path.join(rungDir, 'seg-00000.ts'), crypto.randomBytes(64 * 1024))
const playlist = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', '#EXT-X-PLAYLIST-TYPE:VOD']
for (let i = 0; i < 60; i++) playlist.push('#EXTINF:6.000,', `seg-${String(i).padStart(5, '0')}.ts`)
playlist.push('#EXT-X-ENDLIST', '')
await fs.writeFile(path.join(rungDir, 'index.m3u8'), playlist.join('\n'))

// Members, each with a session and an active subscription.
const config = loadConfig({ ...process.env, MEDIA_DIR: mediaDir })
const signer = mediaSignerFor(config)
const members: Array<{ cookie: string; segment: string; playlist: string }> = []
const runId = crypto.randomBytes(4).toString('hex')
for (let i = 0; i < sessionCount; i++) {
  const { userId, token } = await insertMember(client, `bench-gateway-${runId}-${i}@streamclub.localhost`)
  const grant = { userId, sessionId: hashToken(token) }
  const now = new Date()
  members.push({
    cookie: `sid=${token}`,
    segment: signer.sign(`protected/${key}/hls/sd/seg-00000.ts`, grant, now, 3600),
    playlist: signer.sign(`protected/${key}/hls/sd/index.m3u8`, grant, now, 3600),
  })
}

const children: ChildProcess[] = []
async function start(port: number, check: 'signature' | 'session'): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/gateway-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      BENCH_GATEWAY_CHECK: check,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(`listening on ${port}`) && resolve())
    child.once('exit', (code) => reject(new Error(`the ${check} server did not start on port ${port} (exit ${code}; is the port taken? set PORT)`)))
  })
}

interface Measured {
  rps: number
  p50: number
  p99: number
  errors: number
}
type Kind = 'segment' | 'playlist'
async function load(port: number, kind: Kind, seconds: number): Promise<Measured> {
  let next = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const member = members[next++ % members.length]!
          return { ...request, path: member[kind], headers: { ...request.headers, cookie: member.cookie } }
        },
      },
    ],
  })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts }
}

try {
  await start(beforePort, 'signature')
  await start(afterPort, 'session')
  for (const port of [beforePort, afterPort]) {
    for (const kind of ['segment', 'playlist'] as const) {
      const res = await fetch(`http://127.0.0.1:${port}${members[0]![kind]}`, { headers: { cookie: members[0]!.cookie } })
      if (res.status !== 200) throw new Error(`${kind} on ${port} answered ${res.status}: ${await res.text()}`)
      await res.arrayBuffer()
    }
  }
  const best: Record<string, Measured> = {}
  const keep = (name: string, m: Measured) => {
    if (!best[name] || m.rps > best[name].rps) best[name] = m
  }
  for (let round = 1; round <= rounds; round++) {
    for (const kind of ['segment', 'playlist'] as const) {
      for (const [variant, port] of [
        ['before', beforePort],
        ['after', afterPort],
      ] as const) {
        await load(port, kind, 2) // warm up
        const m = await load(port, kind, duration)
        keep(`${kind} ${variant}`, m)
        console.log(
          `round ${round}  ${kind.padEnd(8)} ${variant.padEnd(6)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms${m.errors ? `  (${m.errors} errors)` : ''}`,
        )
      }
    }
  }
  console.log(
    `\nMedia gateway, ${sessionCount} members, ${connections} connections, ${duration} s per run, best of ${rounds} (before: signature only; after: + session and membership, cache ${config.mediaAccessCacheMs / 1000} s):`,
  )
  for (const kind of ['segment', 'playlist'] as const) {
    const before = best[`${kind} before`]!
    const after = best[`${kind} after`]!
    const ratio = after.rps / before.rps
    console.log(
      `  ${kind.padEnd(8)} before ${before.rps.toFixed(0).padStart(6)} req/s (p99 ${before.p99} ms)   after ${after.rps.toFixed(0).padStart(6)} req/s (p99 ${after.p99} ms)   after/before ${ratio.toFixed(2)}   target >= 0.90   ${ratio >= 0.9 ? 'ok' : 'MISSED'}`,
    )
  }
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
  await client.query(`delete from app_user where email like $1`, [`bench-gateway-${runId}-%`]).catch(() => undefined)
  await client.end()
  await fs.rm(mediaDir, { recursive: true, force: true })
  await db?.stop()
}
