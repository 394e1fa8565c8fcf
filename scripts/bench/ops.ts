/**
 * npm run bench:ops [-- --duration 8 --rounds 3 --connections 64]
 *
 * On the bench catalog of bench:catalog (100k videos, 50k image sets, 10k models; made with
 * the bulk seed when missing), side by side in one run:
 *   1. what metrics cost: page 1 of the videos list on a server without metrics and on one
 *      with them (METRICS_PORT, scraped every 5 s as Prometheus would), both running and
 *      loaded at the same time (half the connections each), `rounds` times, for an anonymous
 *      visitor (the cached path, where a fixed cost per request shows most) and a signed-in
 *      user; target: with metrics >= 0.97x the requests per second without. Beside req/s it
 *      prints the server process's CPU time per request (from /proc). Before that, the same
 *      two servers are built in the bench process and called through app.inject in small
 *      interleaved batches, timed by CPU time: on a machine busy with other work this is
 *      the steadier measure of the cost;
 *   2. the time of a backup of that database (cli/backup.ts as its own process at a lower
 *      priority, as the worker's nightly job runs it; database only); target: under 60 s;
 *   3. the signed-in list's p99 while such a backup runs, against the same load without it;
 *      target: at most 2x.
 *
 * `--control` starts the second server without metrics too: the ratio then shows the noise of
 * the method on this machine.
 *
 * The database lives in DATA_DIR (default .data/bench) on EMBEDDED_PG_PORT, or DATABASE_URL.
 * The servers listen on PORT and on a free port, the second one's metrics on METRICS_PORT (or
 * a free port); backups go to DATA_DIR/backups (the newest two are kept).
 */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Registry } from 'prom-client'
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../core/config.js'
import { openOrm } from '../../core/db/orm.js'
import { ServerMetrics } from '../../server/metrics/server-metrics.js'
import { BACKUP_EXIT, runBackupProcess } from '../../worker/backup-process.js'
import { cpuSplit } from './cpu.js'
import { formatRow, freePort, listTargets, load, loadWhile, openBenchDatabase, startProcess, stopProcess, type Measured, type Target } from './support.js'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
    /** Both servers without metrics: the ratio then shows the method's own noise. */
    control: { type: 'boolean', default: false },
  },
})
const duration = Number(args.duration)
const rounds = Number(args.rounds)
const connections = Number(args.connections)
const plainPort = Number(process.env.PORT ?? 3000)
const observedPort = await freePort()
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : await freePort()

const bench = await openBenchDatabase({ videos: 100_000, imageSets: 50_000, models: 10_000 })
const backupDir = path.resolve(process.env.DATA_DIR!, 'backups')
const children: ChildProcess[] = []
let scraper: NodeJS.Timeout | null = null

try {
  const inProcess = await measureInProcess()
  const cost = await measureMetricsCost()
  const backup = await measureBackup()
  console.log(`\nSide by side (${connections} connections):`)
  for (const [kind, { without, withMetrics, ratios }] of Object.entries(inProcess)) {
    const sorted = [...ratios].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    console.log(
      `  ${kind.padEnd(10)} list  in-process CPU per request (app.inject, interleaved): without ${without.toFixed(1)} µs   with ${withMetrics.toFixed(1)} µs   cost ${((withMetrics / without - 1) * 100).toFixed(1)} % (median of batches ${((median - 1) * 100).toFixed(1)} %)   target <= 3 %   ${withMetrics / without <= 1.03 ? 'ok' : 'MISSED'}`,
    )
  }
  for (const [kind, { without, withMetrics, ratios }] of Object.entries(cost)) {
    const ratio = withMetrics.rps / without.rps
    const spread = `rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}`
    console.log(
      `  ${kind.padEnd(10)} list  without metrics ${without.rps.toFixed(0).padStart(6)} req/s   with ${withMetrics.rps.toFixed(0).padStart(6)} req/s   ratio ${ratio.toFixed(3)} (${spread})   target >= 0.97   ${ratio >= 0.97 ? 'ok' : 'MISSED'}`,
    )
    console.log(
      `  ${''.padEnd(10)}       server CPU per request  without ${without.cpuMicros.toFixed(0).padStart(5)} µs   with ${withMetrics.cpuMicros.toFixed(0).padStart(5)} µs   ratio ${(withMetrics.cpuMicros / without.cpuMicros).toFixed(3)}`,
    )
  }
  console.log(
    `  backup of the bench database      ${backup.alone.seconds.toFixed(1)} s (${(backup.alone.bytes / 1048576).toFixed(0)} MiB archive of ${(backup.dataBytes / 1048576).toFixed(0)} MiB of databases)   target < 60 s   ${backup.alone.seconds < 60 ? 'ok' : 'MISSED'}`,
  )
  const ratio = backup.during.p99 / backup.quiet.p99
  console.log(
    `  signed-in list p99  without backup ${backup.quiet.p99} ms   during backup ${backup.during.p99} ms (backup ${backup.loaded.seconds.toFixed(1)} s)   ratio ${ratio.toFixed(2)}   target <= 2   ${ratio <= 2 ? 'ok' : 'MISSED'}`,
  )
} finally {
  if (scraper) clearInterval(scraper)
  for (const child of children) await stopProcess(child)
  await bench.close()
}

