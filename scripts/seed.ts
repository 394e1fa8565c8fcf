/**
 * npm run seed: fills an empty database with the synthetic demo catalog.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
 */
import { ensureAppSecret, ensureDatabase } from '../server/bootstrap.js'
import { migrate, openOrm } from '../server/db/orm.js'
import { isEmpty, seedDemo } from './seed/index.js'

// The media seed reads the configuration (MEDIA_DIR, ffmpeg paths), which needs APP_SECRET.
ensureAppSecret()
const db = await ensureDatabase()
const orm = await openOrm(process.env.DATABASE_URL!)
try {
  await migrate(orm, process.env.DATABASE_URL!)
  if (await isEmpty(orm)) await seedDemo(orm, { log: console.log })
  else console.log('the database already holds a catalog; nothing to do')
} finally {
  await orm.close()
  await db?.stop()
}
