/**
 * npm run demo:cluster: the deployment of docs/operations.md, "Several servers and workers", on one
 * machine. One embedded PostgreSQL, a local S3-compatible server, two server processes and two
 * worker processes (MEDIA_STORE=s3), and HAProxy in front of the servers as the load
 * balancer, with the configuration of compose.yaml (deploy/haproxy.cfg). Seeds the demo catalog
 * into the bucket when the database is empty. Ctrl-C stops HAProxy, the processes
 * (gracefully), the S3 server and PostgreSQL.
 *
 * PORT (default 3300) is HAProxy's; the servers take PORT+1 and PORT+2, the S3 server PORT+3,
 * HAProxy's statistics page PORT+4; EMBEDDED_PG_PORT defaults to 54390, DATA_DIR to .data/cluster.
 */
import path from 'node:path'
import { prepareEnvironment, ensureDatabase, onShutdownSignal } from '../../core/bootstrap.js'
import { ConfigError, loadConfig } from '../../core/config.js'
import type { EmbeddedDatabase } from '../../core/db/embedded-postgres.js'
import { build, buildIsCurrent } from '../client-build.js'
import { localS3Env, startLocalS3 } from '../s3-server.js'
import { Supervisor } from '../supervisor.js'
import { HAPROXY_MISSING, haproxyBinary, isReady, startHaproxy, type Haproxy } from './haproxy.js'
import { clusterProcesses } from './processes.js'

const log = (line: string) => console.log(`[cluster] ${line}`)
if (!haproxyBinary()) {
  console.error(HAPROXY_MISSING)
  process.exit(1)
}
const BUCKET = 'streamclub-media'

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/cluster')
const port = Number(process.env.PORT ?? 3300)
const publicUrl = `http://localhost:${port}`
process.env.EMBEDDED_PG_PORT ??= '54390'

// The launcher's own configuration (the seed's): the cluster's data folder and bucket.
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: publicUrl, MEDIA_DIR: path.join(dataDir, 'seed-media') }
prepareEnvironment(env)

const s3 = await startLocalS3(port + 3, path.join(dataDir, 's3'), [BUCKET], { keep: true })
const s3Env = localS3Env(s3.endpoint, BUCKET)
Object.assign(env, s3Env)
const config = await Promise.resolve(env)
  .then(loadConfig)
  .catch(async (error: unknown) => {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    await s3.stop()
    process.exit(1)
  })
log(`S3: ${s3.endpoint}, bucket ${BUCKET} (files in ${path.join(dataDir, 's3')})`)

let db: EmbeddedDatabase | null = null
let haproxy: Haproxy | null = null
const graceMs = Math.max(config.shutdown.delayMs + config.shutdown.timeoutMs, config.shutdown.workerTimeoutMs) + 15_000
const children = new Supervisor(graceMs, (name, reason) => {
  console.error(`[cluster] ${name} exited (${reason}); stopping everything`)
  void stop(1)
})
let stopped = false
async function stop(exitCode = 0): Promise<void> {
  if (stopped) return
  stopped = true
  log('stopping…')
  await haproxy?.stop()
  await children.stopAll()
  await s3.stop()
  await db?.stop()
  log('stopped')
  process.exit(exitCode)
}
onShutdownSignal(() => void stop())

if (!buildIsCurrent()) {
  log('client build: building…')
  await build({ quiet: true })
}

db = await ensureDatabase(env)
log(db ? `database: embedded PostgreSQL on port ${process.env.EMBEDDED_PG_PORT} (data in ${dataDir}/postgres)` : 'database: using DATABASE_URL')
const { prepareDatabase } = await import('../prepare-database.js')
await prepareDatabase(env.DATABASE_URL!, config, log)

const processes = clusterProcesses({
  dataDir,
  databaseUrl: env.DATABASE_URL!,
  appSecret: env.APP_SECRET!,
  s3: s3Env,
  publicUrl,
  serverPorts: [port + 1, port + 2],
  workers: 2,
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
})
const servers = processes.filter((p) => p.url)

for (const p of processes) children.start(p.name, p.entry, { env: p.env, prefix: true })
haproxy = await startHaproxy({
  port,
  servers: servers.map((p) => new URL(p.url!).host) as [string, string],
  dir: dataDir,
  statsPort: port + 4,
  onLog: (line) => console.log(`[haproxy] ${line}`),
})
log('waiting for both servers to be ready…')
while (!stopped && !(await haproxy.stats()).filter((s) => s.name !== 'BACKEND').every(isReady)) await new Promise((resolve) => setTimeout(resolve, 200))
if (!stopped) {
  log(`ready: ${publicUrl} (HAProxy: each request goes to a server whose /readyz answers 200)`)
  log(`  HAProxy's statistics: ${haproxy.statsUrl}`)
  for (const p of servers) log(`  ${p.name}: ${p.url} (mail of this demo: ${p.url}/dev/mail)`)
  for (const p of processes.filter((q) => !q.url)) log(`  ${p.name}: scratch space ${p.env.DATA_DIR}/media`)
  log(`  drop folder of both workers: ${path.join(dataDir, 'ingest')}`)
  log(`  S3: ${s3.endpoint}/${BUCKET}; PostgreSQL: ${env.DATABASE_URL}`)
  log('Ctrl-C stops everything.')
}
