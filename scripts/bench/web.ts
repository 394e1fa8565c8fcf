/**
 * npm run bench:web [-- --runs 3 --duration 10 --connections 64 --cpu-runs 5 --cpu-only --base http://host:port]
 *
 * The public pages as visitors and search engines meet them, measured in one run:
 *   1. starts the product as `npm start` does (its own data folder, demo catalog), built first;
 *      or, with --base, measures a server that is already running there (another build);
 *   2. Lighthouse (mobile and desktop profiles, Debian chromium or CHROME_PATH) on the home
 *      page, a list, a video page, an image set and a model page, as a first-time visitor: every
 *      category score, LCP, TBT, CLS, the bytes sent and the JavaScript bytes, the median of
 *      --runs (default 3) with the worst run's performance score and TBT beside it;
 *   3. the main thread's CPU time of each page in Chromium (phone profile, no throttling, a
 *      visitor who confirmed the age gate) from navigation until 2 s after the load event,
 *      median of --cpu-runs with the worst visit beside it: what TBT is made of, but CPU time of
 *      the page's own thread, so it hardly moves with the machine's load (--cpu-only: this part
 *      alone);
 *   4. wrk (64 connections; Debian's package, installed when missing and root) on the
 *      server-rendered home page and on the main script of the same server, both compressed as a
 *      browser asks for them, and their ratio; autocannon where wrk cannot be had, which on the
 *      136 KB script measures its own CPU rather than the server (scripts/bench/wrk.ts).
 * Lighthouse's mobile score simulates a slow phone and network, but TBT grows when the machine
 * is busy: run it on a quiet machine; the load average is printed before and after.
 *
 * Data in DATA_DIR (default .data/bench-web); the app listens on PORT (default 3300).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { chromium, devices } from '@playwright/test'
import { ensureWrk, wrk } from './wrk.js'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    'cpu-runs': { type: 'string', default: '5' },
    'cpu-only': { type: 'boolean', default: false },
    base: { type: 'string' },
  },
})
const port = Number(process.env.PORT ?? 3300)
const base = args.base ?? `http://localhost:${port}`
const chrome = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const dataDir = process.env.DATA_DIR ?? '.data/bench-web'

function startApp(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54360', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return child
}

/**
 * A page's HTML. Once retried: a connection kept alive through the minutes of Lighthouse may
 * have been closed by the server just as it is reused (EPIPE).
 */
/** The parts of Lighthouse's JSON report this bench reads. */
type LighthouseReport = {
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ resourceType?: string; transferSize?: number }> } } | undefined>
  categories: Record<string, { score: number }>
}

async function pageText(url: string): Promise<string> {
  try {
    return await (await fetch(url)).text()
  } catch {
    return (await fetch(url, { headers: { connection: 'close' } })).text()
  }
}

async function waitForApp(): Promise<void> {
  for (let i = 0; i < 900; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error('the app did not become ready')
}

/** The first released video and model of the demo catalog, as links on the list pages show them. */
async function samplePaths(): Promise<string[]> {
  const firstLink = async (list: string, pattern: RegExp) => {
    const html = await pageText(`${base}${list}`)
    const match = pattern.exec(html)
    if (!match) throw new Error(`no item link on ${list}`)
    return match[1]!
  }
  const video = await firstLink('/en/videos', /href="(\/en\/videos\/\d+)"/)
  const imageSet = await firstLink('/en/images', /href="(\/en\/images\/\d+)"/)
  const model = await firstLink('/en/models', /href="(\/en\/models\/\d+[^"]*)"/)
  return ['/en', '/en/videos', video, imageSet, model.replace(/&amp;/g, '&')]
}

interface LighthouseRun {
  scores: Record<string, number>
  lcp: number
  tbt: number
  cls: number
  bytes: number
  scriptBytes: number
}

function lighthouse(url: string, preset: 'mobile' | 'desktop'): LighthouseRun {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}-${preset}.json`)
  const result = spawnSync(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 240_000 },
  )
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`)
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport
  fs.rmSync(out, { force: true })
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN
  const items: Array<{ resourceType?: string; transferSize?: number }> = report.audits['network-requests']?.details?.items ?? []
  return {
    scores: Object.fromEntries(Object.entries(report.categories as Record<string, { score: number }>).map(([id, c]) => [id, Math.round(c.score * 100)])),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    scriptBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  }
}

/** The median of each number over several runs (one run: that run). */
function median(runs: LighthouseRun[]): LighthouseRun {
  const mid = <T>(values: T[], key: (v: T) => number) => values.map(key).sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return {
    scores: Object.fromEntries(Object.keys(runs[0]!.scores).map((id) => [id, mid(runs, (r) => r.scores[id]!)])),
    lcp: mid(runs, (r) => r.lcp),
    tbt: mid(runs, (r) => r.tbt),
    cls: mid(runs, (r) => r.cls),
    bytes: mid(runs, (r) => r.bytes),
    scriptBytes: mid(runs, (r) => r.scriptBytes),
  }
}

