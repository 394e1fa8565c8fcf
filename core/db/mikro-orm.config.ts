import { defineConfig } from '@mikro-orm/postgresql'
import { Migrator } from '@mikro-orm/migrations'
import { fileURLToPath } from 'node:url'
import { entities } from './entities/index.js'

/**
 * How long a process waits on the database before it gives up with an error: for a connection
 * (a new one, or a free one from a full pool), and for each statement (PostgreSQL cancels it at
 * `statementMs`; the driver stops waiting a second later should the server not answer at all).
 */
export interface DatabaseLimits {
  connectMs?: number
  statementMs?: number
}

/**
 * The one MikroORM configuration. The CLI (`npm run migration:create`) loads the default
 * export; the server, worker, scripts and tests call createOrmConfig with their URL.
 */
export function createOrmConfig(clientUrl: string, options: { debug?: boolean; pool?: number; limits?: DatabaseLimits } = {}) {
  const { connectMs, statementMs } = options.limits ?? {}
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.pool ?? 20 },
    // Passed to node-postgres' pool. A connection that PostgreSQL drops (a restart) is removed
    // from the pool and the next statement opens a new one.
    driverOptions: {
      keepAlive: true,
      ...(connectMs ? { connectionTimeoutMillis: connectMs } : {}),
      ...(statementMs ? { statement_timeout: statementMs, query_timeout: statementMs + 1000 } : {}),
    },
    migrations: {
      // From the sources (core/db/): migrations/*.ts. Compiled, this code is in a file one folder
      // below build/ (scripts/compile.ts): build/migrations/*.js.
      path: fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../migrations' : '../../migrations', import.meta.url)),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      // Each migration is reviewed by hand; the diff is taken against the migrated database.
      snapshot: false,
    },
    schemaGenerator: {
      // graphile-worker keeps its queue in its own schema; migrations must never touch it.
      ignoreSchema: ['graphile_worker'],
    },
  })
}
