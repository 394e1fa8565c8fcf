/**
 * npm run bench:render [-- <checkout> …] [--rounds 3 --pages 200 --catalog warm|cold --device phone|desktop]
 *
 * What a page costs the server when it is not in the page cache (a first visit, a crawler):
 * 200 distinct pages in the five languages (homes, lists, video, image-set, model and category
 * pages) rendered one after another with the page cache off, each render's CPU time measured
 * in the server's own process (render-worker.ts). `--catalog warm` (default) keeps the catalog's
 * answers cached (the render alone); `cold` turns that cache off too (every page queries the
 * database, as for a crawler over a large catalog).
 *
 * With checkout folders (e.g. `git worktree add /tmp/base main`, node_modules linked, `npm run
 * build` run there), each is measured in turn on the same pages and database, round after round,
 * and printed beside the first: before and after in one run. Without, this folder alone.
 *
 * Prints per page kind the p50 and p99 of the CPU per render (median over the rounds per page),
 * the HTML size, the worst round and the load average. Target (issue 32): video, model and list
 * pages p50 <= 8 ms, p99 <= 25 ms.
 *
 * The database: DATABASE_URL, else the embedded PostgreSQL of `npm start` in this folder
 * (DATA_DIR, default .data, on EMBEDDED_PG_PORT; started here when it is not running). Run
 * `npm start` once first so the demo catalog and its pictures exist.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { ensureDatabase, prepareEnvironment } from '../../core/bootstrap.js'
import { LOCALES } from '../../core/domain/locale.js'
import { machineLoad } from './support.js'
import type { RenderSample } from './render-worker.js'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    pages: { type: 'string', default: '200' },
    catalog: { type: 'string', default: 'warm' },
    device: { type: 'string', default: 'phone' },
  },
})
const checkouts = (positionals.length ? positionals : ['.']).map((dir) => path.resolve(dir))
const rounds = Math.max(1, Number(args.rounds))
const wanted = Number(args.pages)

prepareEnvironment()
let embedded = null
if (!process.env.DATABASE_URL) {
  // npm start's database when it runs, else started here on the same data folder.
  const url = `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54320}/streamclub`
  const running = await new pg.Client({ connectionString: url }).connect().then(
    (client) => client.end().then(() => true),
    () => false,
  )
  if (running) process.env.DATABASE_URL = url
  else embedded = await ensureDatabase()
}
const databaseUrl = process.env.DATABASE_URL!

/** The pages: homes, lists and detail pages in the five languages, in the research's proportions. */
async function choosePages(count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const ids = async (sql: string) => (await client.query<{ id: number }>(sql)).rows.map((row) => row.id)
    const pictured = (await client.query<{ n: number }>(`select count(*)::int as n from video where media->'poster' <> '[]'::jsonb`)).rows[0]!.n
    if (!pictured) console.log('note: no video has its pictures yet (run `npm start` and let the worker finish): pages are lighter than real ones')
    const share = (part: number) => Math.max(1, Math.round((count * part) / 200))
    const released = (table: string) =>
      ids(`select id from ${table}${table === 'video' || table === 'image_set' ? ' where released_at is not null' : ''} order by id`)
    /** `wanted` distinct pages of one kind: every item in one language, then again in the next (a small catalog still gives distinct pages). */
    const spread = (items: number[], wanted: number, path: (locale: string, id: number) => string) => {
      const out: string[] = []
      for (let turn = 0; turn < LOCALES.length && out.length < wanted; turn++) {
        for (let i = 0; i < items.length && out.length < wanted; i++) out.push(path(LOCALES[(i + turn) % LOCALES.length]!, items[i]!))
      }
      return out
    }
    const lists = ['videos', 'videos?page=2', 'images', 'models', 'categories']
    return [
      ...LOCALES.map((locale) => `/${locale}`),
      ...LOCALES.flatMap((locale) => lists.map((list) => `/${locale}/${list}`)),
      ...spread(await released('video'), share(83), (locale, id) => `/${locale}/videos/${id}`),
      ...spread(await released('performer'), share(50), (locale, id) => `/${locale}/models/${id}?type=videos`),
      ...spread(await released('image_set'), share(30), (locale, id) => `/${locale}/images/${id}`),
      ...spread(await released('category'), share(12), (locale, id) => `/${locale}/categories/${id}/videos`),
    ]
  } finally {
    await client.end()
  }
}

const KINDS: Array<[string, RegExp]> = [
  ['home', /^\/[a-z]{2}$/],
  ['list', /^\/[a-z]{2}\/(videos|images|models|categories)(\?|$)/],
  ['video', /^\/[a-z]{2}\/videos\/\d+/],
  ['model', /^\/[a-z]{2}\/models\/\d+/],
  ['image set', /^\/[a-z]{2}\/images\/\d+/],
  ['category', /^\/[a-z]{2}\/categories\/\d+/],
]
const kindOf = (url: string) => KINDS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other'
/** The kinds the issue's server target names. */
const TARGET_KINDS = new Set(['list', 'video', 'model'])