const browserHeaders = { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' }

async function throughput(url: string, seconds: number, connections: number, withWrk: boolean) {
  if (withWrk) return wrk(url, seconds, connections, browserHeaders)
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers: browserHeaders })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/**
 * The page's main-thread CPU time (Chromium's ThreadTime) from navigation until 2 s after the
 * load event, the median of `runs` fresh visits.
 */
async function mainThreadCpu(url: string, runs: number): Promise<{ median: number; worst: number }> {
  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ ...devices['Pixel 7'] })
      await context.addInitScript(() => localStorage.setItem('ageConfirmed', '1'))
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
      const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')!.value
      const start = await threadTime()
      await page.goto(url, { waitUntil: 'load' })
      await page.waitForTimeout(2000)
      times.push((await threadTime()) - start)
      await context.close()
    }
    times.sort((a, b) => a - b)
    return { median: times[Math.floor(times.length / 2)]! * 1000, worst: times.at(-1)! * 1000 }
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** Lighthouse on every page, mobile then desktop: the median of --runs, the worst run beside it. */
function lighthouseTable(pages: string[]): void {
  console.log('\nLighthouse 13 (first visit, age gate shown), median of', args.runs, 'run(s)')
  console.log('profile  page                       perf  a11y  best  seo    LCP      TBT    CLS    bytes    JS   worst perf/TBT  load')
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const page of pages) {
      const runs = Array.from({ length: Number(args.runs) }, () => lighthouse(`${base}${page}`, preset))
      const r = median(runs)
      const worst = { perf: Math.min(...runs.map((run) => run.scores.performance!)), tbt: Math.max(...runs.map((run) => run.tbt)) }
      console.log(
        `${preset.padEnd(8)} ${page.padEnd(26)} ${String(r.scores.performance).padStart(4)}  ${String(r.scores.accessibility).padStart(4)}  ${String(r.scores['best-practices']).padStart(4)}  ${String(r.scores.seo).padStart(4)}  ${(r.lcp / 1000).toFixed(2).padStart(5)} s  ${r.tbt.toFixed(0).padStart(4)} ms  ${r.cls.toFixed(3)}  ${kb(r.bytes).padStart(7)}  ${kb(r.scriptBytes).padStart(6)}   ${String(worst.perf).padStart(4)} / ${worst.tbt.toFixed(0).padStart(4)} ms  ${os.loadavg()[0]!.toFixed(2)}`,
      )
    }
  }
}

/** wrk on the server-rendered home page and on the entry script, and their ratios. */
async function throughputTable(): Promise<void> {
  const staticFile = (/import\("(\/assets\/[^"]+\.js)"\)/.exec(await pageText(`${base}/en`)) ?? [])[1] ?? '/favicon.svg'
  const withWrk = ensureWrk()
  const client = withWrk ? 'wrk, 1 thread' : 'autocannon (wrk missing: on the script it measures its own CPU)'
  console.log(`\n${client}, ${args.connections} connections, ${args.duration} s each (brotli as a browser asks)`)
  const page = await throughput(`${base}/en`, Number(args.duration), Number(args.connections), withWrk)
  const file = await throughput(`${base}${staticFile}`, Number(args.duration), Number(args.connections), withWrk)
  const line = (name: string, m: typeof page) =>
    `${name.padEnd(28)} ${m.rps.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}`
  console.log(line('server-rendered home page', page))
  console.log(line(`static file ${path.basename(staticFile)}`, file))
  console.log(`ratio page / static file: ${(page.rps / file.rps).toFixed(2)} (target >= 0.30)`)
  console.log(`static file against the 476 req/s of per-request compression: ${(file.rps / 476).toFixed(1)}x (target >= 5x)`)
}

const app = args.base ? null : startApp()
try {
  await waitForApp()
  console.log(`bench:web on ${base}, ${os.cpus().length} cores, load average ${loadAverage()}`)
  const pages = await samplePaths()
  // Warm the render cache and the media (a first visitor after a deploy pays for it once).
  for (const page of pages) await pageText(`${base}${page}`)

  if (!args['cpu-only']) lighthouseTable(pages)
  console.log(`\nMain-thread CPU until 2 s after load (Chromium, phone profile, median of ${args['cpu-runs']})`)
  for (const page of pages) {
    const cpu = await mainThreadCpu(`${base}${page}`, Number(args['cpu-runs']))
    console.log(
      `  ${page.padEnd(26)} ${cpu.median.toFixed(0).padStart(5)} ms   worst ${cpu.worst.toFixed(0).padStart(4)} ms   load ${os.loadavg()[0]!.toFixed(2)}`,
    )
  }
  if (!args['cpu-only']) await throughputTable()

  console.log(`\nload average at the end ${loadAverage()}`)
} finally {
  if (app) {
    app.kill('SIGTERM')
    await new Promise((resolve) => app.once('exit', resolve))
  }
}
