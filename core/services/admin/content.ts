/**
 * The console's edit of a video or an image set: texts in five languages, downloadable,
 * category and models, the poster (a video's still), and publishing (publish now, schedule,
 * unpublish). The released state follows the one publishing rule (domain/publish.ts) at once:
 * a publish time in the future takes a released item off the site until then, an empty or
 * past one releases a ready item now, a withdrawn item stays off. Every server's catalog and
 * page caches are dropped on commit (notifyCatalogChanged).
 */
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Category, ImageSet, ImageSetModel, Model, Video, VideoModel } from '../../db/entities/index.js'
import type { LocalizedText } from '../../domain/locale.js'
import { fitWithin, POSTER_WIDTHS } from '../../domain/media/media.js'
import { isReleasable, publishingAfter, type MediaState, type MediaStatus } from '../../domain/catalog/publish.js'
import type { ContentUpdate } from '../../domain/schemas/admin.js'
import type { PublishActionInput } from '../../domain/schemas/catalog-admin.js'
import { AppError } from '../../domain/errors.js'
import { renderPicture } from '../../ffmpeg/pictures.js'
import { allLocales, changed, filled, found } from './catalog/common.js'
import { pictureUrl } from './catalog/pictures.js'
import { toPicture } from '../catalog/dto.js'
import { findItem, type IngestKind } from '../media/ingest.js'
import { publicMediaUrl } from '../media/public-urls.js'
import type { MediaStore } from '../media/store.js'

async function itemOrNotFound(em: EntityManager, kind: IngestKind, id: number) {
  return found(await findItem(em, kind, { id }))
}

/** The media state the publishing rule reads (a video's rungs included). */
const mediaState = (row: Video | ImageSet): MediaState => ({
  mediaStatus: row.mediaStatus as MediaStatus,
  ...(row instanceof Video ? { resolutions: row.resolutions, pendingResolutions: row.pendingResolutions } : {}),
})

async function modelIdsOf(em: EntityManager, kind: IngestKind, id: number): Promise<number[]> {
  const rows =
    kind === 'video'
      ? await em.find(VideoModel, { video: id }, { orderBy: { position: 'asc' } })
      : await em.find(ImageSetModel, { imageSet: id }, { orderBy: { position: 'asc' } })
  return rows.map((row) => (row.model as unknown as { id: number }).id)
}

/** The item's models in their order, as the console's model choice shows them. */
async function modelsOf(em: EntityManager, ids: number[]) {
  const rows = new Map((await em.find(Model, { id: { $in: ids } })).map((model) => [model.id, model]))
  return ids.flatMap((id) => {
    const model = rows.get(id)
    return model ? [{ id, firstName: model.firstName, avatarUrl: pictureUrl(model.avatar) }] : []
  })
}

/** What the edit form shows: every language (empty where missing), relations, stills and the publishing state. */
export async function contentForEdit(em: EntityManager, kind: IngestKind, id: number) {
  const row = await itemOrNotFound(em, kind, id)
  const video = row instanceof Video ? row : null
  return {
    kind,
    id: row.id,
    sourceName: row.sourceName ?? null,
    /** The media state the publishing status reads (a video may play at its first rungs only). */
    ...mediaState(row),
    title: allLocales(row.title),
    description: allLocales(row.description),
    tourTitle: allLocales(row.tourTitle),
    tourDescription: allLocales(row.tourDescription),
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
    withdrawn: row.withdrawn,
    downloadable: row.downloadable,
    categoryId: (row.category as { id: number } | null | undefined)?.id ?? null,
    models: await modelsOf(em, await modelIdsOf(em, kind, row.id)),
    stills: video ? video.media.stills.map((still, index) => ({ index, url: pictureUrl(still.thumb)! })) : [],
    posterStill: video?.media.posterStill ?? null,
    durationSeconds: video?.durationSeconds ?? null,
    imagesCount: row instanceof ImageSet ? row.imagesCount : null,
    /**
     * What the public card shows besides the texts: the video's poster or the image set's first
     * collage picture (its text alternative is the title the page shows), counters, hover clip.
     */
    card: {
      picture: toPicture(video ? video.media.poster : (row as ImageSet).media.previews[0], ''),
      likes: row.likes,
      dislikes: row.dislikes,
      views: row.views,
      previewClipUrl: video ? publicMediaUrl(video.media.previewClip) : null,
    },
    /** The card's picture as the tour shows it (blurred; null until its tour rendition is made). */
    tourCard: {
      picture: toPicture(video ? video.media.poster : (row as ImageSet).media.previews[0], '', 640, 'tour'),
    },
  }
}