function runWorker(checkout: string, pagesFile: string): Promise<RenderSample[]> {
  const worker = path.resolve(import.meta.dirname, 'render-worker.ts')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, checkout, pagesFile, '1', args.device!], {
      cwd: checkout,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PAGE_CACHE_TTL_MS: '0',
        CATALOG_CACHE_STALE_MS: '0',
        CATALOG_CACHE_TTL_MS: args.catalog === 'cold' ? '0' : '600000',
        METRICS_PORT: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? ''
      if (code !== 0 || !last.startsWith('[')) return reject(new Error(`the render worker in ${checkout} failed (exit ${code})`))
      resolve(JSON.parse(last) as RenderSample[])
    })
  })
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const median = (values: number[]) => quantile(values, 0.5)

const pages = await choosePages(wanted)
const pagesFile = path.join(os.tmpdir(), `bench-render-${process.pid}.json`)
fs.writeFileSync(pagesFile, JSON.stringify(pages))
const samples = new Map(checkouts.map((dir) => [dir, [] as RenderSample[][]]))
try {
  console.log(
    `bench:render: ${pages.length} distinct pages, ${args.device} user agent, catalog cache ${args.catalog}, page cache off, ${rounds} rounds; ${machineLoad()}`,
  )
  for (let round = 0; round < rounds; round++) {
    for (const dir of round % 2 ? [...checkouts].reverse() : checkouts) {
      const run = await runWorker(dir, pagesFile)
      samples.get(dir)!.push(run)
      const cpu = run.map((s) => s.cpu)
      console.log(
        `  round ${round + 1} ${path.basename(dir).padEnd(16)} cpu p50 ${median(cpu).toFixed(1)} ms  p99 ${quantile(cpu, 0.99).toFixed(1)} ms  ${machineLoad()}`,
      )
    }
  }

  /** Per page, the median of its rounds. */
  const perPage = (dir: string) =>
    pages.map((url, i) => {
      const runs = samples.get(dir)!.map((run) => run[i]!)
      return {
        url,
        kind: kindOf(url),
        cpu: median(runs.map((r) => r.cpu)),
        wall: median(runs.map((r) => r.wall)),
        bytes: runs[0]!.bytes,
        status: runs[0]!.status,
      }
    })
  console.log('\nCPU per render (ms, per page the median of its rounds): p50 / p99, wall p50, HTML KB p50; ratio to the first checkout')
  const groups: Array<[string, (kind: string) => boolean]> = [
    ...KINDS.map(([kind]) => [kind, (k: string) => k === kind] as [string, (kind: string) => boolean]),
    ['video+model+list', (k) => TARGET_KINDS.has(k)],
    ['all', () => true],
  ]
  for (const [name, match] of groups) {
    const rows = checkouts.map((dir) => {
      const all = perPage(dir).filter((p) => match(p.kind))
      return {
        dir,
        n: all.length,
        p50: median(all.map((p) => p.cpu)),
        p99: quantile(
          all.map((p) => p.cpu),
          0.99,
        ),
        wall: median(all.map((p) => p.wall)),
        kb: median(all.map((p) => p.bytes)) / 1024,
      }
    })
    if (!rows[0]!.n) continue
    for (const row of rows) {
      const ratio = row.dir === checkouts[0] ? '' : `  (${(row.p50 / rows[0]!.p50).toFixed(2)}x, p99 ${(row.p99 / rows[0]!.p99).toFixed(2)}x)`
      console.log(
        `  ${name.padEnd(17)} ${path.basename(row.dir).padEnd(16)} n ${String(row.n).padStart(3)}  cpu ${row.p50.toFixed(1).padStart(5)} / ${row.p99.toFixed(1).padStart(5)} ms  wall ${row.wall.toFixed(1).padStart(5)} ms  ${row.kb.toFixed(0).padStart(4)} KB${ratio}`,
      )
    }
  }
  for (const dir of checkouts) {
    const target = perPage(dir).filter((p) => TARGET_KINDS.has(p.kind))
    const worst = samples.get(dir)!.map((run) => run.filter((s) => TARGET_KINDS.has(kindOf(s.url))).map((s) => s.cpu))
    const worstP50 = Math.max(...worst.map((cpu) => median(cpu)))
    const worstP99 = Math.max(...worst.map((cpu) => quantile(cpu, 0.99)))
    const p50 = median(target.map((p) => p.cpu))
    const p99 = quantile(
      target.map((p) => p.cpu),
      0.99,
    )
    const failed = perPage(dir).filter((p) => p.status >= 500).length
    console.log(
      `\n${path.basename(dir)}: video, model and list pages p50 ${p50.toFixed(1)} ms (target <= 8) ${p50 <= 8 ? 'ok' : 'MISSED'}, p99 ${p99.toFixed(1)} ms (target <= 25) ${p99 <= 25 ? 'ok' : 'MISSED'}; worst round p50 ${worstP50.toFixed(1)}, p99 ${worstP99.toFixed(1)} ms${failed ? `; ${failed} pages failed` : ''}`,
    )
  }
  console.log(`${machineLoad()} at the end`)
} finally {
  fs.rmSync(pagesFile, { force: true })
  await embedded?.stop()
}
