import pg from 'pg'
import { MikroORM } from '@mikro-orm/postgresql'
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker'
import { createOrmConfig } from './mikro-orm.config.js'

export type Orm = MikroORM

export async function openOrm(databaseUrl: string, options: { pool?: number } = {}): Promise<Orm> {
  return MikroORM.init(createOrmConfig(databaseUrl, options))
}

const MIGRATION_LOCK = 7_311_001
const silentLogger = new Logger(() => () => undefined)

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
    await runQueueMigrations({ connectionString: databaseUrl, logger: silentLogger })
    return applied.map((migration) => migration.name)
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await lock.end()
  }
}
