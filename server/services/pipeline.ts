/**
 * The console's view of the media pipeline: every ingested video and image set with its
 * state, progress, failure reason and the attempts of its job, and the live worker pools.
 * Retrying reuses the ingest's own retry (`retryItem`, as `npm run ingest -- --retry`).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { localize, type Locale, type LocalizedText } from '../domain/locale.js'
import { AppError } from '../domain/errors.js'
import { comingResolutions, mediaAvailability, type MediaStatus } from '../domain/publish.js'
import type { Resolution } from '../domain/resolutions.js'
import { findItem, retryItem, type IngestKind } from './ingest.js'
import { WORKER_POOL_LOCK_CLASS } from './jobs.js'

export const PIPELINE_FILTERS = ['all', 'active', 'failed', 'ready'] as const
export type PipelineFilter = (typeof PIPELINE_FILTERS)[number]
export const PIPELINE_LIMIT = 100

const STATES: Record<PipelineFilter, readonly string[]> = {
  all: ['pending', 'processing', 'ready', 'failed'],
  active: ['pending', 'processing'],
  failed: ['failed'],
  ready: ['ready'],
}

interface Row {
  kind: IngestKind
  id: number
  title: LocalizedText
  source_name: string
  media_status: MediaStatus
  media_progress: number
  /** Videos: the published rungs and the higher ones still to come (empty for image sets). */
  resolutions: Resolution[]
  pending_resolutions: Resolution[]
  media_error: string | null
  updated_at: Date
  released_at: Date | null
  publish_at: Date | null
  attempts: number | null
  max_attempts: number | null
  locked_at: Date | null
  last_error: string | null
}

const itemsOf = (table: 'video' | 'image_set', kind: IngestKind, jobKey: string) => `
  select '${kind}' as kind, t.id, t.title, t.source_name, t.media_status, t.media_progress, t.media_error, t.updated_at,
         ${table === 'video' ? 't.resolutions, t.pending_resolutions' : `'{}'::text[] as resolutions, '{}'::text[] as pending_resolutions`},
         t.released_at, t.publish_at, j.attempts, j.max_attempts, j.locked_at, j.last_error
    from "${table}" t left join graphile_worker.jobs j on j.key = '${jobKey}' || t.id
   where t.source_name is not null and t.media_status = any(?::text[])`

/** The newest ingested items (up to PIPELINE_LIMIT) in the filter's states, and the worker count. */
export async function listPipeline(em: EntityManager, { filter, locale }: { filter: PipelineFilter; locale: Locale }) {
  const states = `{${STATES[filter].join(',')}}`
  const connection = em.getConnection()
  const rows = await connection.execute<Row[]>(
    `select * from (${itemsOf('video', 'video', 'media:video:')} union all ${itemsOf('image_set', 'imageSet', 'media:image-set:')}) items
      order by updated_at desc, id desc limit ${PIPELINE_LIMIT}`,
    [states, states],
  )
  const [{ n: workers }] = await connection.execute<[{ n: number }]>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and classid = ? and objsubid = 2`,
    [WORKER_POOL_LOCK_CLASS],
  )
  return {
    workers,
    items: rows.map((row) => ({
      ...playableWhileMaking(row),
      kind: row.kind,
      id: row.id,
      title: localize(row.title, locale),
      sourceName: row.source_name,
      state: row.media_status,
      progress: row.media_status === 'ready' ? 1 : Number(row.media_progress),
      error: row.media_error,
      updatedAt: new Date(row.updated_at).toISOString(),
      releasedAt: row.released_at ? new Date(row.released_at).toISOString() : null,
      publishAt: row.publish_at ? new Date(row.publish_at).toISOString() : null,
      // The job while it waits, runs or is retried with backoff (graphile-worker deletes it when done).
      job: row.attempts === null ? null : { attempts: row.attempts, maxAttempts: row.max_attempts!, running: row.locked_at !== null, lastError: row.last_error },
    })),
  }
}

/**
 * A video playable at its first rungs while the rest is made or after making it failed
 * (domain/publish.ts): `partial` names the rungs it plays and those on their way.
 */
function playableWhileMaking(row: Row): { partial: { playable: Resolution[]; coming: Resolution[] } | null } {
  const state = { mediaStatus: row.media_status, resolutions: row.resolutions, pendingResolutions: row.pending_resolutions }
  return { partial: mediaAvailability(state) === 'partial' ? { playable: row.resolutions, coming: [...comingResolutions(state)] } : null }
}

/** What the audit log keeps of an item's pipeline state. */
const pipelineState = (row: { mediaStatus: string; mediaError?: string | null; mediaProgress: unknown }) => ({
  mediaStatus: row.mediaStatus,
  mediaError: row.mediaError ?? null,
  mediaProgress: Number(row.mediaProgress),
})

/**
 * Queues a failed item again (the ingest's retry). Only failed items: a queued or running one
 * is already on its way, and a ready one would be made again from scratch.
 */
export async function retryFailedItem(em: EntityManager, kind: IngestKind, id: number) {
  const row = await findItem(em, kind, { id })
  const name = row?.sourceName
  if (!row || !name) throw new AppError('NOT_FOUND', 'notFound')
  if (row.mediaStatus !== 'failed') throw new AppError('CONFLICT', 'itemNotFailed')
  const before = pipelineState(row)
  await retryItem(em, kind, id)
  await em.refresh(row)
  return { before, after: pipelineState(row), name }
}
