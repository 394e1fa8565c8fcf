/**
 * npm start: the whole product on one machine.
 * Starts PostgreSQL (embedded unless DATABASE_URL is set), applies migrations, seeds the
 * demo catalog into an empty database, then runs the server and the worker as two child
 * processes. Ctrl-C stops all of it, PostgreSQL included.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { ensureDatabase, onShutdownSignal, startupConfig } from '../server/bootstrap.js'
import { migrate, openOrm } from '../server/db/orm.js'
import { isEmpty, seedDemo, seedSiteContent } from './seed/index.js'

const log = (line: string) => console.log(`[start] ${line}`)

const config = startupConfig()

const startedAt = Date.now()
const db = await ensureDatabase(process.env)
log(db ? `embedded PostgreSQL ready (data in ${config.dataDir}/postgres)` : 'using DATABASE_URL')

const orm = await openOrm(process.env.DATABASE_URL!, { pool: 4 })
const applied = await migrate(orm, process.env.DATABASE_URL!)
if (applied.length) log(`applied migrations: ${applied.join(', ')}`)
if (await isEmpty(orm)) await seedDemo(orm, { log, config })
await seedSiteContent(orm, log)
await orm.close()

const children: ChildProcess[] = []
let stopping = false

function startChild(name: string, entry: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: process.env })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`)
      void stop(1)
    }
  })
  children.push(child)
  return child
}

// Children stop gracefully (server: drain and in-flight requests; worker: running jobs), then are killed.
const graceMs = Math.max(config.shutdown.delayMs + config.shutdown.timeoutMs, config.shutdown.workerTimeoutMs) + 15_000

async function stop(exitCode = 0): Promise<void> {
  if (stopping) return
  stopping = true
  log('stopping…')
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
          child.once('exit', () => {
            clearTimeout(timer)
            resolve()
          })
          child.kill('SIGTERM')
        }),
    ),
  )
  await db?.stop()
  log('stopped')
  process.exit(exitCode)
}

onShutdownSignal(() => void stop())

startChild('server', 'server/main.ts')
startChild('worker', 'worker/main.ts')

const url = `http://localhost:${config.port}`
for (let attempt = 0; attempt < 300 && !stopping; attempt++) {
  const ready = await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)
  if (ready) {
    log(`ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${url}`)
    break
  }
  await new Promise((resolve) => setTimeout(resolve, 200))
}
