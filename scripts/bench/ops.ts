/**
 * npm run bench:ops [-- --duration 8 --rounds 3 --connections 64]
 *
 * On the bench catalog of bench:catalog (100k videos, 50k image sets, 10k models; made with
 * the bulk seed when missing), side by side in one run:
 *   1. what metrics cost: page 1 of the videos list on a server without metrics and on one
 *      with them (METRICS_PORT, scraped every 5 s as Prometheus would), both running and
 *      loaded in turn, `rounds` times each with the order alternating, for an anonymous
 *      visitor (the cached path, where a fixed cost per request shows most) and a signed-in
 *      user; target: with metrics >= 0.97x the requests per second without. Beside req/s it
 *      prints the server process's CPU time per request (from /proc), which a machine busy
 *      with other work disturbs far less than req/s;
 *   2. the time of a backup of that database (scripts/backup.ts as its own process, as the
 *      worker's nightly job is; database only); target: under 60 s;
 *   3. the signed-in list's p99 while such a backup runs, against the same load without it;
 *      target: at most 2x.
 *
 * The database lives in DATA_DIR (default .data/bench) on EMBEDDED_PG_PORT, or DATABASE_URL.
 * The servers listen on PORT and PORT+1, the second one's metrics on METRICS_PORT (default
 * PORT+2); backups go to DATA_DIR/backups (the newest two are kept).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { formatRow, listTargets, load, loadWhile, openBenchDatabase, startProcess, stopProcess, type Measured, type Target } from './support.js'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
  },
})
const duration = Number(args.duration)
const rounds = Number(args.rounds)
const connections = Number(args.connections)
const plainPort = Number(process.env.PORT ?? 3000)
const observedPort = plainPort + 1
const metricsPort = Number(process.env.METRICS_PORT ?? plainPort + 2)

const bench = await openBenchDatabase({ videos: 100_000, imageSets: 50_000, models: 10_000 })
const backupDir = path.resolve(process.env.DATA_DIR!, 'backups')
const children: ChildProcess[] = []
let scraper: NodeJS.Timeout | null = null

try {
  const cost = await measureMetricsCost()
  const backup = await measureBackup()
  console.log(`\nSide by side (${connections} connections):`)
  for (const [kind, { without, withMetrics }] of Object.entries(cost)) {
    const ratio = withMetrics.rps / without.rps
    console.log(`  ${kind.padEnd(10)} list  without metrics ${without.rps.toFixed(0).padStart(6)} req/s   with ${withMetrics.rps.toFixed(0).padStart(6)} req/s   ratio ${ratio.toFixed(3)}   target >= 0.97   ${ratio >= 0.97 ? 'ok' : 'MISSED'}`)
    console.log(`  ${''.padEnd(10)}       server CPU per request  without ${without.cpuMicros.toFixed(0).padStart(5)} µs   with ${withMetrics.cpuMicros.toFixed(0).padStart(5)} µs   ratio ${(withMetrics.cpuMicros / without.cpuMicros).toFixed(3)}`)
  }
  console.log(`  backup of the bench database      ${backup.alone.seconds.toFixed(1)} s (${(backup.alone.bytes / 1048576).toFixed(0)} MiB archive of ${(backup.dataBytes / 1048576).toFixed(0)} MiB of databases)   target < 60 s   ${backup.alone.seconds < 60 ? 'ok' : 'MISSED'}`)
  const ratio = backup.during.p99 / backup.quiet.p99
  console.log(`  signed-in list p99  without backup ${backup.quiet.p99} ms   during backup ${backup.during.p99} ms (backup ${backup.loaded.seconds.toFixed(1)} s)   ratio ${ratio.toFixed(2)}   target <= 2   ${ratio <= 2 ? 'ok' : 'MISSED'}`)
} finally {
  if (scraper) clearInterval(scraper)
  for (const child of children) await stopProcess(child)
  await bench.close()
}

interface Costed extends Measured {
  /** Server CPU time (user + system) per request answered. */
  cpuMicros: number
}

