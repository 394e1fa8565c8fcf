import fs from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js'
import { migrate, openOrm } from '../../server/db/orm.js'

const TEMPLATE = 'app_template'

/**
 * Integration tests get their own real PostgreSQL: a fresh embedded cluster on its own port
 * and data folder, with one migrated template database.
 */
export default async function setup(project: TestProject) {
  const dataDir = path.resolve('.data/test-pg')
  await fs.rm(dataDir, { recursive: true, force: true })
  const port = Number(process.env.TEST_PG_PORT ?? 54330)
  const db = await startEmbeddedPostgres({ dataDir, port, database: TEMPLATE })
  const orm = await openOrm(db.url, { pool: 2 })
  await migrate(orm, db.url)
  await orm.close()

  project.provide('testPgAdminUrl', db.url.replace(/\/[^/]+$/, '/postgres'))
  project.provide('testPgTemplate', TEMPLATE)

  return async () => {
    await db.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
