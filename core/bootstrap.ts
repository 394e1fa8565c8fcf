import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { ConfigError, isLocalAddress, loadConfig, publicUrlOf, type Config } from './config.js'
import type { EmbeddedDatabase } from './db/embedded-postgres.js'

/**
 * Reads `.env` from the working directory when there is one: each variable it sets that the
 * environment does not already have (the environment wins, as with `node --env-file`).
 */
export function readEnvFile(env: NodeJS.ProcessEnv = process.env, file = path.resolve('.env')): void {
  if (!fs.existsSync(file)) return
  for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(file, 'utf8')))) {
    if (env[key] === undefined) env[key] = value
  }
}

/**
 * The environment of a process about to start: `.env` read, and on a developer's machine (a
 * localhost PUBLIC_URL) an APP_SECRET kept in the data folder when none is set. A deployment
 * gets none generated: several machines must share one, so it is required (core/config.ts).
 */
export function prepareEnvironment(env: NodeJS.ProcessEnv = process.env): void {
  readEnvFile(env)
  if (env.APP_SECRET || !isLocalAddress(publicUrlOf(env))) return
  const dataDir = path.resolve(env.DATA_DIR || '.data')
  const file = path.join(dataDir, 'app-secret')
  fs.mkdirSync(dataDir, { recursive: true })
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 })
  env.APP_SECRET = fs.readFileSync(file, 'utf8').trim()
}

/** Whether this installation has the embedded PostgreSQL (a development dependency). */
function embeddedPostgresInstalled(): boolean {
  try {
    import.meta.resolve('embedded-postgres')
    return true
  } catch {
    return false
  }
}

/**
 * The configuration of a process or script about to start (prepareEnvironment), checked
 * before anything touches the database: a bad or missing setting ends the process with a
 * message naming each one, one line each. `check` may add requirements of its own by
 * throwing a ConfigError.
 */
export function startupConfig(check?: (config: Config) => void): Config {
  prepareEnvironment()
  try {
    const config = loadConfig()
    if (!config.databaseUrl && !embeddedPostgresInstalled()) {
      throw new ConfigError('Invalid environment variable:\n  DATABASE_URL: required (this installation has no embedded PostgreSQL)')
    }
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

export async function ensureDatabase(env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): Promise<EmbeddedDatabase | null> {
  if (env.DATABASE_URL) return null
  // A development convenience: embedded-postgres is a development dependency, absent from a production install.
  const { startEmbeddedPostgres } = await import('./db/embedded-postgres.js')
  // That import hooked the signals to stop PostgreSQL at once: a process's own handler stays the only one.
  if (shutdownHandler) onShutdownSignal(shutdownHandler)
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
let shutdownHandler: ((signal: NodeJS.Signals) => void) | null = null

export function onShutdownSignal(handler: (signal: NodeJS.Signals) => void): void {
  shutdownHandler = handler
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
