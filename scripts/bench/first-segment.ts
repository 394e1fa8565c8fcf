/**
 * npm run bench:first-segment [-- --rounds 30 --seconds 20]
 *
 * A member's first segment, side by side in one run: the same kind of video (a synthetic 720p
 * source of `--seconds`, through the real pipeline) on the local store, where the media
 * gateway sends every byte, and on S3 (a local S3-compatible server), where the gateway
 * rewrites the playlists and the segment comes from a presigned URL. Per round and store, as
 * the player does it: the playback query, the master playlist, the first rung's playlist, then
 * its first segment, read to the end. Prints the median and p90 of the whole path and of the
 * segment alone, and S3 / local (target: at most 1.0). The rounds alternate which store goes
 * first; the first two rounds warm up and are not counted.
 *
 * Its own data folder (DATA_DIR, default .data/bench-first-segment, emptied first) on
 * EMBEDDED_PG_PORT (default 54380); the two servers listen on PORT and PORT+1 (default 3420).
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { promisify } from 'node:util'
import pg from 'pg'
import { prepareEnvironment, ensureDatabase } from '../../core/bootstrap.js'
import { loadConfig } from '../../core/config.js'
import { stopOrphanedServer } from '../../core/db/embedded-postgres.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { drainJobs } from '../../worker/runner.js'
import { localS3Env, spawnLocalS3 } from '../s3-server.js'
import { ensurePlans } from '../seed/plans.js'
import { insertMember, machineLoad, startProcess, stopProcess } from './support.js'

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '30' }, seconds: { type: 'string', default: '20' } } })
const rounds = Number(args.rounds)
interface Timing {
  total: number
  playback: number
  master: number
  rung: number
  segment: number
  bytes: number
}
const WARM_UP = 2

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/bench-first-segment')
if (!dataDir.includes(`${path.sep}.data${path.sep}`)) throw new Error(`refusing to wipe ${dataDir}`)
await stopOrphanedServer(path.join(dataDir, 'postgres'))
fs.rmSync(dataDir, { recursive: true, force: true })
process.env.DATA_DIR = dataDir
process.env.EMBEDDED_PG_PORT ??= '54380'
const basePort = Number(process.env.PORT ?? 3420)
prepareEnvironment()
const db = await ensureDatabase()
const databaseUrl = process.env.DATABASE_URL!

// The S3 server in a process of its own, as the server's is.
const bucket = 'bench-first-segment'
const s3 = await spawnLocalS3(path.join(dataDir, 's3'), bucket)
const s3Env = localS3Env(s3.endpoint, bucket)

const stores = {
  local: { MEDIA_STORE: 'local', MEDIA_DIR: path.join(dataDir, 'local-media') },
  s3: { ...s3Env, MEDIA_DIR: path.join(dataDir, 's3-scratch') },
} satisfies Record<string, Record<string, string>>
type Store = keyof typeof stores

/** A synthetic 720p source with a tone of its own (so the two are different files). */
async function makeSource(file: string, frequency: number): Promise<string> {
  const seconds = args.seconds
  await promisify(execFile)(ffmpegBinaries().ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ])
  return file
}

