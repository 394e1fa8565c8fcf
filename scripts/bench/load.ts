/**
 * npm run bench:load [-- --duration 20 --videos 100000 --image-sets 50000 --models 10000 --profile <folder>
 *                        --mix visitors|crawlers --connections 256]
 *
 * Mixed anonymous browsing, as visitors and crawlers spread over a large catalog make it, at
 * 64 and at 256 connections against one server process (`npm run build` first, as the
 * script does), in two mixes side by side:
 *   - visitors in five languages: server-rendered pages (home, lists on many pages, video,
 *     image-set and model pages over a few hundred items, so page-cache hits and misses mix), the
 *     tRPC calls the client makes after hydration, a search, and a built asset;
 *   - crawlers in five languages: the same kinds of request, each in a random language, over
 *     random items, list pages and categories of the whole bulk catalog (first visits, as
 *     crawlers make them: the page cache rarely helps).
 * Prints errors, p50, p99 and req/s of each mix at each level with the page cache's and the
 * catalog cache's hit ratio over that run (the server's own counters, from its metrics), then
 * each kind of each mix alone (where the time goes), each line with the machine's load average. Goal at 256: 0 errors, p99 <= 200 ms.
 *
 * Uses the bench database of bench:catalog (DATA_DIR .data/bench, EMBEDDED_PG_PORT or
 * DATABASE_URL), topped up to the asked size; the server listens on PORT (default 3000). With
 * --profile the server writes a V8 CPU profile of the whole run into that folder (open it in
 * Chrome's DevTools, Performance tab) when it stops. --mix and --connections run only that mix at
 * that level (after the same warm-up), without the kinds alone: a quicker loop while working on one.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { loadConfig } from '../../core/config.js'
import { LOCALES } from '../../core/domain/locale.js'
import { formatRow, machineLoad, openBenchDatabase, startProcess, stopProcess, type Measured } from './support.js'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    videos: { type: 'string', default: '100000' },
    'image-sets': { type: 'string', default: '50000' },
    models: { type: 'string', default: '10000' },
    profile: { type: 'string' },
    mix: { type: 'string' },
    connections: { type: 'string' },
  },
})
const seconds = Number(args.duration)
const port = Number(process.env.PORT ?? 3000)

const bench = await openBenchDatabase({ videos: Number(args.videos), imageSets: Number(args['image-sets']), models: Number(args.models) })
const ids = async (sql: string) => (await bench.client.query<{ id: number }>(sql)).rows.map((row) => row.id)
const videos = await ids(`select id from video where released_at is not null order by random() limit 300`)
const imageSets = await ids(`select id from image_set where released_at is not null order by random() limit 150`)
const models = await ids(`select id from performer order by random() limit 150`)
// The crawlers' catalog: every released item, model and category.
const allVideos = await ids(`select id from video where released_at is not null`)
const allImageSets = await ids(`select id from image_set where released_at is not null`)
const allModels = await ids(`select id from performer`)
const allCategories = await ids(`select id from category`)
const asset = fs.readdirSync(path.resolve('dist/client/assets')).find((name) => name.endsWith('.js'))
if (!asset) throw new Error('no built client: run npm run build first (npm run bench:load does)')

const trpc = (procedure: string, input: unknown) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!
/** The n-th request's language: all five, independent of which item it asks for. */
const lang = (n: number) => pick(LOCALES, Math.floor(n / 301))

/**
 * Each kind of request, by the path of its n-th instance: canonical addresses only (the first
 * page of a list has no ?page=, a model page names its tab), since a redirect is no page served.
 */
const KINDS: Record<string, (n: number) => string> = {
  'page: home': (n) => `/${lang(n)}`,
  'page: list': (n) => (n % 20 === 0 ? `/${lang(n)}/videos` : `/${lang(n)}/videos?page=${(n % 20) + 1}`),
  'page: video': (n) => `/${lang(n)}/videos/${pick(videos, n)}`,
  'page: image set': (n) => `/${lang(n)}/images/${pick(imageSets, n)}`,
  'page: model': (n) => `/${lang(n)}/models/${pick(models, n)}?type=videos`,
  'trpc: videos list': (n) => trpc('catalog.videos', { locale: lang(n), per_page: 30, page: (n % 20) + 1 }),
  'trpc: search': (n) => trpc('catalog.videos', { locale: lang(n), per_page: 30, q: pick(['sunset', 'studio', 'beach night', 'exclusive'], n) }),
  asset: () => `/assets/${asset}`,
}
const random = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!
const randomPage = (items: number, perPage: number) => 1 + Math.floor(Math.random() * Math.max(1, Math.ceil(items / perPage)))
const pageQuery = (page: number) => (page === 1 ? '' : `?page=${page}`)

