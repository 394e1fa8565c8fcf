import type { Task } from 'graphile-worker'
import type { WorkerDeps } from '../deps.js'
import { uploadFolderAt } from '../../core/services/admin/uploads.js'

/**
 * Cron, hourly: removes the console's uploads that received nothing for UPLOAD_EXPIRY_HOURS
 * (a page closed for good, a file never dropped again), from UPLOAD_DIR, which the worker
 * must reach (one machine, or a shared folder).
 */
export const purgeAbandonedUploadsTask =
  ({ config }: WorkerDeps): Task =>
  async (_payload, helpers) => {
    const removed = await uploadFolderAt(config.uploadDir).removeAbandoned(new Date(), config.uploadExpiryMs)
    if (removed.length) helpers.logger.info(`removed ${removed.length} abandoned upload(s): ${removed.join(', ')}`)
  }
