/**
 * npm run bench:start [-- --skip-fresh]
 *
 * Times `npm start` to the first served home page (GET / followed to its language, 200 with
 * HTML), three ways, each on its own data folder and ports:
 *   1. fresh: a fresh clone (no dist/, no data folder, no demo-source cache): the client build,
 *      PostgreSQL's first start, migrations, the demo sources, the media pipeline;
 *   2. warm restart: the same again with nothing changed (no build, no seed);
 *   3. fresh data, cached sources: a new data folder but the demo sources kept, as the browser
 *      tests' server starts (scripts/e2e-server.ts).
 * Each line carries the machine's load average (1, 5 and 15 minutes) at its start and end:
 * on a shared machine the numbers mean little without it. `--skip-fresh` keeps dist/ and the
 * cache and measures 2 and 3 only.
 *
 * Data in DATA_DIR (default .data/bench-start; removed at the start); the app listens on PORT
 * (default 3400) with its PostgreSQL on EMBEDDED_PG_PORT (default 54370).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values: args } = parseArgs({ options: { 'skip-fresh': { type: 'boolean', default: false } } })
const root = path.resolve(import.meta.dirname, '../..')
const port = Number(process.env.PORT ?? 3400)
const base = `http://localhost:${port}`
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data/bench-start')
// A fresh clone has no demo-source cache; --skip-fresh uses the usual one (.data/demo-cache).
const cacheDir = args['skip-fresh'] ? null : path.join(dataDir, 'demo-cache')
if (!dataDir.includes(`${path.sep}.data${path.sep}`)) throw new Error(`refusing to wipe ${dataDir}`)

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

async function homePageServed(): Promise<boolean> {
  try {
    const res = await fetch(`${base}/`, { redirect: 'follow', signal: AbortSignal.timeout(30_000) })
    const html = await res.text()
    return res.ok && (res.headers.get('content-type') ?? '').startsWith('text/html') && html.includes('<main')
  } catch {
    return false
  }
}

/** Runs `npm start` until the home page is served; returns the seconds it took, then stops it. */
async function timeStart(label: string, dataFolder: string): Promise<{ label: string; seconds: number; loadBefore: string; loadAfter: string }> {
  const loadBefore = load()
  console.log(`[bench] ${label}: npm start (load ${loadBefore})`)
  const startedAt = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataFolder,
      ...(cacheDir ? { DEMO_CACHE_DIR: cacheDir } : {}),
      EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54370',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, stopped as Ctrl-C in a terminal stops it (SIGINT to the group).
    detached: true,
  })
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.startsWith('[start]')) console.log(`    ${line}`)
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let done = false
  void exited.then(() => (done = true))
  let seconds = NaN
  while (!done) {
    if (await homePageServed()) {
      seconds = (performance.now() - startedAt) / 1000
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const loadAfter = load()
  process.kill(-child.pid!, 'SIGINT')
  const code = await exited
  if (Number.isNaN(seconds)) throw new Error(`${label}: npm start exited (${code}) before the home page was served`)
  console.log(`[bench] ${label}: home page served after ${seconds.toFixed(1)} s (load ${loadAfter})`)
  return { label, seconds, loadBefore, loadAfter }
}

fs.rmSync(dataDir, { recursive: true, force: true })
const results = []
if (!args['skip-fresh']) {
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true })
  results.push(await timeStart('fresh clone (no build, no data, no demo cache)', dataDir))
} else {
  results.push(await timeStart('first start on this data folder (build and demo cache kept)', dataDir))
}
results.push(await timeStart('warm restart (nothing changed)', dataDir))
const fresh = path.join(dataDir, 'fresh-data')
results.push(await timeStart('fresh data folder, demo sources cached (as the browser tests start)', fresh))

console.log(`\n${os.cpus().length} cores; load average 1, 5, 15 min at start and end of each run`)
console.log('| run | npm start to home page | load at start | load at end |')
console.log('|---|---|---|---|')
for (const r of results) console.log(`| ${r.label} | ${r.seconds.toFixed(1)} s | ${r.loadBefore} | ${r.loadAfter} |`)
