/**
 * The console's edit of a video's or image set's texts and publishing. The released state
 * follows the one publishing rule (domain/publish.ts) at once: a publish time in the future
 * takes a released item off the site until then; an empty or past one releases a ready item
 * now. Every server's catalog cache is dropped on commit (notifyCatalogChanged).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { LOCALES, type LocalizedText } from '../domain/locale.js'
import { isPlayable, isReleasable, type MediaState, type MediaStatus } from '../domain/publish.js'
import { Video, type ImageSet } from '../db/entities/index.js'
import type { ContentUpdate } from '../domain/schemas/admin.js'
import { AppError } from '../domain/errors.js'
import { findItem, type IngestKind } from './ingest.js'
import { notifyCatalogChanged } from './release.js'

const allLocales = (text: LocalizedText) => Object.fromEntries(LOCALES.map((locale) => [locale, text[locale] ?? ''])) as Record<(typeof LOCALES)[number], string>

async function itemOrNotFound(em: EntityManager, kind: IngestKind, id: number) {
  const row = await findItem(em, kind, { id })
  if (!row) throw new AppError('NOT_FOUND', 'notFound')
  return row
}

/** The media state the publishing rule reads (a video's rungs included). */
const mediaState = (row: Video | ImageSet): MediaState => ({
  mediaStatus: row.mediaStatus as MediaStatus,
  ...(row instanceof Video ? { resolutions: row.resolutions, pendingResolutions: row.pendingResolutions } : {}),
})

/** What the edit form shows: every language (empty where missing) and the publishing state. */
export async function contentForEdit(em: EntityManager, kind: IngestKind, id: number) {
  const row = await itemOrNotFound(em, kind, id)
  return {
    kind,
    id: row.id,
    sourceName: row.sourceName ?? null,
    mediaStatus: row.mediaStatus as MediaStatus,
    /** The media plays (a video perhaps at its first rungs only): a publish time is a schedule. */
    playable: isPlayable(mediaState(row)),
    title: allLocales(row.title),
    description: allLocales(row.description),
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
    downloadable: row.downloadable,
  }
}

/** Only the languages given (an empty text is a missing translation). */
const filled = (text: Record<string, string>): LocalizedText => Object.fromEntries(Object.entries(text).filter(([, value]) => value !== ''))

const snapshot = (row: { title: LocalizedText; description: LocalizedText; publishAt?: Date | null; releasedAt?: Date | null; downloadable: boolean }) => ({
  title: row.title,
  description: row.description,
  publishAt: row.publishAt?.toISOString() ?? null,
  releasedAt: row.releasedAt?.toISOString() ?? null,
  downloadable: row.downloadable,
})

export async function updateContent(em: EntityManager, input: ContentUpdate, now: Date) {
  const row = await itemOrNotFound(em, input.kind, input.id)
  const before = snapshot(row)
  row.title = filled(input.title)
  row.description = filled(input.description)
  row.publishAt = input.publishAt ? new Date(input.publishAt) : null
  row.downloadable = input.downloadable
  row.releasedAt = isReleasable({ ...mediaState(row), publishAt: row.publishAt }, now) ? (row.releasedAt ?? now) : null
  await em.flush()
  await notifyCatalogChanged(em, 'admin edit')
  return { before, after: snapshot(row) }
}