/** Both servers up; each kind of request loaded on one, then the other, `rounds` times. */
async function measureMetricsCost() {
  const plainServer = await startProcess('server/main.ts', plainPort, bench.url)
  const observedServer = await startProcess('server/main.ts', observedPort, bench.url, { METRICS_PORT: String(metricsPort) })
  children.push(plainServer, observedServer)
  scraper = setInterval(() => void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()).catch(() => undefined), 5000)
  const plain = listTargets(plainPort, bench.token)
  const observed = listTargets(observedPort, bench.token)
  const result: Record<'anonymous' | 'signedIn', { without: Costed; withMetrics: Costed }> = {} as never
  for (const kind of ['anonymous', 'signedIn'] as const) {
    await load(plain[kind], 2, connections) // warm up
    await load(observed[kind], 2, connections)
    const runs: { without: Costed[]; withMetrics: Costed[] } = { without: [], withMetrics: [] }
    for (let round = 0; round < rounds; round++) {
      const order: Array<['without' | 'withMetrics', Target, ChildProcess]> = [['without', plain[kind], plainServer], ['withMetrics', observed[kind], observedServer]]
      if (round % 2) order.reverse()
      for (const [which, target, server] of order) {
        const cpuBefore = await cpuSeconds(server.pid!)
        const measured = await load(target, duration, connections)
        const cpuMicros = (((await cpuSeconds(server.pid!)) - cpuBefore) / Math.max(1, measured.total)) * 1e6
        runs[which].push({ ...measured, cpuMicros })
        console.log(`${formatRow(`${kind} ${which === 'without' ? 'without metrics' : 'with metrics'} #${round + 1}`, measured)}  CPU ${cpuMicros.toFixed(0)} µs/request`)
      }
    }
    result[kind] = { without: mean(runs.without), withMetrics: mean(runs.withMetrics) }
  }
  clearInterval(scraper)
  scraper = null
  await stopProcess(children.shift()!)
  return result
}

/** CPU time (user + system) a process has used, from /proc (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // After the command: state(0) ... utime(11) stime(12), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** The backup alone; the signed-in list's load without a backup; the same load during one. */
async function measureBackup() {
  const dataBytes = Number((await bench.client.query<{ bytes: string }>(`select sum(pg_database_size(datname))::text as bytes from pg_database`)).rows[0]!.bytes)
  const alone = await runBackup()
  console.log(`backup alone: ${alone.seconds.toFixed(1)} s, ${(alone.bytes / 1048576).toFixed(0)} MiB`)
  const target = listTargets(observedPort, bench.token).signedIn
  const quiet = await load(target, Math.max(10, Math.ceil(alone.seconds)), connections)
  console.log(formatRow('signed-in list, no backup', quiet))
  let loaded = { seconds: 0, bytes: 0 }
  const during = await loadWhile(target, connections, runBackup().then((result) => (loaded = result)))
  console.log(formatRow('signed-in list, during a backup', during))
  return { alone, quiet, during, loaded, dataBytes }
}

/** `npm run backup`'s script as its own process; its wall time and the archive's size. */
async function runBackup(): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
    env: { ...process.env, DATABASE_URL: bench.url, BACKUP_DIR: backupDir, BACKUP_MEDIA: 'false', BACKUP_KEEP: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the backup failed (${code}): ${output}`)
  const file = output.match(/^(\S+\.tar\.gz):/m)?.[1]
  if (!file) throw new Error(`no backup file in: ${output}`)
  return { seconds: (performance.now() - started) / 1000, bytes: (await fs.stat(file)).size }
}

function mean(runs: Costed[]): Costed {
  const avg = (pick: (m: Costed) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length
  return {
    total: runs.reduce((sum, m) => sum + m.total, 0),
    rps: avg((m) => m.rps),
    p50: avg((m) => m.p50),
    p99: avg((m) => m.p99),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
    cpuMicros: avg((m) => m.cpuMicros),
  }
}