/** The crawlers' requests: every kind in a random language, over the whole catalog. */
const CRAWLER_KINDS: Record<string, () => string> = {
  home: () => `/${random(LOCALES)}`,
  list: () => `/${random(LOCALES)}/videos${pageQuery(randomPage(allVideos.length, 30))}`,
  video: () => `/${random(LOCALES)}/videos/${random(allVideos)}`,
  'image set': () => `/${random(LOCALES)}/images/${random(allImageSets)}`,
  model: () => `/${random(LOCALES)}/models/${random(allModels)}?type=videos`,
  category: () => `/${random(LOCALES)}/categories/${random(allCategories)}/videos`,
  'videos list': () => trpc('catalog.videos', { locale: random(LOCALES), per_page: 30, page: randomPage(allVideos.length, 30) }),
  search: () => trpc('catalog.videos', { locale: random(LOCALES), per_page: 30, q: random(['sunset', 'studio', 'beach night', 'exclusive', 'rooftop']) }),
  asset: () => `/assets/${asset}`,
}
const CRAWLER_MIX = ['home', 'list', 'list', 'video', 'video', 'video', 'image set', 'model', 'category', 'videos list', 'search', 'asset']

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

const metricsPort = port + 100

/** The server's cache counters (streamclub_cache_lookups_total), by cache and result. */
async function cacheLookups(): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  const counts: Record<string, number> = {}
  for (const [, cache, result, value] of text.matchAll(/^streamclub_cache_lookups_total\{cache="(\w+)",result="(\w+)"\} (\d+)/gm))
    counts[`${cache}:${result}`] = Number(value)
  return counts
}

/** Hits (fresh or stale) per lookup of each cache between two readings. */
function hitRatios(before: Record<string, number>, after: Record<string, number>): string {
  const delta = (key: string) => (after[key] ?? 0) - (before[key] ?? 0)
  return ['page', 'answer', 'catalog']
    .map((cache) => {
      const hits = delta(`${cache}:hit`) + delta(`${cache}:stale`)
      const lookups = hits + delta(`${cache}:miss`)
      return `${cache} cache hits ${lookups ? ((hits / lookups) * 100).toFixed(1) : '-'} % of ${lookups}`
    })
    .join(', ')
}

async function measureMix(name: string, paths: (n: number) => string, connections: number): Promise<Measured> {
  const before = await cacheLookups()
  const result = await measure(paths, connections, seconds)
  console.log(`${formatRow(name, result)}\n${''.padEnd(36)}${hitRatios(before, await cacheLookups())}`)
  return result
}

const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : []
const server = await startProcess('server/main.ts', port, bench.url, { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' }, '/readyz', profile)
try {
  const settings = loadConfig({ ...process.env, APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' })
  console.log(
    `\nserver: catalog cache ${settings.catalogCacheTtlMs / 1000} s, pages ${settings.pageCacheTtlMs / 1000} s, stale-while-revalidate ${settings.catalogCacheStaleMs / 1000} s`,
  )
  console.log(`mixed anonymous browsing, ${seconds} s per level and mix; ${machineLoad()} at the start`)
  console.log(`  visitors (${MIX.length}-step mix in ${LOCALES.length} languages: ${[...new Set(MIX)].join(', ')})`)
  console.log(
    `  crawlers (${CRAWLER_MIX.length}-step mix in ${LOCALES.length} languages over ${allVideos.length} videos, ${allImageSets.length} image sets, ${allModels.length} models: ${[...new Set(CRAWLER_MIX)].join(', ')})`,
  )
  await measure((n) => KINDS[pick(MIX, n)]!(n), 32, 3) // warm-up
  const results: Record<string, Measured> = {}
  const mixes = {
    visitors: (n: number) => KINDS[pick(MIX, n)]!(n * 7919),
    crawlers: (n: number) => CRAWLER_KINDS[pick(CRAWLER_MIX, n)]!(),
  }
  const levels = args.connections ? [Number(args.connections)] : [64, 256]
  const chosen = args.mix ? [args.mix as keyof typeof mixes] : (['visitors', 'crawlers'] as const)
  for (const connections of levels) {
    for (const mix of chosen) results[`${mix} ${connections}`] = await measureMix(`${mix} at ${connections} connections`, mixes[mix], connections)
  }
  if (!args.mix && !args.connections) {
    const alone = Math.max(5, Math.round(seconds / 4))
    console.log(`\neach kind alone at 256 connections, ${alone} s each:`)
    for (const [name, paths] of Object.entries(KINDS)) console.log(formatRow(`  ${name}`, await measure(paths, 256, alone)))
    console.log(`\neach crawler kind alone at 64 connections, ${alone} s each:`)
    for (const [name, path] of Object.entries(CRAWLER_KINDS)) console.log(formatRow(`  ${name}`, await measure(() => path(), 64, alone)))
  }

  for (const mix of ['visitors', 'crawlers']) {
    const at256 = results[`${mix} 256`]
    if (!at256) continue
    console.log(
      `target for ${mix} at 256 connections: 0 errors (${at256.errors}) ${at256.errors === 0 ? 'ok' : 'MISSED'}, p99 <= 200 ms (${at256.p99} ms) ${at256.p99 <= 200 ? 'ok' : 'MISSED'}`,
    )
  }
} finally {
  await stopProcess(server)
  await bench.close()
}