type Item = Video | ImageSet

const snapshot = (row: Item, modelIds?: number[]) => ({
  title: row.title as LocalizedText,
  description: row.description as LocalizedText,
  tourTitle: (row.tourTitle ?? null) as LocalizedText | null,
  tourDescription: (row.tourDescription ?? null) as LocalizedText | null,
  publishAt: row.publishAt?.toISOString() ?? null,
  releasedAt: row.releasedAt?.toISOString() ?? null,
  withdrawn: row.withdrawn,
  downloadable: row.downloadable,
  categoryId: (row.category as { id: number } | null | undefined)?.id ?? null,
  ...(modelIds ? { modelIds } : {}),
})

/** Released now or not, by the one rule. */
function applyPublishingRule(row: Item, now: Date) {
  row.releasedAt = isReleasable({ ...mediaState(row), publishAt: row.publishAt ?? null, withdrawn: row.withdrawn }, now) ? (row.releasedAt ?? now) : null
}

/**
 * The item's models become `modelIds` in that order: rows kept get their new position, the
 * others are removed and new ones created (one unit of work: a native delete would leave the
 * loaded rows in the identity map, and re-created ones with the same key would not be written).
 */
async function setModels(em: EntityManager, row: Item, modelIds: number[]) {
  if (modelIds.length && (await em.count(Model, { id: { $in: modelIds } })) !== modelIds.length)
    throw new AppError('NOT_FOUND', 'notFound', undefined, 'modelIds')
  const links: Array<VideoModel | ImageSetModel> =
    row instanceof Video ? await em.find(VideoModel, { video: row.id }) : await em.find(ImageSetModel, { imageSet: row.id })
  const kept = new Map(links.map((link) => [(link.model as unknown as { id: number }).id, link]))
  for (const [model, link] of kept) if (!modelIds.includes(model)) em.remove(link)
  modelIds.forEach((model, position) => {
    const link = kept.get(model)
    if (link) link.position = position
    else if (row instanceof Video) em.create(VideoModel, { video: row, model, position })
    else em.create(ImageSetModel, { imageSet: row, model, position })
  })
  row.featuredModel = modelIds.length ? em.getReference(Model, modelIds[0]!) : null
}

export async function updateContent(em: EntityManager, input: ContentUpdate, now: Date) {
  const row = await itemOrNotFound(em, input.kind, input.id)
  const relationsChange = input.modelIds !== undefined
  const before = snapshot(row, relationsChange ? await modelIdsOf(em, input.kind, row.id) : undefined)
  row.title = filled(input.title)
  row.description = filled(input.description)
  // No language written: none stored (the tour's neutral title).
  const orNone = (text: LocalizedText) => (Object.keys(text).length ? text : null)
  if (input.tourTitle !== undefined) row.tourTitle = orNone(filled(input.tourTitle))
  if (input.tourDescription !== undefined) row.tourDescription = orNone(filled(input.tourDescription))
  row.publishAt = input.publishAt ? new Date(input.publishAt) : null
  row.downloadable = input.downloadable
  if (input.categoryId !== undefined) {
    if (input.categoryId !== null && !(await em.count(Category, { id: input.categoryId }))) throw new AppError('NOT_FOUND', 'notFound', undefined, 'categoryId')
    row.category = input.categoryId === null ? null : em.getReference(Category, input.categoryId)
  }
  if (input.modelIds !== undefined) await setModels(em, row, input.modelIds)
  applyPublishingRule(row, now)
  await em.flush()
  await changed(em, 'edit')
  return { before, after: snapshot(row, input.modelIds) }
}

