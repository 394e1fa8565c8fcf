import type { EntityManager } from '@mikro-orm/postgresql'
import { UnreadableMediaError } from '../ffmpeg/probe.js'
import { FfmpegError } from '../ffmpeg/run.js'
import type { ItemTable } from './progress.js'

/** The source itself is unusable: the item fails at once with this reason, no retry. */
export class MediaRejected extends Error {
  override name = 'MediaRejected'
}

export interface Attempt {
  number: number
  max: number
}

export type Outcome = 'ready' | 'failed' | 'skipped'

/** Marks an item failed with a reason content ops can read (the queue goes on). */
export async function markFailed(em: EntityManager, table: ItemTable, id: number, reason: string): Promise<void> {
  await em
    .getConnection()
    .execute(`update "${table}" set media_status = 'failed', media_error = ?, updated_at = now() where id = ?`, [reason.slice(0, 4000), id])
}

export async function markProcessing(em: EntityManager, table: ItemTable, id: number, note: string | null): Promise<void> {
  await em
    .getConnection()
    .execute(`update "${table}" set media_status = 'processing', media_error = ?, media_progress = 0, updated_at = now() where id = ?`, [note, id])
}

const describe = (error: unknown) =>
  error instanceof FfmpegError
    ? `${error.message}${error.detail ? `: ${error.detail.split('\n').filter((l) => !l.includes('Cannot use rename')).join(' / ')}` : ''}`
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * What a failed attempt means: a rejected source fails the item for good (returns, so the
 * job completes and the queue goes on); an abort (shutdown) is retried; any other error
 * is retried until the last attempt, which fails the item with the reason.
 */
export async function settleFailure(em: EntityManager, table: ItemTable, id: number, error: unknown, attempt: Attempt, signal?: AbortSignal): Promise<Outcome> {
  if (error instanceof MediaRejected || error instanceof UnreadableMediaError) {
    await markFailed(em, table, id, error.message)
    return 'failed'
  }
  if (signal?.aborted) throw error
  const reason = describe(error)
  if (attempt.number >= attempt.max) {
    await markFailed(em, table, id, `processing failed ${attempt.max} times; last error: ${reason}`)
    return 'failed'
  }
  await em
    .getConnection()
    .execute(`update "${table}" set media_error = ? where id = ?`, [`attempt ${attempt.number} of ${attempt.max} failed, will retry: ${reason}`.slice(0, 4000), id])
  throw error
}
