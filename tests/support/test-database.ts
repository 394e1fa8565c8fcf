import crypto from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { openOrm, type Orm } from '../../server/db/orm.js'

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
