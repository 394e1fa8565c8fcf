/**
 * npm run bench:catalog-compare -- <checkout> [<checkout> …] [--rounds 4 --seconds 8]
 *
 * The catalog list of several builds of the server side by side, in one run, on the bench
 * database of bench:catalog: each checkout (a folder holding the server's source at some
 * commit, e.g. `git worktree add ../before <commit>` with `node_modules` linked from here)
 * is started in turn on the same port and database, and loaded with 64 connections on page 1
 * of the videos list as a visitor and as a signed-in user. The checkouts take turns round
 * after round (so the machine's drift falls on all of them), and the script prints each one's
 * median req/s and p99 and its ratio to the first. This is how a refactoring shows it left the
 * speed alone: the same bench, before and after, in one run.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { listTargets, load, machineLoad, openBenchDatabase, waitFor, type Measured } from './support.js'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '4' }, seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '64' } },
})
if (!positionals.length) throw new Error('name at least one checkout folder (see the comment at the top)')
const checkouts = positionals.map((dir) => path.resolve(dir))
const port = Number(process.env.PORT ?? 3470)
const seconds = Number(args.seconds)
const connections = Number(args.connections)

const bench = await openBenchDatabase({ videos: 100000, imageSets: 50000, models: 10000 })
const lists = listTargets(port, bench.token)
const results = new Map(checkouts.map((dir) => [dir, { anonymous: [] as Measured[], signedIn: [] as Measured[] }]))

/** Starts the checkout's server, warms it, loads both lists once, stops it. */
async function measure(dir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATABASE_URL: bench.url, LOG_LEVEL: 'warn', APP_SECRET: 'bench-secret-bench-secret-bench-secret-01' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitFor(lists.anonymous.url)
    await load(lists.anonymous, 2, connections)
    results.get(dir)!.anonymous.push(await load(lists.anonymous, seconds, connections))
    await load(lists.signedIn, 2, connections)
    results.get(dir)!.signedIn.push(await load(lists.signedIn, seconds, connections))
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
try {
  console.log(`catalog list, ${connections} connections, ${seconds} s per load, ${args.rounds} rounds; ${machineLoad()}`)
  for (let round = 0; round < Number(args.rounds); round++) {
    // Alternate the order too, so no checkout always runs first.
    for (const dir of round % 2 ? [...checkouts].reverse() : checkouts) await measure(dir)
  }
  const first = results.get(checkouts[0]!)!
  for (const kind of ['anonymous', 'signedIn'] as const) {
    console.log(`\n${kind === 'anonymous' ? 'visitor' : 'signed-in user'}: median req/s (each round), median p99, ratio to the first`)
    for (const dir of checkouts) {
      const runs = results.get(dir)![kind]
      const rps = median(runs.map((run) => run.rps))
      const ratio = rps / median(first[kind].map((run) => run.rps))
      const errors = runs.reduce((sum, run) => sum + run.errors, 0)
      console.log(
        `  ${path.basename(dir).padEnd(24)} ${rps.toFixed(0).padStart(6)} req/s (${runs.map((run) => run.rps.toFixed(0)).join(', ')})  p99 ${median(runs.map((run) => run.p99))} ms  ${ratio.toFixed(2)}x${errors ? `  ${errors} errors` : ''}`,
      )
    }
  }
  console.log(`\n${machineLoad()}`)
} finally {
  await bench.close()
}