interface Costed extends Measured {
  /** Server CPU time (user + system) per request answered. */
  cpuMicros: number
}

/**
 * Both servers up and loaded at the same time, each by its own autocannon with half the
 * connections, `rounds` times: whatever else the machine does then slows both alike, which
 * loading them one after the other cannot promise on a shared machine.
 */
async function measureMetricsCost() {
  const plainServer = await startProcess('server/main.ts', plainPort, bench.url)
  const observedServer = await startProcess('server/main.ts', observedPort, bench.url, args.control ? {} : { METRICS_PORT: String(metricsPort) })
  children.push(plainServer, observedServer)
  if (args.control) console.log('control run: the second server has no metrics either')
  scraper = setInterval(
    () =>
      void fetch(`http://127.0.0.1:${metricsPort}/metrics`)
        .then((r) => r.text())
        .catch(() => undefined),
    5000,
  )
  const plain = listTargets(plainPort, bench.token)
  const observed = listTargets(observedPort, bench.token)
  const half = Math.max(1, Math.round(connections / 2))
  const result: Record<'anonymous' | 'signedIn', { without: Costed; withMetrics: Costed; ratios: number[] }> = {} as never
  for (const kind of ['anonymous', 'signedIn'] as const) {
    await Promise.all([load(plain[kind], 2, half), load(observed[kind], 2, half)]) // warm up
    const runs: { without: Costed[]; withMetrics: Costed[] } = { without: [], withMetrics: [] }
    for (let round = 0; round < rounds; round++) {
      const [without, withMetrics] = await Promise.all([costed(plainServer, plain[kind], half), costed(observedServer, observed[kind], half)])
      runs.without.push(without)
      runs.withMetrics.push(withMetrics)
      console.log(`${formatRow(`${kind} without metrics #${round + 1}`, without)}  CPU ${without.cpuMicros.toFixed(0)} µs/request`)
      console.log(`${formatRow(`${kind} with metrics    #${round + 1}`, withMetrics)}  CPU ${withMetrics.cpuMicros.toFixed(0)} µs/request`)
    }
    result[kind] = { without: mean(runs.without), withMetrics: mean(runs.withMetrics), ratios: runs.withMetrics.map((m, i) => m.rps / runs.without[i]!.rps) }
  }
  clearInterval(scraper)
  scraper = null
  await stopProcess(children.shift()!)
  return result
}

/** One load on one server, with the server's CPU time per request answered. */
async function costed(server: ChildProcess, target: Target, connections: number): Promise<Costed> {
  const before = await cpuSeconds(server.pid!)
  const measured = await load(target, duration, connections)
  return { ...measured, cpuMicros: (((await cpuSeconds(server.pid!)) - before) / Math.max(1, measured.total)) * 1e6 }
}

/**
 * The same two servers built in this process on one database, called through the whole
 * Fastify stack with app.inject (no sockets, so the fixed cost per request is smaller and a
 * metric's share larger than over HTTP), in small batches taking turns, timed by this
 * process's CPU time: slow drifts of a shared machine fall on both alike.
 */
async function measureInProcess() {
  const orm = await openOrm(bench.url, { pool: 4 })
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', METRICS_PORT: '' })
  const metrics = new ServerMetrics(new Registry(), () => orm.em.getDriver().getConnection().getNativeClient(), 4)
  const plain = await buildApp({ config, orm })
  const observed = await buildApp({ config, orm, metrics })
  // The public answers are cached once each server listens for catalog changes.
  await Promise.all([plain.catalogChangesReady, observed.catalogChangesReady])
  const { anonymous, signedIn } = listTargets(0, bench.token)
  const result: Record<'anonymous' | 'signedIn', { without: number; withMetrics: number; ratios: number[] }> = {} as never
  try {
    for (const [kind, target, batch, batches] of [
      ['anonymous', anonymous, 200, 60],
      ['signedIn', signedIn, 50, 40],
    ] as const) {
      const url = target.url.replace(/^http:\/\/[^/]+/, '')
      const call = async (app: typeof plain, n: number) => {
        const started = process.cpuUsage()
        for (let i = 0; i < n; i++) {
          const res = await app.inject({ method: 'GET', url, headers: target.headers })
          if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode}`)
        }
        const used = process.cpuUsage(started)
        return (used.user + used.system) / n
      }
      await call(plain, batch * 3) // warm up
      await call(observed, batch * 3)
      const totals = { without: 0, withMetrics: 0 }
      const ratios: number[] = []
      for (let round = 0; round < batches; round++) {
        const first = round % 2 ? observed : plain
        const a = await call(first, batch)
        const b = await call(first === plain ? observed : plain, batch)
        const [without, withMetrics] = first === plain ? [a, b] : [b, a]
        totals.without += without
        totals.withMetrics += withMetrics
        ratios.push(withMetrics / without)
      }
      result[kind] = { without: totals.without / batches, withMetrics: totals.withMetrics / batches, ratios }
      console.log(`${kind} in-process: without ${result[kind].without.toFixed(1)} µs, with ${result[kind].withMetrics.toFixed(1)} µs CPU per request`)
    }
  } finally {
    await plain.close()
    await observed.close()
    await orm.close()
  }
  return result
}

/** CPU time (user + system) a process has used, from /proc (Linux). */
const cpuSeconds = async (pid: number): Promise<number> => (await cpuSplit(pid)).own

/** The backup alone; the signed-in list's load without a backup; the same load during one. */
async function measureBackup() {
  const dataBytes = Number(
    (await bench.client.query<{ bytes: string }>(`select sum(pg_database_size(datname))::text as bytes from pg_database`)).rows[0]!.bytes,
  )
  const alone = await runBackup()
  console.log(`backup alone: ${alone.seconds.toFixed(1)} s, ${(alone.bytes / 1048576).toFixed(0)} MiB`)
  const target = listTargets(observedPort, bench.token).signedIn
  const quiet = await load(target, Math.max(10, Math.ceil(alone.seconds)), connections)
  console.log(formatRow('signed-in list, no backup', quiet))
  let loaded = { seconds: 0, bytes: 0 }
  const during = await loadWhile(
    target,
    connections,
    runBackup().then((result) => (loaded = result)),
  )
  console.log(formatRow('signed-in list, during a backup', during))
  return { alone, quiet, during, loaded, dataBytes }
}

/** The nightly task's backup process (cli/backup.ts at a lower priority); its wall time and size. */
async function runBackup(): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now()
  const config = loadConfig({ ...process.env, DATABASE_URL: bench.url, BACKUP_DIR: backupDir, BACKUP_MEDIA: 'false', BACKUP_KEEP: '2' })
  const { code, lines } = await runBackupProcess(config)
  if (code !== BACKUP_EXIT.done) throw new Error(`the backup failed (${code}): ${lines.join('\n')}`)
  const file = lines.map((line) => line.match(/^(\S+\.tar\.gz):/)?.[1]).find(Boolean)
  if (!file) throw new Error(`no backup file in: ${lines.join('\n')}`)
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
