import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Orm } from '../db/orm.js'
import type { ReadinessCheck } from '../http/health.js'

/** PostgreSQL answers a query. */
export function databaseCheck(orm: Orm): ReadinessCheck {
  return { name: 'database', check: async () => void (await orm.em.getConnection().execute('select 1')) }
}

/** Every migration this code knows has been applied (a newer schema is fine). */
export function migrationsCheck(orm: Orm): ReadinessCheck {
  return {
    name: 'migrations',
    async check() {
      const pending = await orm.migrator.getPending()
      if (pending.length) throw new Error(`pending migrations: ${pending.map((m) => m.name).join(', ')}`)
    },
  }
}

/**
 * The local media store (MEDIA_DIR) takes a write and gives it back: a small file is
 * written, read, compared and removed under MEDIA_DIR/.health. An object store gets its own
 * check of the same name (a put, get and delete of a small object).
 */
export function localMediaCheck(mediaDir: string): ReadinessCheck {
  const dir = path.join(mediaDir, '.health')
  return {
    name: 'media',
    async check() {
      await fs.mkdir(dir, { recursive: true })
      const file = path.join(dir, `${os.hostname()}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`)
      const content = crypto.randomBytes(16).toString('hex')
      try {
        await fs.writeFile(file, content)
        if ((await fs.readFile(file, 'utf8')) !== content) throw new Error(`${file} read back differently`)
      } finally {
        await fs.rm(file, { force: true })
      }
    },
  }
}
