/**
 * npm run migration:create [-- name]
 * Brings the development database up to date, then writes a migration with the difference
 * between the entities and that database into migrations/. Review it before committing.
 */
import { ensureDatabase } from '../core/bootstrap.js'
import { migrate, openOrm } from '../core/db/orm.js'

const name = process.argv[2]
const db = await ensureDatabase()
const orm = await openOrm(process.env.DATABASE_URL!)
try {
  await migrate(orm, process.env.DATABASE_URL!)
  const result = await orm.migrator.create(undefined, false, false, name)
  console.log(result.diff.up.length ? `written: migrations/${result.fileName}` : 'no schema changes')
} finally {
  await orm.close()
  await db?.stop()
}
