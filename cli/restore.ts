/**
 * npm run restore -- <backup file> [--no-media]
 * Puts a backup made by `npm run backup` (or the worker's nightly one) back as the embedded
 * PostgreSQL's data folder (DATA_DIR/postgres; the old one is moved aside, not deleted),
 * starts PostgreSQL once so it replays the backup's WAL and checks the result, and copies
 * back the media files MEDIA_DIR lacks from the mirror next to the file. Stop the site first.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { ensureDatabase, startupConfig } from '../core/bootstrap.js'
import { restoreBackup } from '../core/services/ops/backup/restore.js'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'no-media': { type: 'boolean', default: false } } })
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup file> [--no-media]')
  process.exit(2)
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore that server with its own tools (see docs/operations.md, "External PostgreSQL"); this restores the embedded PostgreSQL.',
  )
  process.exit(2)
}

const config = startupConfig()

try {
  const result = await restoreBackup({
    file: path.resolve(positionals[0]!),
    dataDir: path.join(config.dataDir, 'postgres'),
    mediaDir: values['no-media'] ? null : config.mediaDir,
    log: (line) => console.log(line),
  })
  // PostgreSQL replays the backup's WAL at this start; the check shows a bad archive now, not at the next start.
  const db = await ensureDatabase()
  try {
    const client = new pg.Client({ connectionString: db!.url })
    await client.connect()
    const { rows } = await client.query<{ migrations: number }>('select count(*)::int as migrations from mikro_orm_migrations')
    await client.end()
    console.log(`restored the backup of ${result.manifest.startedAt} (${rows[0]!.migrations} migrations applied); the site can start`)
  } finally {
    await db?.stop()
  }
  if (result.media) console.log(`media: ${result.media.copied} of ${result.media.files} mirrored files copied back into ${config.mediaDir}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
process.exit(0)