const orm = await openOrm(databaseUrl, { pool: 4 })
const client = new pg.Client({ connectionString: databaseUrl })
const children: Array<Awaited<ReturnType<typeof startProcess>>> = []
try {
  await migrate(orm, databaseUrl)
  await ensurePlans(orm.em.fork())
  await client.connect()
  console.log(`preparing: one ${args.seconds} s 720p video on each store, through the pipeline; ${machineLoad()}`)
  const videos = {} as Record<Store, number>
  for (const [index, store] of (['local', 's3'] as const).entries()) {
    const config = loadConfig({ ...process.env, ...stores[store] })
    const source = await makeSource(path.join(dataDir, `source-${store}.mp4`), 440 + 220 * index)
    const queued = await ingestSource(orm.em.fork(), await openMediaStore(config), {
      kind: 'video',
      source,
      mode: 'copy',
      meta: { title: `First segment ${store}`, models: [] },
    })
    if (queued.status !== 'queued') throw new Error(`ingest on ${store}: ${JSON.stringify(queued)}`)
    await drainJobs({ config, orm }, databaseUrl)
    videos[store] = queued.id
  }
  await client.query(`update video set released_at = now() where id = any($1::int[])`, [Object.values(videos)])
  const member = await insertMember(client, 'first-segment@streamclub.localhost')

  const servers = {} as Record<Store, string>
  for (const [index, store] of (['local', 's3'] as const).entries()) {
    const port = basePort + index
    children.push(await startProcess('scripts/bench/gateway-server.ts', port, databaseUrl, stores[store]))
    servers[store] = `http://127.0.0.1:${port}`
  }

  /** The player's path to the first segment; times in ms. */
  async function firstSegment(store: Store): Promise<Timing> {
    const server = servers[store]
    const headers = { cookie: member.cookie, 'accept-language': 'en' }
    const get = async (url: string, withSession = true) => {
      const res = await fetch(url, { headers: withSession ? headers : {} })
      if (!res.ok) throw new Error(`${store}: ${url} answered ${res.status}`)
      return res
    }
    const firstUri = (text: string) =>
      text
        .split('\n')
        .find((line) => line.trim() && !line.startsWith('#'))!
        .trim()
    const marks = [performance.now()]
    const input = encodeURIComponent(JSON.stringify({ locale: 'en', id: videos[store] }))
    const playback = (await (await get(`${server}/trpc/playback.video?input=${input}`)).json()) as { result: { data: { master: string } } }
    marks.push(performance.now())
    const master = await (await get(new URL(playback.result.data.master, server).href)).text()
    marks.push(performance.now())
    const rung = await (await get(new URL(firstUri(master), server).href)).text()
    marks.push(performance.now())
    const segmentUrl = new URL(firstUri(rung), server)
    // A presigned URL goes to the bucket without the site's cookie, as a browser sends it.
    const body = await (await get(segmentUrl.href, segmentUrl.origin === server)).arrayBuffer()
    marks.push(performance.now())
    const step = (i: number) => marks[i + 1]! - marks[i]!
    return { total: marks[4]! - marks[0]!, playback: step(0), master: step(1), rung: step(2), segment: step(3), bytes: body.byteLength }
  }

  const results: Record<Store, Timing[]> = { local: [], s3: [] }
  for (let round = 0; round < rounds + WARM_UP; round++) {
    const order: Store[] = round % 2 ? ['s3', 'local'] : ['local', 's3']
    for (const store of order) {
      const result = await firstSegment(store)
      if (round >= WARM_UP) results[store].push(result)
    }
  }

  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!
  const line = (store: Store) => {
    const r = results[store]
    const totals = r.map((x) => x.total)
    const segments = r.map((x) => x.segment)
    const steps = (['playback', 'master', 'rung'] as const)
      .map(
        (key) =>
          `${key} ${quantile(
            r.map((x) => x[key]),
            0.5,
          ).toFixed(1)}`,
      )
      .join(', ')
    return `${store.padEnd(6)} click to first segment: median ${quantile(totals, 0.5).toFixed(1)} ms, p90 ${quantile(totals, 0.9).toFixed(1)} ms;  the segment alone (${(r[0]!.bytes / 1024).toFixed(0)} KB): median ${quantile(segments, 0.5).toFixed(1)} ms, p90 ${quantile(segments, 0.9).toFixed(1)} ms;  steps before it (medians): ${steps} ms`
  }
  console.log(
    `\nA member's first segment, ${rounds} rounds each (after ${WARM_UP} warm-up rounds), stores alternating; S3 is an s3rver in a process of its own:`,
  )
  console.log(`  ${line('local')}   (through the media gateway)`)
  console.log(`  ${line('s3')}   (playlists through the gateway, the segment presigned)`)
  const median = (store: Store, key: 'total' | 'segment') =>
    quantile(
      results[store].map((x) => x[key]),
      0.5,
    )
  console.log(
    `  s3 / local: click to first segment ${(median('s3', 'total') / median('local', 'total')).toFixed(2)}, the segment alone ${(median('s3', 'segment') / median('local', 'segment')).toFixed(2)}   (target: at most 1.0)`,
  )
  console.log(`  ${machineLoad()}`)
} finally {
  for (const child of children) await stopProcess(child)
  await client.end().catch(() => undefined)
  await orm.close()
  await s3.stop()
  await db?.stop()
}
