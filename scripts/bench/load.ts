/**
 * npm run bench:load [-- --duration 20 --videos 100000 --image-sets 50000 --models 10000 --profile <folder>]
 *
 * Mixed anonymous browsing, as visitors and crawlers spread over a large catalog make it, at
 * 64 and at 256 connections against one server process (`npm run build` first, as the
 * script does): server-rendered pages (home, lists on many pages, video, image-set and model
 * pages over a few hundred items, so page-cache hits and misses mix), the tRPC calls the
 * client makes after hydration, a search, and a built asset. Prints errors, p50, p99 and
 * req/s of the mix at each level, then each kind alone at 256 connections (where the time
 * goes), each line with the machine's load average. Goal at 256: 0 errors, p99 <= 200 ms.
 *
 * Uses the bench database of bench:catalog (DATA_DIR .data/bench, EMBEDDED_PG_PORT or
 * DATABASE_URL), topped up to the asked size; the server listens on PORT (default 3000). With
 * --profile the server writes a V8 CPU profile of the whole run into that folder (open it in
 * Chrome's DevTools, Performance tab) when it stops.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { loadConfig } from '../../core/config.js'
import { formatRow, machineLoad, openBenchDatabase, startProcess, stopProcess, type Measured } from './support.js'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    videos: { type: 'string', default: '100000' },
    'image-sets': { type: 'string', default: '50000' },
    models: { type: 'string', default: '10000' },
    profile: { type: 'string' },
  },
})
const seconds = Number(args.duration)
const port = Number(process.env.PORT ?? 3000)

const bench = await openBenchDatabase({ videos: Number(args.videos), imageSets: Number(args['image-sets']), models: Number(args.models) })
const ids = async (sql: string) => (await bench.client.query<{ id: number }>(sql)).rows.map((row) => row.id)
const videos = await ids(`select id from video where released_at is not null order by random() limit 300`)
const imageSets = await ids(`select id from image_set where released_at is not null order by random() limit 150`)
const models = await ids(`select id from performer order by random() limit 150`)
const asset = fs.readdirSync(path.resolve('dist/client/assets')).find((name) => name.endsWith('.js'))
if (!asset) throw new Error('no built client: run npm run build first (npm run bench:load does)')

const trpc = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`
const pick = <T>(list: T[], n: number) => list[n % list.length]!

/**
 * Each kind of request, by the path of its n-th instance: canonical addresses only (the first
 * page of a list has no ?page=, a model page names its tab), since a redirect is no page served.
 */
const KINDS: Record<string, (n: number) => string> = {
  'page: home': () => '/en',
  'page: list': (n) => (n % 20 === 0 ? '/en/videos' : `/en/videos?page=${(n % 20) + 1}`),
  'page: video': (n) => `/en/videos/${pick(videos, n)}`,
  'page: image set': (n) => `/en/images/${pick(imageSets, n)}`,
  'page: model': (n) => `/en/models/${pick(models, n)}?type=videos`,
  'trpc: videos list': (n) => trpc('catalog.videos', { locale: 'en', per_page: 30, page: (n % 20) + 1 }),
  'trpc: search': (n) => trpc('catalog.videos', { locale: 'en', per_page: 30, q: pick(['sunset', 'studio', 'beach night', 'exclusive'], n) }),
  asset: () => `/assets/${asset}`,
}
/** The mix: pages weigh most (first visits and crawlers), then the calls a hydrated page makes. */
const MIX: string[] = [
  'page: home',
  'page: list',
  'page: list',
  'page: video',
  'page: video',
  'page: video',
  'page: image set',
  'page: model',
  'trpc: videos list',
  'trpc: search',
  'asset',
  'asset',
]

const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json,*/*' }

async function measure(paths: (n: number) => string, connections: number, duration: number): Promise<Measured> {
  let n = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    pipelining: 1,
    headers: HEADERS,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths(n++) }) }],
  })
  return {
    total: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  }
}

const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []
const server = await startProcess('server/main.ts', port, bench.url, {}, '/readyz', profile)
try {
  const settings = loadConfig({ ...process.env, APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' })
  console.log(
    `\nserver: catalog cache ${settings.catalogCacheTtlMs / 1000} s, pages ${settings.pageCacheTtlMs / 1000} s, stale-while-revalidate ${settings.catalogCacheStaleMs / 1000} s`,
  )
  console.log(`mixed anonymous browsing, ${seconds} s per level (${MIX.length}-step mix: ${[...new Set(MIX)].join(', ')}); ${machineLoad()} at the start`)
  await measure((n) => KINDS[pick(MIX, n)]!(n), 32, 3) // warm-up
  const results: Record<number, Measured> = {}
  for (const connections of [64, 256]) {
    results[connections] = await measure((n) => KINDS[pick(MIX, n)]!(n * 7919), connections, seconds)
    console.log(formatRow(`mix at ${connections} connections`, results[connections]!))
  }
  console.log(`\neach kind alone at 256 connections, ${Math.max(5, Math.round(seconds / 4))} s each:`)
  for (const [name, paths] of Object.entries(KINDS)) console.log(formatRow(`  ${name}`, await measure(paths, 256, Math.max(5, Math.round(seconds / 4)))))

  const at256 = results[256]!
  console.log(
    `\ntarget at 256 connections: 0 errors (${at256.errors}) ${at256.errors === 0 ? 'ok' : 'MISSED'}, p99 <= 200 ms (${at256.p99} ms) ${at256.p99 <= 200 ? 'ok' : 'MISSED'}`,
  )
} finally {
  await stopProcess(server)
  await bench.close()
}
