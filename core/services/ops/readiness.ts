import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Config } from '../../config.js'
import type { Orm } from '../../db/orm.js'
import { openMediaStore } from '../media/open-store.js'
import type { S3MediaStore } from '../media/store-s3.js'

/** One thing the server needs to serve; `check` throws (or times out) when it is not there. */
export interface ReadinessCheck {
  name: string
  check: () => Promise<void>
}

/** Readiness turns 503 for good once shutdown begins. */
export class Readiness {
  private shuttingDown = false

  constructor(
    readonly checks: ReadinessCheck[],
    private readonly timeoutMs = 3000,
  ) {}

  beginShutdown(): void {
    this.shuttingDown = true
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown
  }

  /** The names of the checks that fail now (all of them run at once, each with a timeout). */
  async failing(): Promise<Array<{ name: string; error: unknown }>> {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs)
        })
        try {
          await Promise.race([check(), timeout])
          return null
        } catch (error) {
          return { name, error }
        } finally {
          clearTimeout(timer)
        }
      }),
    )
    return results.filter((result) => result !== null)
  }
}

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

/** The S3 bucket (MEDIA_STORE=s3) takes a small object and gives it back. */
function objectStoreCheck(config: Config): ReadinessCheck {
  return {
    name: 'media',
    async check() {
      const store = (await openMediaStore(config)) as S3MediaStore
      await store.probe()
    },
  }
}

/** The media check of the configured store. */
export function mediaCheck(config: Config): ReadinessCheck {
  return config.mediaStore.kind === 's3' ? objectStoreCheck(config) : localMediaCheck(config.mediaDir)
}

/**
 * The local media store (MEDIA_DIR) takes a write and gives it back: a small file is
 * written, read, compared and removed under MEDIA_DIR/.health. An object store gets its own
 * check of the same name (a put, get and delete of a small object).
 */
function localMediaCheck(mediaDir: string): ReadinessCheck {
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
