/**
 * The app as server/main.ts builds it, in one of the variants a bench compares (`variant`: the
 * options that differ): listens on PORT, says `listening on PORT` (the bench waits for that
 * line: another process may answer on a port that is already taken) and closes on SIGTERM.
 * Needs DATABASE_URL and PORT.
 */
import { buildApp } from '../../server/app.js'
import { loadConfig } from '../../core/config.js'
import { openOrm, SERVER_DATABASE_LIMITS } from '../../core/db/orm.js'

export async function serveBenchApp(variant: Omit<Parameters<typeof buildApp>[0], 'config' | 'orm'>): Promise<void> {
  const config = loadConfig()
  const orm = await openOrm(config.databaseUrl!, { limits: SERVER_DATABASE_LIMITS })
  const app = await buildApp({ config, orm, ...variant })
  await app.listen({ host: config.host, port: config.port })
  console.log(`listening on ${config.port}`)
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => orm.close())
      .then(() => process.exit(0))
  })
}
