import pg from 'pg'
import { MikroORM } from '@mikro-orm/postgresql'
import { createOrmConfig, type DatabaseLimits } from './mikro-orm.config.js'

export type Orm = MikroORM

export async function openOrm(databaseUrl: string, options: { pool?: number; limits?: DatabaseLimits } = {}): Promise<Orm> {
  return MikroORM.init(createOrmConfig(databaseUrl, options))
}

/**
 * The server's limits: a request never waits on the database for more than about 10 s (3 s
 * for a connection, then 5 s, at most 6 s, for a statement; requests run statements of a few
 * milliseconds). With PostgreSQL down or restarting, requests fail at once with 503.
 */
export const SERVER_DATABASE_LIMITS: DatabaseLimits = { connectMs: 3000, statementMs: 5000 }

/** The worker's: tasks wait at most 5 s for a connection; their statements may run long. */
export const WORKER_DATABASE_LIMITS: DatabaseLimits = { connectMs: 5000 }

const MIGRATION_LOCK = 7_311_001

/**
 * Applies every pending migration (schema changes happen only through migrations), and
 * creates or upgrades graphile-worker's queue schema so jobs can be added in SQL at once.
 * An advisory lock lets several servers start at once without racing each other.
 */
export async function migrate(orm: Orm, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl })
  await lock.connect()
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    const applied = await orm.migrator.up()
    // graphile-worker (its configuration loader, semver …) loads only here: a server that
    // npm start migrated already never needs it.
    const { Logger, runMigrations: runQueueMigrations } = await import('graphile-worker')
    await runQueueMigrations({ connectionString: databaseUrl, logger: new Logger(() => () => undefined) })
    return applied.map((migration) => migration.name)
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await lock.end()
  }
}

/**
 * migrate() on connections of its own, without a process's request limits (a migration may run
 * long: an index on a big table) and without the entities, which migrations do not use
 * (discovering them is most of an ORM's start).
 */
export async function migrateAlone(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init({ ...createOrmConfig(databaseUrl, { pool: 2 }), entities: [], discovery: { warnWhenNoEntities: false } })
  try {
    return await migrate(orm, databaseUrl)
  } finally {
    await orm.close()
  }
}

/** Error codes of node-postgres and PostgreSQL that mean "the database is away", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (statement_timeout)
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
])
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly/i

/**
 * Whether an error (or one of its causes) says the database cannot be reached or did not
 * answer in time (a restart, a lost connection, a limit of DatabaseLimits): such requests
 * get 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
  }
  return false
}
