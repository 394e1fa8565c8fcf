import crypto from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { openOrm, type Orm } from '../../core/db/orm.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL (database 'postgres'). */
    testPgAdminUrl: string
    /** Name of the migrated template database each test database is copied from. */
    testPgTemplate: string
    /** The tests' S3-compatible server (s3rver), e.g. http://127.0.0.1:45123. */
    testS3Endpoint: string
  }
}

export interface TestDatabase {
  url: string
  orm: Orm
  /** Closes the ORM and drops the database. */
  drop(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: a copy of the template that global setup
 * migrated once, so files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testPgAdminUrl')
  const template = inject('testPgTemplate')
  const name = `test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${template}`)
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  const orm = await openOrm(url, { pool: 5 })
  const dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    // Connections still closing (a pool's last clients after orm.close) are let go first: forcing
    // them out makes PostgreSQL send "terminating connection", which a closing client no longer
    // listens for and the test run reports as an uncaught error.
    for (let waited = 0; waited < 5_000; waited += 50) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1`, [name])
      if (rows[0]!.n === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  }
  return {
    url,
    orm,
    async drop() {
      await orm.close()
      await dropDatabase()
    },
  }
}
