import type { QueryResult } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { MediaRejected } from '../../core/ffmpeg/errors.js'
import { JobCancelled } from './cancel-watch.js'
import { FfmpegError } from '../../core/ffmpeg/run.js'
import type { ItemTable } from './progress.js'

export { MediaRejected }

export interface Attempt {
  number: number
  max: number
}

export type Outcome = 'ready' | 'failed' | 'skipped' | 'cancelled'

/** Marks an item failed with a reason content ops can read (the queue goes on). */
async function markFailed(em: EntityManager, table: ItemTable, id: number, reason: string): Promise<void> {
  await em
    .getConnection()
    .execute(`update "${table}" set media_status = 'failed', media_error = ?, updated_at = now() where id = ?`, [reason.slice(0, 4000), id])
}

/**
 * Marks an item processing as its job starts; false when the item is no longer waiting for it
 * (cancelled in the console, or made ready meanwhile): the job then has nothing to do.
 */
export async function markProcessing(em: EntityManager, table: ItemTable, id: number, note: string | null): Promise<boolean> {
  const changed = await em
    .getConnection()
    .execute<QueryResult>(
      `update "${table}" set media_status = 'processing', media_error = ?, media_progress = 0, updated_at = now() where id = ? and media_status in ('pending', 'processing')`,
      [note, id],
      'run',
    )
  return changed.affectedRows > 0
}

/** Trouble of the machine, not of the source (disk, memory, files, network): another attempt may succeed. */
const TRANSIENT_FFMPEG =
  /No space left on device|Disk quota exceeded|Cannot allocate memory|Resource temporarily unavailable|Too many open files|Input\/output error|Connection (refused|reset|timed out)|Broken pipe/i

/** The lines of ffmpeg's output that say best what is wrong with a source. */
const TELLING_FFMPEG = [
  /Decoder \(codec [^)]+\) not found/,
  /Unsupported codec/,
  /moov atom not found/,
  /Invalid data found when processing input/,
  /Invalid NAL unit size/,
  /no frame!/,
  /does not contain any stream/,
  /Cannot determine format of input stream/,
]

const ffmpegLines = (error: FfmpegError) =>
  error.detail
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]+\] /, '').trim())
    .filter((line) => line && !line.includes('Cannot use rename') && line !== 'Conversion failed!')

/**
 * Why an error means the source can never work, or null when another attempt may change
 * the result. A rejected source is permanent; so is ffmpeg ending by itself with an error
 * on this input (it reads the same bytes the same way next time), unless what it said is
 * trouble of the machine (disk full, out of memory …). ffmpeg killed by a signal (the
 * kernel's OOM killer, a shutdown), a missing binary and every other error are transient.
 */
export function permanentReason(error: unknown): string | null {
  if (error instanceof MediaRejected) return error.message
  if (!(error instanceof FfmpegError) || error.exitCode === null) return null
  if (TRANSIENT_FFMPEG.test(`${error.message}\n${error.detail}`)) return null
  const lines = ffmpegLines(error)
  const telling = TELLING_FFMPEG.flatMap((pattern) => lines.filter((line) => pattern.test(line)))[0] ?? lines.at(-1)
  return `ffmpeg cannot decode this source, it is damaged or in a format ffmpeg does not support${telling ? ` (${telling})` : ''}`
}

const describe = (error: unknown) =>
  error instanceof FfmpegError
    ? `${error.message}${error.detail ? `: ${ffmpegLines(error).join(' / ')}` : ''}`
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * What a failed attempt means: an abort (shutdown) is retried, a cancel ends the job; a permanent problem fails
 * the item at once with its reason (returns, so the job completes and the queue goes on);
 * any other error is retried until the last attempt, which fails the item with the reason.
 */
export async function settleFailure(em: EntityManager, table: ItemTable, id: number, error: unknown, attempt: Attempt, signal?: AbortSignal): Promise<Outcome> {
  // A shutdown or a cancel from the console: the item's state is not this attempt's to write.
  if (signal?.aborted || error instanceof JobCancelled) throw error
  const permanent = permanentReason(error)
  if (permanent) {
    await markFailed(em, table, id, permanent)
    return 'failed'
  }
  const reason = describe(error)
  if (attempt.number >= attempt.max) {
    await markFailed(em, table, id, `processing failed ${attempt.max} times; last error: ${reason}`)
    return 'failed'
  }
  await em
    .getConnection()
    .execute(`update "${table}" set media_error = ? where id = ?`, [
      `attempt ${attempt.number} of ${attempt.max} failed, will retry: ${reason}`.slice(0, 4000),
      id,
    ])
  throw error
}
