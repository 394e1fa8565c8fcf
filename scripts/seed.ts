/**
 * npm run seed: fills an empty database with the synthetic demo catalog.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
 */
import { ensureDatabase } from '../server/bootstrap.js'
import { migrate, openOrm } from '../server/db/orm.js'
import { isEmpty, seedDemo, seedPlansIfMissing } from './seed/index.js'

const db = await ensureDatabase()
const orm = await openOrm(process.env.DATABASE_URL!)
try {
  await migrate(orm, process.env.DATABASE_URL!)
  if (await isEmpty(orm)) await seedDemo(orm, { log: console.log })
  else console.log('the database already holds a catalog')
  await seedPlansIfMissing(orm, console.log)
} finally {
  await orm.close()
  await db?.stop()
}
