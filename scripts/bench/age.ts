/**
 * npm run bench:age [-- --lookups 200000 --duration 10 --connections 32 --rounds 2 --lookups-only]
 *
 * What age assurance costs per request, with and without, in one run:
 *   1. in this process: the resolver (place from the IP databases or a CDN header, then the
 *      policy's rule) over random public addresses, against the same loop answering the open
 *      answer; µs per request and the difference (target: at most 100 µs), and the memory the
 *      databases take; the same with the container image's slimmed databases (scripts/geoip);
 *   2. over HTTP: the server-rendered home page (/en, brotli) from two server processes, one
 *      answering every request as open (no lookup) and one running the policy, behind
 *      TRUST_PROXY with a random public address of an open country per request (so both serve
 *      the same page); the variants take turns (`--rounds`), each keeps its best run; req/s and
 *      the ratio (target: at least 0.95).
 *
 * Database: the bench database (DATA_DIR .data/bench, EMBEDDED_PG_PORT or DATABASE_URL), topped
 * up to a small catalog if empty. Servers on PORT and PORT+1. Builds the client first.
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
import { writeSlimGeoipFolder } from '../geoip/dbip.js'
import { machineLoad, openBenchDatabase, waitFor } from './support.js'

const { values: args } = parseArgs({
  options: {
    lookups: { type: 'string', default: '200000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '2' },
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
async function warmResolver(what: string, geoipDir: string | undefined) {
  const rssBefore = process.memoryUsage().rss
  const { resolver, locator } = createAgeAssurance(geoipDir ? { ...config, age: { ...config.age, geoipDir } } : config, {
    orm: { em: null as never },
    onError: (error) => console.error(error),
  })
  for (const address of addresses.slice(0, 20_000)) await resolver.resolve(address, {}, {})
  const rssAfter = process.memoryUsage().rss
  console.log(
    `${what}: in memory ${Object.entries(locator.loaded())
      .filter(([, yes]) => yes)
      .map(([name]) => name)
      .join(', ')} (resident memory +${mb(rssAfter - rssBefore)})`,
  )
  return resolver
}
const resolver = await warmResolver(`databases ${config.age.geoipDir ?? 'of the npm packages'}`, undefined)
const slimDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-bench-geoip-'))
writeSlimGeoipFolder(slimDir)
const slimResolver = await warmResolver("the image's slimmed databases", slimDir)
fs.rmSync(slimDir, { recursive: true, force: true })

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
  rows.push(['with: IP databases', timeLoop((address) => resolver.resolve(address, {}, {}))])
  rows.push(['with: slimmed databases', timeLoop((address) => slimResolver.resolve(address, {}, {}))])
  rows.push(['with: CDN header', timeLoop((address) => resolver.resolve(address, headers, {}))])
}
const best = (name: string) => Math.min(...rows.filter(([row]) => row === name).map(([, us]) => us))
const without = best('without (open answer)')
for (const name of ['without (open answer)', 'with: IP databases', 'with: slimmed databases', 'with: CDN header']) {
  console.log(
    `  ${name.padEnd(24)} ${best(name).toFixed(3).padStart(8)} µs/request${name === 'without (open answer)' ? '' : `  (+${(best(name) - without).toFixed(3)} µs)`}`,
  )
}
const added = best('with: IP databases') - without
const addedSlim = best('with: slimmed databases') - without
console.log(`target: the lookup adds at most 100 µs per request: +${added.toFixed(2)} µs ${added <= 100 ? 'ok' : 'MISSED'}`)
console.log(`  with the image's slimmed databases: +${addedSlim.toFixed(2)} µs ${addedSlim <= 100 ? 'ok' : 'MISSED'}\n`)
if (args['lookups-only']) process.exit(0)

// 2. Over HTTP.
const openIps: string[] = []
for (const address of addresses) {
  if (openIps.length >= 2000) break
  const access = await resolver.resolve(address, {}, {})
  if (access.outcome === 'open' && access.jurisdiction.country) openIps.push(address)
}
const bench = await openBenchDatabase({ videos: 2000, imageSets: 500, models: 200 })

function startServer(port: number, mode: 'open' | 'policy'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/age-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: bench.url,
      APP_SECRET: secret,
      TRUST_PROXY: 'true',
      BENCH_AGE: mode,
      METRICS_PORT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return waitFor(`http://127.0.0.1:${port}/readyz`).then(() => child)
}

async function measure(port: number): Promise<{ rps: number; p99: number; errors: number }> {
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

const servers = [await startServer(basePort, 'open'), await startServer(basePort + 1, 'policy')]
try {
  await measure(basePort)
  await measure(basePort + 1)
  const bestOf: Record<'open' | 'policy', { rps: number; p99: number; errors: number } | null> = { open: null, policy: null }
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const [mode, port] of [
      ['open', basePort],
      ['policy', basePort + 1],
    ] as const) {
      const result = await measure(port)
      console.log(
        `round ${round} ${mode.padEnd(7)} home page ${result.rps.toFixed(0).padStart(6)} req/s  p99 ${result.p99} ms${result.errors ? `  (${result.errors} errors)` : ''}  ${machineLoad()}`,
      )
      if (!bestOf[mode] || result.rps > bestOf[mode]!.rps) bestOf[mode] = result
    }
  }
  const ratio = bestOf.policy!.rps / bestOf.open!.rps
  console.log(
    `\nhome page with the policy / without: ${bestOf.policy!.rps.toFixed(0)} / ${bestOf.open!.rps.toFixed(0)} req/s = ${ratio.toFixed(3)}; target >= 0.95 ${ratio >= 0.95 ? 'ok' : 'MISSED'}`,
  )
} finally {
  for (const server of servers) server.kill('SIGTERM')
  await bench.close()
}
