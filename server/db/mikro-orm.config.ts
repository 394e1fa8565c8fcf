import { defineConfig } from '@mikro-orm/postgresql'
import { Migrator } from '@mikro-orm/migrations'
import path from 'node:path'
import { entities } from './entities/index.js'

/**
 * The one MikroORM configuration. The CLI (`npm run migration:create`) loads the default
 * export; the server, worker, scripts and tests call createOrmConfig with their URL.
 */
export function createOrmConfig(clientUrl: string, options: { debug?: boolean; pool?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.pool ?? 20 },
    migrations: {
      path: path.resolve('migrations'),
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

export default createOrmConfig(process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:54320/streamclub')
