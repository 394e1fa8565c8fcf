import type { Task } from 'graphile-worker'
import path from 'node:path'
import { BackupBusy, BackupNotLocal, backupDatabase } from '../../server/services/backup/database.js'
import { mirrorMedia } from '../../server/services/backup/media.js'
import type { WorkerDeps } from '../deps.js'

/**
 * Cron (BACKUP_SCHEDULE, nightly by default): an online backup of the database into
 * BACKUP_DIR, the media mirror brought up to date, the newest BACKUP_KEEP kept. With a
 * PostgreSQL whose files are not on this machine (an external DATABASE_URL) it says so and
 * only keeps the media mirror current: that database is backed up with its own tools.
 */
export const backupDatabaseTask =
  ({ config }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    if (!config.databaseUrl) throw new Error('backup_database: DATABASE_URL is not set')
    try {
      const result = await backupDatabase({
        databaseUrl: config.databaseUrl,
        dir: config.backup.dir,
        mediaDir: config.backup.media ? config.mediaDir : null,
        keep: config.backup.keep,
        signal: helpers.abortSignal,
        log: (line) => helpers.logger.info(line),
      })
      const media = result.media ? `; media mirror: ${result.media.copied} new of ${result.media.files} files` : ''
      helpers.logger.info(`backup ${result.file}: ${(result.bytes / 1048576).toFixed(1)} MiB in ${result.seconds.toFixed(1)} s${media}; removed ${result.pruned.length} old`)
    } catch (error) {
      if (error instanceof BackupBusy) {
        helpers.logger.warn(`backup skipped: ${error.message}`)
        return
      }
      if (!(error instanceof BackupNotLocal)) throw error
      helpers.logger.warn(`database backup skipped: ${error.message}`)
      if (config.backup.media) {
        const media = await mirrorMedia(config.mediaDir, path.join(config.backup.dir, 'media'))
        helpers.logger.info(`media mirror: ${media.copied} new of ${media.files} files`)
      }
    }
  }