/** Publish now, schedule or unpublish (domain/publish.ts `publishingAfter`). */
export async function publishContent(em: EntityManager, input: PublishActionInput, now: Date) {
  const row = await itemOrNotFound(em, input.kind, input.id)
  const before = snapshot(row)
  const at = input.at ? new Date(input.at) : null
  if (input.action === 'schedule' && (!at || at.getTime() <= now.getTime())) throw new AppError('BAD_REQUEST', 'scheduleNeedsTime', undefined, 'at')
  const next = publishingAfter(input.action, now, input.action === 'unpublish' ? (row.publishAt ?? null) : at)
  row.publishAt = next.publishAt
  row.withdrawn = next.withdrawn
  applyPublishingRule(row, now)
  await em.flush()
  await changed(em, `publish ${input.action}`)
  return { before, after: snapshot(row) }
}

/**
 * Takes videos and image sets off the site as the console's unpublish does (the answer to a
 * removal report), each locked for the change; those off already, or gone, are left out.
 * Returns each change for the audit log.
 */
export async function unpublishContent(em: EntityManager, refs: ReadonlyArray<{ kind: IngestKind; id: number }>, now: Date) {
  const changes: Array<{ kind: IngestKind; id: number; before: ReturnType<typeof snapshot>; after: ReturnType<typeof snapshot> }> = []
  for (const ref of refs) {
    const locked = { lockMode: LockMode.PESSIMISTIC_WRITE } as const
    const row: Item | null = ref.kind === 'video' ? await em.findOne(Video, ref.id, locked) : await em.findOne(ImageSet, ref.id, locked)
    if (!row || row.withdrawn) continue
    const before = snapshot(row)
    const next = publishingAfter('unpublish', now, row.publishAt ?? null)
    row.publishAt = next.publishAt
    row.withdrawn = next.withdrawn
    applyPublishingRule(row, now)
    changes.push({ ...ref, before, after: snapshot(row) })
  }
  if (changes.length) {
    await em.flush()
    await changed(em, 'unpublish')
  }
  return changes
}

/**
 * Makes a video's poster (every poster width) from one of its stills: the members-only full-size
 * still is rendered again into new public files (new names, so no cache serves the old poster).
 * A later re-processing of the video makes the pipeline's own poster again.
 */
export async function setPosterFromStill(em: EntityManager, store: MediaStore, id: number, still: number) {
  const video = found(await em.findOne(Video, id))
  const chosen = video.media.stills[still]
  if (!chosen) throw new AppError('BAD_REQUEST', 'stillMissing', undefined, 'still')
  const tmp = path.join(os.tmpdir(), `poster-${crypto.randomUUID()}.jpg`)
  const folder = `public/${video.mediaKey}/posters/${crypto.randomBytes(6).toString('hex')}`
  try {
    await pipeline(await store.openRead(chosen.full.path), createWriteStream(tmp))
    const widths = POSTER_WIDTHS.filter((width) => width <= chosen.full.width)
    const targets = (widths.length ? widths : [chosen.full.width]).map((width) => {
      const size = fitWithin(chosen.full.width, chosen.full.height, width, 'width')
      const stored = `${folder}/poster-${size.width}.jpg`
      return { file: store.absolute(stored), stored, ...size, tour: true }
    })
    const poster = await renderPicture(tmp, targets)
    await store.keepLocal(folder)
    const before = { poster: video.media.poster, posterStill: video.media.posterStill ?? null }
    video.media = { ...video.media, poster, posterStill: still }
    await em.flush()
    await changed(em, 'poster')
    return { before, after: { poster, posterStill: still }, posterUrl: pictureUrl(poster.find((p) => p.width >= 640) ?? poster.at(-1)) }
  } finally {
    await fs.rm(tmp, { force: true })
  }
}
