/**
 * npm run bench:catalog [-- --videos 100000 --image-sets 50000 --models 10000 --duration 10 --connections 64]
 *
 * On a catalog of that size (made with the bulk seed when the bench database has fewer rows),
 * measures with autocannon, in one run:
 *   - baseline: a bare Fastify + pg route running the same SQL as the procedure (page 1 of the
 *     videos list, 30 items with featured preview, featured model, models and category);
 *   - the catalog.videos procedure for an anonymous visitor (public answers are cached and
 *     dropped on every catalog change) and for a signed-in user (the cached public part plus
 *     the user's own rating/favorite/watch-later state, read per request);
 *   - search latency: the catalog.videos procedure with q, on a server with the cache off, over
 *     a set of distinct queries (words, prefixes, typos, model names, several words).
 * Prints requests/s, p50 and p99 latency, and the ratios against the targets.
 *
 * The database lives in DATA_DIR (default .data/bench) on EMBEDDED_PG_PORT, or DATABASE_URL.
 * The servers listen on PORT (the app) and PORT+1 (the baseline).
 */
import type { ChildProcess } from 'node:child_process'
import { parseArgs } from 'node:util'
import { formatRow, listTargets, load as loadFor, openBenchDatabase, startProcess, stopProcess, type Measured, type Target } from './support.js'

const { values: args } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    'image-sets': { type: 'string', default: '50000' },
    models: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    'search-connections': { type: 'string', default: '1' },
    /** Measure the search alone (the list loads take a minute). */
    'search-only': { type: 'boolean', default: false },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
const appPort = Number(process.env.PORT ?? 3000)
const basePort = appPort + 1

const bench = await openBenchDatabase({ videos: Number(args.videos), imageSets: Number(args['image-sets']), models: Number(args.models) })
const { client } = bench

// Servers.
const children: ChildProcess[] = []
async function start(entry: string, port: number, env: Record<string, string> = {}): Promise<void> {
  children.push(await startProcess(entry, port, bench.url, env, entry.includes('baseline') ? '/videos?input=%7B%7D' : '/readyz'))
}

const listInput = { locale: 'en', with: ['featured_preview', 'featured_model', 'models', 'category', 'rating'], per_page: 30, page: 1 }
const encoded = encodeURIComponent(JSON.stringify(listInput))
const lists = listTargets(appPort, bench.token)
const targets = {
  pageOnly: { url: `http://127.0.0.1:${basePort}/videos?nocount=1&input=${encoded}`, headers: {} },
  baseline: { url: `http://127.0.0.1:${basePort}/videos?input=${encoded}`, headers: {} },
  anonymous: lists.anonymous,
  signedIn: lists.signedIn,
} satisfies Record<string, Target>
const load = (target: Target, seconds: number) => loadFor(target, seconds, connections)

try {
  if (!args['search-only']) await measureLists()
  // Search on a server without the cache, so every query reaches PostgreSQL.
  await start('server/main.ts', appPort, { CATALOG_CACHE_TTL_MS: '0' })
  printSearch(await searchLatency(Number(args['search-connections'])))
} finally {
  for (const child of children) await stopProcess(child)
  await bench.close()
}

/** The list loads: the bare baseline, then the procedure for a visitor and a signed-in user. */
async function measureLists() {
  await start('scripts/bench/baseline.ts', basePort)
  await start('server/main.ts', appPort)
  // Same answer from both (the bench compares like with like).
  type Answer = { result: { data: { items: Array<Record<string, unknown>> } } }
  const answer = (url: string) => fetch(url).then((r) => r.json() as Promise<Answer>)
  const [a, b] = await Promise.all([answer(targets.baseline.url), answer(targets.anonymous.url)])
  const strip = (body: Answer) => JSON.stringify(body.result.data.items.map(({ state: _state, ...item }) => item))
  if (strip(a) !== strip(b)) throw new Error('the baseline and the procedure answer different items')

  const results: Record<string, Measured> = {}
  for (const [name, target] of Object.entries(targets)) {
    await load(target, 2) // warm up
    results[name] = await load(target, duration)
    console.log(formatRow(name, results[name]!))
  }
  for (const child of children.splice(0)) await stopProcess(child)

  const base = results.baseline!
  const anon = results.anonymous!
  const signed = results.signedIn!
  const rows = [
    ['anonymous list / baseline, req/s', anon.rps / base.rps, 1, '>='],
    ['signed-in list / baseline, req/s', signed.rps / base.rps, 0.5, '>='],
    ['signed-in p99 / baseline p99', signed.p99 / base.p99, 2, '<='],
    ['anonymous p99 / baseline p99', anon.p99 / base.p99, 2, '<='],
  ] as const
  console.log(`\nAt ${connections} connections, ${duration} s each (page 1 of the videos list, 30 items with relations):`)
  console.log(
    `  (for orientation: the bare page statement without the count serves ${results.pageOnly!.rps.toFixed(0)} req/s, p99 ${results.pageOnly!.p99} ms;`,
  )
  console.log(
    `   the anonymous list is ${(anon.rps / results.pageOnly!.rps).toFixed(2)}x that, the signed-in list ${(signed.rps / results.pageOnly!.rps).toFixed(2)}x)`,
  )
  for (const [label, value, target, op] of rows) {
    const ok = op === '>=' ? value >= target : value <= target
    console.log(`  ${label.padEnd(36)} ${value.toFixed(2).padStart(6)}   target ${op} ${target}   ${ok ? 'ok' : 'MISSED'}`)
  }
}

