import fs from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../core/db/embedded-postgres.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { startLocalS3 } from '../../scripts/s3-server.js'

const TEMPLATE = 'app_template'

/**
 * Integration tests get their own real PostgreSQL: a fresh embedded cluster on its own port
 * and data folder, with one migrated template database. Beside it an S3-compatible server (s3rver) on its own
 * port (TEST_S3_PORT) and folder, for the tests of MEDIA_STORE=s3; each such test file makes
 * its own bucket.
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

  // TEST_S3_PORT, else any free port: test runs of several worktrees on one machine do not collide.
  const s3 = await startLocalS3(Number(process.env.TEST_S3_PORT ?? 0), path.resolve('.data/test-s3'))
  project.provide('testS3Endpoint', s3.endpoint)

  return async () => {
    await s3.stop()
    await db.stop()
    await fs.rm(dataDir, { recursive: true, force: true })
  }
}
