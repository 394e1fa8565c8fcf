import path from 'node:path'
import type { Task } from 'graphile-worker'
import { mirrorMedia } from '../../core/services/ops/backup/media.js'
import { BACKUP_EXIT, runBackupProcess } from '../backup-process.js'
import type { WorkerDeps } from '../deps.js'

/**
 * Cron (BACKUP_SCHEDULE, nightly by default): an online backup of the database into
 * BACKUP_DIR, the media mirror brought up to date, the newest BACKUP_KEEP kept; run as a
 * process of its own at a lower CPU priority (what `npm run backup` runs). With a PostgreSQL
 * whose files are not on this machine (an external DATABASE_URL) it says so and only keeps
 * the media mirror current: that database is backed up with its own tools.
 */
export const backupDatabaseTask =
  ({ config }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const { code, lines } = await runBackupProcess(config, { signal: helpers.abortSignal, onLine: (line) => helpers.logger.info(line) })
    if (code === BACKUP_EXIT.done) return
    if (code === BACKUP_EXIT.busy) {
      helpers.logger.warn('backup skipped: another backup of this database is running')
      return
    }
    if (code === BACKUP_EXIT.notLocal) {
      helpers.logger.warn('database backup skipped: its files are not on this machine (an external DATABASE_URL)')
      if (config.backup.media) {
        const media = await mirrorMedia(config.mediaDir, path.join(config.backup.dir, 'media'))
        helpers.logger.info(`media mirror: ${media.copied} new of ${media.files} files`)
      }
      return
    }
    throw new Error(`backup failed (exit ${code}): ${lines.slice(-3).join(' / ')}`)
  }
