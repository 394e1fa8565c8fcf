/**
 * npm start: the whole product on one machine.
 * Builds the client when its sources changed since the last build (meanwhile the rest goes
 * on), slims the IP-location data when it is missing, starts PostgreSQL (embedded unless DATABASE_URL is set), applies migrations, seeds the
 * demo catalog into an empty database, then runs the server and the worker as two child
 * processes. Ctrl-C stops all of it, PostgreSQL included.
 */
import { spawn } from 'node:child_process'
import { ensureDatabase, onShutdownSignal, startupConfig, type StartMessage } from '../core/bootstrap.js'
import { BUILT_GEOIP_DIR } from '../core/config.js'
import { build, buildIsCurrent } from './client-build.js'
import { slimGeoipFolderIsCurrent } from './geoip/dbip.js'
import { Supervisor } from './supervisor.js'

const startedAt = Date.now()
const log = (line: string) => console.log(`[start] ${line}`)
const since = (time: number) => `${((Date.now() - time) / 1000).toFixed(1)} s`

const config = startupConfig()

// The client build runs beside the database work; the server needs it only when it starts.
let clientBuild: Promise<Error | null>
let clientBuilt = false
if (buildIsCurrent()) {
  log('client build: up to date (sources unchanged since the last build)')
  clientBuild = Promise.resolve(null)
  clientBuilt = true
} else {
  log('client build: building (first start, or the sources changed)…')
  const buildStart = Date.now()
  clientBuild = build({ quiet: true }).then(
    () => {
      clientBuilt = true
      log(`client build: done in ${since(buildStart)}`)
      return null
    },
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  )
}

// The slimmed IP-location data (first start, or new DB-IP packages): a few seconds in a process
// of its own. The server reads it at its first public visitor, the npm data until it exists.
if (!slimGeoipFolderIsCurrent(BUILT_GEOIP_DIR)) {
  log('IP-location data: slimming the DB-IP databases (first start, or new packages)…')
  spawn(process.execPath, ['--import', 'tsx', 'scripts/geoip/slim.ts', BUILT_GEOIP_DIR], { stdio: ['ignore', 'ignore', 'inherit'] }).on('exit', (code) =>
    log(code === 0 ? 'IP-location data: slimmed' : `IP-location data: slimming failed (${code}); the server reads the npm data as it is`),
  )
}

// Children stop gracefully (server: drain and in-flight requests; worker: running jobs), then are killed.
const graceMs = Math.max(config.shutdown.delayMs + config.shutdown.timeoutMs, config.shutdown.workerTimeoutMs) + 15_000
const children = new Supervisor(graceMs, (name, reason) => {
  console.error(`[start] ${name} exited (${reason}); stopping everything`)
  void stop(1)
})

async function stop(exitCode = 0): Promise<void> {
  if (children.stopping) return
  log('stopping…')
  await children.stopAll()
  await db?.stop()
  log('stopped')
  process.exit(exitCode)
}

onShutdownSignal(() => void stop())

// With the client built already, the server loads its code (a few seconds of a restart) while
// the database starts, is migrated and seeded here; it goes on when told (StartMessage).
const earlyServer = clientBuilt ? children.start('server', 'server/main.ts', { whenTold: true }) : null

const step = Date.now()
if (config.mediaStore.kind === 's3') {
  const { S3MediaStore } = await import('../core/services/media/store-s3')
  const problem = await new S3MediaStore(config.mediaDir, config.mediaStore).bucketProblem()
  if (problem) {
    console.error(`[start] media store: ${problem}`)
    await children.stopAll()
    process.exit(1)
  }
  log(`media store: S3 bucket ${config.mediaStore.bucket}${config.mediaStore.endpoint ? ` at ${config.mediaStore.endpoint}` : ''}`)
}
const db = await ensureDatabase(process.env)
log(db ? `database: embedded PostgreSQL ready in ${since(step)} (data in ${config.dataDir}/postgres)` : 'database: using DATABASE_URL')

// Loaded here, not above: the early server's start needs no wait for them.
const { prepareDatabase } = await import('./prepare-database.js')
await prepareDatabase(process.env.DATABASE_URL!, config, log)

if (!clientBuilt) log('client build: still running, waiting for it…')
const buildError = await clientBuild
if (buildError) {
  console.error(`[start] ${buildError.message}`)
  await db?.stop()
  process.exit(1)
}

// The server first, the worker once the server has answered and rendered its first page: on
// two cores the worker's start (seconds of loading code) would otherwise slow that page.
log('starting the server…')
if (earlyServer) earlyServer.send({ type: 'start', env: { DATABASE_URL: process.env.DATABASE_URL! }, migrated: true } satisfies StartMessage)
else children.start('server', 'server/main.ts')

const url = `http://localhost:${config.port}`
let ready = false
for (let attempt = 0; attempt < 1500 && !children.stopping && !ready; attempt++) {
  ready = await fetch(`${url}/readyz`)
    .then((r) => r.ok)
    .catch(() => false)
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
}
if (ready) log(`ready in ${since(startedAt)}: ${url}`)
if (ready)
  await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined)
if (!children.stopping) {
  log('starting the worker…')
  children.start('worker', 'worker/main.ts')
}
