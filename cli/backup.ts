/**
 * npm run backup
 * An online, consistent backup of the embedded PostgreSQL into BACKUP_DIR (default
 * DATA_DIR/backups), then the media mirror (BACKUP_DIR/media) brought up to date; keeps the
 * newest BACKUP_KEEP backups. Uses the running embedded PostgreSQL when `npm start` has it
 * open (the site keeps serving), else starts it for the backup. The worker's nightly task
 * runs this script too (worker/backup-process.ts). Exit codes: 0 done, 3 the database's files
 * are not on this machine, 4 another backup is running, 1 failed.
 */
import { ensureDatabase, startupConfig } from '../core/bootstrap.js'
import { BackupBusy, BackupNotLocal, backupDatabase } from '../core/services/ops/backup/database.js'
import { BACKUP_EXIT } from '../worker/backup-process.js'
import { runningEmbeddedUrl } from './running-database.js'

const config = startupConfig()

const url = process.env.DATABASE_URL ?? (await runningEmbeddedUrl())
const db = url ? null : await ensureDatabase()
let exitCode = 0
try {
  const result = await backupDatabase({
    databaseUrl: url ?? process.env.DATABASE_URL!,
    dir: config.backup.dir,
    mediaDir: config.backup.media ? config.mediaDir : null,
    keep: config.backup.keep,
    log: (line) => console.log(line),
  })
  console.log(
    `${result.file}: ${(result.bytes / 1048576).toFixed(1)} MiB in ${result.seconds.toFixed(1)} s (${result.manifest.files} files, WAL ${result.manifest.startLsn} .. ${result.manifest.stopLsn})`,
  )
  if (result.media)
    console.log(
      `media mirror ${config.backup.dir}/media: ${result.media.copied} of ${result.media.files} files copied (${(result.media.bytes / 1048576).toFixed(1)} MiB)`,
    )
  for (const file of result.pruned) console.log(`removed the old backup ${file}`)
} catch (error) {
  if (!(error instanceof BackupNotLocal || error instanceof BackupBusy)) throw error
  console.error(error.message)
  exitCode = error instanceof BackupNotLocal ? BACKUP_EXIT.notLocal : BACKUP_EXIT.busy
} finally {
  await db?.stop()
}
process.exit(exitCode)
