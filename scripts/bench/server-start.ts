/**
 * npm run bench:server-start: the compiled server (`node build/server/main.js`, what
 * `npm run server` runs now) against the server from the TypeScript sources through tsx
 * (`tsx server/main.ts`, what `npm run server` ran before), side by side in one run:
 *   - start: from spawning the process to the first /readyz 200 (migrations already applied);
 *   - memory: the resident set of the idle server 3 s after it became ready, its whole process
 *     tree (tsx runs the server in a child process of its own) and the server process alone.
 * The runs alternate (tsx, compiled, tsx, …; BENCH_REPEAT each, default 5) on one PostgreSQL
 * (embedded, DATA_DIR default .data/bench-server-start, EMBEDDED_PG_PORT default 54380); each
 * line shows the load average, since on a shared machine the numbers mean little without it.
 * Medians and ratios at the end, with the targets (start at most 50 %, memory at most 70 %).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureDatabase, prepareEnvironment } from '../../core/bootstrap.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { freePort } from '../free-port.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const REPEAT = Math.max(3, Number(process.env.BENCH_REPEAT ?? 5))
const IDLE_MS = 3000
const VARIANTS = {
  tsx: [path.join(ROOT, 'node_modules/.bin/tsx'), 'server/main.ts'],
  compiled: [process.execPath, 'build/server/main.js'],
} as const
type Variant = keyof typeof VARIANTS

if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) {
  console.error('build/server/main.js is missing: npm run build first')
  process.exit(1)
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

/** Resident memory (MB) of a process, and of it with every descendant. */
function residentMb(pid: number): { tree: number; own: number } {
  const rss = (id: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024
  const children = (id: number): number[] =>
    fs
      .readdirSync(`/proc/${id}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number)
  const all = [pid]
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!))
  // The server is the deepest node process: tsx's own, or the compiled one itself.
  return { tree: all.reduce((sum, id) => sum + rss(id), 0), own: rss(all.at(-1)!) }
}

async function once(variant: Variant, databaseUrl: string): Promise<{ startMs: number; memory: { tree: number; own: number } }> {
  const port = await freePort()
  const [command, entry] = VARIANTS[variant]
  const began = performance.now()
  const child: ChildProcess = spawn(command, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant} server exited (${child.exitCode})`)
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      )
    )
      break
    if (performance.now() - began > 120_000) throw new Error(`${variant} server not ready within 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const startMs = performance.now() - began
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  const memory = residentMb(child.pid!)
  child.kill('SIGTERM')
  await exited
  return { startMs, memory }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

process.env.DATA_DIR ??= '.data/bench-server-start'
process.env.EMBEDDED_PG_PORT ??= '54380'
prepareEnvironment()
const db = await ensureDatabase()
const url = process.env.DATABASE_URL!
const orm = await openOrm(url, { pool: 2 })
await migrate(orm, url)
await orm.close()

console.log(`[bench] server start and idle memory, ${REPEAT} runs each, alternating; Node ${process.versions.node}, ${os.cpus().length} CPUs`)
const results: Record<Variant, Array<{ startMs: number; memory: { tree: number; own: number } }>> = { tsx: [], compiled: [] }
try {
  for (let run = 1; run <= REPEAT; run++) {
    for (const variant of ['tsx', 'compiled'] as const) {
      const before = load()
      const result = await once(variant, url)
      results[variant].push(result)
      console.log(
        `  ${variant.padEnd(8)} #${run}: /readyz 200 after ${result.startMs.toFixed(0).padStart(5)} ms; idle RSS ${result.memory.tree.toFixed(0)} MB (server process ${result.memory.own.toFixed(0)} MB); load ${before} → ${load()}`,
      )
    }
  }
} finally {
  await db?.stop()
}

const summary = (variant: Variant) => ({
  start: median(results[variant].map((r) => r.startMs)),
  tree: median(results[variant].map((r) => r.memory.tree)),
  own: median(results[variant].map((r) => r.memory.own)),
})
const tsx = summary('tsx')
const compiled = summary('compiled')
const verdict = (ratio: number, target: number) => `${(ratio * 100).toFixed(0)} % (target ≤ ${target * 100} %: ${ratio <= target ? 'met' : 'missed'})`
console.log(`[bench] medians (load ${load()})
  start to /readyz 200   tsx ${tsx.start.toFixed(0)} ms, compiled ${compiled.start.toFixed(0)} ms: compiled/tsx ${verdict(compiled.start / tsx.start, 0.5)}
  idle RSS, whole tree   tsx ${tsx.tree.toFixed(0)} MB, compiled ${compiled.tree.toFixed(0)} MB: compiled/tsx ${verdict(compiled.tree / tsx.tree, 0.7)}
  idle RSS, server only  tsx ${tsx.own.toFixed(0)} MB, compiled ${compiled.own.toFixed(0)} MB: compiled/tsx ${((compiled.own / tsx.own) * 100).toFixed(0)} %`)
