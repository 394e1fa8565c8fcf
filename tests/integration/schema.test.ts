import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.drop())

describe('migrations', () => {
  it('build exactly the schema the entities describe', async () => {
    const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false })
    expect(diff.trim()).toBe('')
  })
})
