/**
 * npm run bench:age [-- --lookups 200000 --duration 10 --connections 32 --rounds 3 --lookups-only]
 *
 * What age assurance costs per request, with and without, in one run:
 *   1. in this process: the resolver (place from the IP databases or a CDN header, then the
 *      policy's rule) over random public addresses, against the same loop answering the open
 *      answer; µs per request and the difference (target: at most 100 µs), and the memory the
 *      databases take: the slimmed copy the server reads (dist/geoip, scripts/geoip) and the
 *      npm packages as they are;
 *   2. over HTTP: the server-rendered home page (/en, brotli) from three server processes, one
 *      answering every request as open (no lookup), one running the policy as shipped and one
 *      running it on the unslimmed npm data, behind TRUST_PROXY with a random public address of
 *      an open country per request (so all serve the same page); the variants take turns
 *      (`--rounds`); the median and the worst run of each, req/s and the ratio of the medians to
 *      open (target: at least 0.95 as shipped).
 *
 * Database: the bench database (DATA_DIR .data/bench, EMBEDDED_PG_PORT or DATABASE_URL), topped
 * up to a small catalog if empty. Servers on PORT to PORT+2. `npm run build` first (dist/geoip).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { loadConfig } from '../../core/config.js'
import { OPEN_ACCESS } from '../../core/domain/age/access.js'
import { createAgeAssurance } from '../../core/services/age/assurance.js'
import { databaseFiles } from '../../core/services/age/locate.js'
import { machineLoad, openBenchDatabase, waitFor } from './support.js'

const { values: args } = parseArgs({
  options: {
    lookups: { type: 'string', default: '200000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    'lookups-only': { type: 'boolean', default: false },
  },
})
const lookups = Number(args.lookups)
const basePort = Number(process.env.PORT ?? 3000)
const secret = 'bench-secret-bench-secret-bench-secret-01'
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

// A fixed pseudo-random sequence of public IPv4 addresses (and a share of IPv6 ones).
let seed = 42
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0)
function randomIpv4(): string {
  for (;;) {
    const a = (next() >>> 24) % 224
    if (a === 0 || a === 10 || a === 127 || a === 100 || a === 169 || a === 172 || a === 192) continue
    return `${a}.${next() & 255}.${next() & 255}.${next() & 255}`
  }
}
const IPV6_PREFIXES = ['2600:1700', '2601:600', '2a00:1450', '2001:41d0', '2a01:4f8', '2405:200', '2c0f:f248', '2803:9810']
const randomIpv6 = () => `${IPV6_PREFIXES[next() % IPV6_PREFIXES.length]}:${(next() & 0xffff).toString(16)}::${(next() & 0xffff).toString(16)}`
const addresses = Array.from({ length: lookups }, (_, i) => (i % 5 === 4 ? randomIpv6() : randomIpv4()))

// 1. In process.
const config = loadConfig({
  ...process.env,
  APP_SECRET: secret,
  TRUST_PROXY: 'true',
  PUBLIC_URL: 'https://club.example.com',
  SMTP_URL: 'smtp://mail.example.com',
  BILLING_PROVIDER: 'demo',
  DEMO_CHECKOUT: 'true',
})
console.log(`age assurance, default policy; ${machineLoad()}`)
// The npm packages' files as an operator's folder (AGE_GEOIP_DIR) of links.
const npmDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-bench-geoip-'))
for (const file of Object.values(databaseFiles(null, null))) fs.symlinkSync(file, path.join(npmDir, path.basename(file)))
process.on('exit', () => fs.rmSync(npmDir, { recursive: true, force: true }))

async function warmResolver(what: string, geoipDir: string | null) {
  const rssBefore = process.memoryUsage().rss
  const { resolver, locator } = await createAgeAssurance(
    { ...config, age: { ...config.age, geoipDir } },
    {
      orm: { em: null as never },
      onError: (error) => console.error(error),
    },
  )
  for (const address of addresses.slice(0, 20_000)) await resolver.resolve(address, {}, {})
  const rssAfter = process.memoryUsage().rss
  console.log(`${what}: read ${locator.filesRead().join(', ')} (resident memory +${mb(rssAfter - rssBefore)})`)
  return resolver
}
const npmResolver = await warmResolver('the npm packages', npmDir)
const slimResolver = await warmResolver('as shipped (slimmed)', config.age.geoipDir)

function timeLoop(each: (address: string) => unknown): number {
  const started = process.hrtime.bigint()
  let sink = 0
  for (const address of addresses) sink += (each(address) as { outcome?: string }) ? 1 : 0
  if (sink < 0) console.log(sink)
  return Number(process.hrtime.bigint() - started) / 1000 / addresses.length
}
const headers = { 'cf-ipcountry': 'FR' }
const rows: Array<[string, number]> = []
for (let round = 0; round < 3; round++) {
  rows.push(['without (open answer)', timeLoop(() => OPEN_ACCESS)])
  rows.push(['with: npm databases', timeLoop((address) => npmResolver.resolve(address, {}, {}))])
  rows.push(['with: slimmed databases', timeLoop((address) => slimResolver.resolve(address, {}, {}))])
  rows.push(['with: CDN header', timeLoop((address) => slimResolver.resolve(address, headers, {}))])
}
const best = (name: string) => Math.min(...rows.filter(([row]) => row === name).map(([, us]) => us))
const without = best('without (open answer)')
for (const name of ['without (open answer)', 'with: npm databases', 'with: slimmed databases', 'with: CDN header']) {
  console.log(
    `  ${name.padEnd(24)} ${best(name).toFixed(3).padStart(8)} µs/request${name === 'without (open answer)' ? '' : `  (+${(best(name) - without).toFixed(3)} µs)`}`,
  )
}
const added = best('with: slimmed databases') - without
const addedNpm = best('with: npm databases') - without
console.log(`target: the lookup adds at most 100 µs per request: +${added.toFixed(2)} µs ${added <= 100 ? 'ok' : 'MISSED'}`)
console.log(`  with the npm databases as they are: +${addedNpm.toFixed(2)} µs ${addedNpm <= 100 ? 'ok' : 'MISSED'}\n`)
if (args['lookups-only']) process.exit(0)

// 2. Over HTTP.
const openIps: string[] = []
for (const address of addresses) {
  if (openIps.length >= 2000) break
  const access = await slimResolver.resolve(address, {}, {})
  if (access.outcome === 'open' && access.jurisdiction.country) openIps.push(address)
}
const bench = await openBenchDatabase({ videos: 2000, imageSets: 500, models: 200 })

type Variant = 'open' | 'policy' | 'policy, npm data'
const VARIANTS: Variant[] = ['open', 'policy', 'policy, npm data']

function startServer(port: number, variant: Variant): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/age-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: bench.url,
      APP_SECRET: secret,
      TRUST_PROXY: 'true',
      BENCH_AGE: variant === 'open' ? 'open' : 'policy',
      ...(variant === 'policy, npm data' ? { AGE_GEOIP_DIR: npmDir } : {}),
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return waitFor(`http://127.0.0.1:${port}/readyz`).then(() => child)
}

interface Run {
  rps: number
  p99: number
  errors: number
}

async function measure(port: number): Promise<Run> {
  let n = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(args.connections),
    duration: Number(args.duration),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: '/en',
          headers: { ...request.headers, 'accept-encoding': 'br', 'x-forwarded-for': openIps[n++ % openIps.length]! },
        }),
      },
    ],
  })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts }
}

const servers = await Promise.all(VARIANTS.map((variant, i) => startServer(basePort + i, variant)))
try {
  for (const [i] of VARIANTS.entries()) await measure(basePort + i)
  const runs = new Map<Variant, Run[]>(VARIANTS.map((variant) => [variant, []]))
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const [i, variant] of VARIANTS.entries()) {
      const result = await measure(basePort + i)
      console.log(
        `round ${round} ${variant.padEnd(16)} home page ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${result.p99} ms${result.errors ? `  (${result.errors} errors)` : ''}  ${machineLoad()}`,
      )
      runs.get(variant)!.push(result)
    }
  }
  const median = (variant: Variant) => {
    const sorted = runs.get(variant)!.toSorted((a, b) => a.rps - b.rps)
    return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, worst: sorted[0]! }
  }
  const open = median('open')
  console.log('')
  for (const variant of VARIANTS) {
    const { median: run, worst } = median(variant)
    const ratio = run.rps / open.median.rps
    const verdict = variant === 'policy' ? `; target >= 0.95 ${ratio >= 0.95 ? 'ok' : 'MISSED'}` : ''
    console.log(
      `home page, ${variant.padEnd(16)} median ${run.rps.toFixed(0).padStart(6)} req/s (worst ${worst.rps.toFixed(0)}), p99 ${run.p99} ms; ratio to open ${ratio.toFixed(3)}${verdict}`,
    )
  }
} finally {
  // The servers store their counters as they close: the database stops after them.
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('exit', resolve).kill('SIGTERM'))))
  await bench.close()
}
