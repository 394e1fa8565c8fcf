/**
 * One checkout's side of `npm run bench:render` (render.ts), run with that checkout as the
 * working directory: builds its app in this process (its own server code and built client),
 * then renders every page of the list it is given through `app.inject` (no socket, no
 * compression), one after another, and measures each render's CPU time (process.cpuUsage: the
 * event loop and the thread pool) and wall time. The page cache is off (the parent sets
 * PAGE_CACHE_TTL_MS=0, CATALOG_CACHE_STALE_MS=0), so every request renders.
 *
 * argv: <checkout folder> <pages.json> <passes> <phone|desktop>; prints one JSON line.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { performance } from 'node:perf_hooks'

const [root, pagesFile, passesArg = '1', device = 'phone'] = process.argv.slice(2)
if (!root || !pagesFile) throw new Error('usage: render-worker.ts <checkout> <pages.json> [passes] [phone|desktop]')
const from = (file: string) => import(pathToFileURL(path.join(root, file)).href)

const USER_AGENTS = {
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36',
}
const userAgent = USER_AGENTS[device as keyof typeof USER_AGENTS] ?? USER_AGENTS.phone

/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- the checkout's modules are imported at run time, without their types */
const { startupConfig } = await from('core/bootstrap.ts')
const { openOrm, SERVER_DATABASE_LIMITS } = await from('core/db/orm.ts')
const { buildApp } = await from('server/app.ts')

const config = startupConfig()
const orm = await openOrm(process.env.DATABASE_URL!, { pool: 20, limits: { ...SERVER_DATABASE_LIMITS, statementMs: config.databaseStatementTimeoutMs } })
const app = await buildApp({ config, orm, metrics: null })
await app.ready()
await app.catalogChangesReady

const pages = JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as string[]

export interface RenderSample {
  url: string
  cpu: number
  wall: number
  bytes: number
  status: number
}

async function renderOnce(url: string): Promise<RenderSample> {
  // Let the event loop turn between requests as sockets would (inject's own immediates and
  // timers), so one render's leftovers are not counted in the next.
  await new Promise((resolve) => setImmediate(resolve))
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const response = await app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, accept: 'text/html', 'accept-encoding': 'identity' } })
  const wall = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { url, cpu: (cpu.user + cpu.system) / 1000, wall, bytes: response.rawPayload.length, status: response.statusCode }
}

// A warm-up pass: the code is compiled and optimised, the catalog cache filled (when it is on).
for (const url of pages) await renderOnce(url)
const samples: RenderSample[] = []
for (let pass = 0; pass < Number(passesArg); pass++) for (const url of pages) samples.push(await renderOnce(url))
await app.close()
await orm.close()
process.stdout.write(`${JSON.stringify(samples)}\n`)
