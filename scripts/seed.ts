/**
 * npm run seed: fills an empty database with the synthetic demo catalog.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
 */
import { prepareEnvironment, ensureDatabase } from '../core/bootstrap.js'
import { loadConfig } from '../core/config.js'
import { migrate, openOrm } from '../core/db/orm.js'
import { isEmpty, seedDemo, seedSiteContent } from './seed/index.js'

prepareEnvironment()
const config = loadConfig()
const db = await ensureDatabase()
const orm = await openOrm(process.env.DATABASE_URL!)
try {
  await migrate(orm, process.env.DATABASE_URL!)
  if (await isEmpty(orm)) await seedDemo(orm, { log: console.log, config })
  else console.log('the database already holds a catalog')
  await seedSiteContent(orm, console.log)
} finally {
  await orm.close()
  await db?.stop()
}