function printSearch(search: Awaited<ReturnType<typeof searchLatency>>) {
  console.log(
    `\nSearch (catalog.videos with q, cache off, ${search.count} distinct queries, ${args['search-connections']} connections): ` +
      `${search.rps.toFixed(0)} req/s, p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms, p99 ${search.p99.toFixed(1)} ms   ` +
      `target p95 <= 20 ms   ${search.p95 <= 20 ? 'ok' : 'MISSED'}`,
  )
  console.log(`  slowest: ${search.slowest.map(([q, ms]) => `"${q}" ${ms.toFixed(0)} ms`).join(', ')}`)
}

/** Each query once (after one warm-up pass over a few), timed one by one. */
async function searchLatency(parallel: number) {
  const words = [
    'exclusive',
    'natural',
    'rooftop',
    'garden',
    'midnight',
    'sunset',
    'yacht',
    'library',
    'penthouse',
    'sauna',
    'winter',
    'summer',
    'golden',
    'quiet',
    'velvet',
    'misty',
    'electric',
    'vineyard',
    'studio',
    'terrazza',
    'strandhaus',
    'medianoche',
    'jardin',
    'bibliothèque',
  ]
  const typos = ['rooftpo', 'gardne', 'midnigth', 'penthose', 'saunna', 'yatch', 'libary', 'vinyard', 'sumer', 'goldn']
  const names = (await client.query<{ first_name: string }>(`select first_name from performer order by id limit 40`)).rows.map((r) => r.first_name)
  const queries = [
    ...words,
    ...words.map((w) => w.slice(0, 4)),
    ...typos,
    ...names,
    ...names.slice(0, 20).map((n) => n.slice(0, -1) + n.slice(-1).repeat(2)),
    ...words.slice(0, 10).flatMap((w, i) => [`${w} ${words[(i + 5) % words.length]}`, `${words[(i + 3) % words.length]} ${w} ${typos[i]}`]),
  ]
  const unique = [...new Set(queries)]
  const url = (q: string) =>
    `http://127.0.0.1:${appPort}/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en', with: ['featured_preview', 'featured_model', 'models', 'category'], per_page: 30, q }))}`
  // Warm-up, 2 s as for the lists: other searches over several connections, as on a server
  // that has been running (compiled code paths, pooled connections).
  const warmUp = ['dawn', 'work', 'rain', 'loft', 'cabin', 'beach', 'hotel', 'suite', 'lake', 'city', 'dwan', 'hotl', 'beach dawn', 'lake work']
  const warmUntil = performance.now() + 2000
  await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      for (let i = lane; performance.now() < warmUntil; i += 4) await fetch(url(warmUp[i % warmUp.length]!)).then((r) => r.arrayBuffer())
    }),
  )
  const times: number[] = []
  const timed: Array<[string, number]> = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < unique.length) {
        const q = unique[next++]!
        const t0 = performance.now()
        const res = await fetch(url(q))
        await res.arrayBuffer()
        if (!res.ok) throw new Error(`search "${q}" answered ${res.status}`)
        times.push(performance.now() - t0)
        timed.push([q, performance.now() - t0])
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const slowest = [...timed].sort((a, b) => b[1] - a[1]).slice(0, 5)
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!
  return { count: unique.length, rps: times.length / elapsed, p50: at(50), p95: at(95), p99: at(99), slowest }
}
