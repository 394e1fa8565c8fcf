import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig, type Config } from './config.js'
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js'

/**
 * Development defaults that let one command run the product: an APP_SECRET kept in the
 * data folder, and an embedded PostgreSQL when no DATABASE_URL is given. In production both
 * must be configured, because several machines have to share them.
 */
export function ensureAppSecret(env: NodeJS.ProcessEnv = process.env): void {
  if (env.APP_SECRET || env.NODE_ENV === 'production') return
  const dataDir = path.resolve(env.DATA_DIR ?? '.data')
  const file = path.join(dataDir, 'app-secret')
  fs.mkdirSync(dataDir, { recursive: true })
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 })
  env.APP_SECRET = fs.readFileSync(file, 'utf8').trim()
}

/**
 * The configuration of a process or script about to start (with the development
 * APP_SECRET); a bad variable ends the process with a message naming it. `check` may add
 * requirements of its own by throwing a ConfigError.
 */
export function startupConfig(check?: (config: Config) => void): Config {
  ensureAppSecret()
  try {
    const config = loadConfig()
    check?.(config)
    return config
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

export async function ensureDatabase(
  env: NodeJS.ProcessEnv = process.env,
  log?: (line: string) => void,
): Promise<EmbeddedDatabase | null> {
  if (env.DATABASE_URL) return null
  const dataDir = path.resolve(env.DATA_DIR ?? '.data')
  const db = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: Number(env.EMBEDDED_PG_PORT ?? 54320),
    database: 'streamclub',
    log,
  })
  env.DATABASE_URL = db.url
  return db
}

/**
 * Installs the process's own SIGINT/SIGTERM handler. embedded-postgres registers an exit hook
 * that stops PostgreSQL at once on a signal; the processes that own the database replace it,
 * so children and connections close first and PostgreSQL last.
 */
export function onShutdownSignal(handler: (signal: NodeJS.Signals) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal)
    process.on(signal, () => handler(signal))
  }
}

/** What `npm start` tells a server it started early, once the database is migrated and seeded. */
export interface StartMessage {
  type: 'start'
  /** What the server's environment lacked when it was started (the embedded database's URL). */
  env: Record<string, string>
  /** Migrations are applied already: the server need not check them again. */
  migrated: boolean
}

/**
 * A server started by `npm start` loads its code while `npm start` still starts, migrates and
 * seeds the database (START_WHEN_TOLD=1), and goes on only when told (StartMessage); any other
 * server goes on at once.
 */
export async function whenToldToStart(): Promise<{ migrated: boolean }> {
  if (process.env.START_WHEN_TOLD !== '1' || !process.send) return { migrated: false }
  return new Promise((resolve) => {
    const onMessage = (message: Partial<StartMessage> | null) => {
      if (message?.type !== 'start') return
      process.off('message', onMessage)
      Object.assign(process.env, message.env)
      // The channel must not keep the server alive, nor end it when npm start goes away.
      process.channel?.unref()
      resolve({ migrated: message.migrated === true })
    }
    process.on('message', onMessage)
  })
}
