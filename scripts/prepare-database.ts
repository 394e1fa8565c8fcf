import type { Config } from '../core/config.js'
import { migrate, openOrm } from '../core/db/orm.js'
import { isEmpty, seedDemo, seedSiteContent } from './seed/index.js'

const since = (time: number) => `${((Date.now() - time) / 1000).toFixed(1)} s`

/**
 * What a launcher does to a database before the servers start (`npm start`, `npm run
 * demo:cluster`): applies the migrations, seeds the demo catalog into an empty database
 * (through the configured media store) and the site content every database needs.
 */
export async function prepareDatabase(databaseUrl: string, config: Config, log: (line: string) => void): Promise<void> {
  let step = Date.now()
  const orm = await openOrm(databaseUrl, { pool: 4 })
  try {
    const applied = await migrate(orm, databaseUrl)
    log(applied.length ? `migrations: applied ${applied.length} in ${since(step)}` : 'migrations: up to date')
    if (await isEmpty(orm)) {
      step = Date.now()
      log('demo catalog: the database is empty, seeding it (later starts skip this)…')
      await seedDemo(orm, { log: (line) => log(`demo catalog: ${line}`), config })
      log(`demo catalog: seeded in ${since(step)}`)
    }
    await seedSiteContent(orm, log)
  } finally {
    await orm.close()
  }
}
