/**
 * Catalog use cases: every list through the shared builder, the detail pages, banners.
 * Public answers go through the cache; the caller's own state is added on top.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ImageRef, LocalizedText } from '../../db/entities/types.js'
import { localize, type Locale } from '../../domain/locale.js'
import type { ListQuery, ListRelation } from '../../domain/schemas/catalog.js'
import type { Resolution } from '../../domain/media/resolutions.js'
import type { InteractionKind } from '../../domain/schemas/interactions.js'
import { AppError } from '../../domain/errors.js'
import { freshCounts } from './interactions.js'
import type { CatalogCache } from './cache.js'
import {
  contentDetail,
  freeText,
  toPicture,
  type BannerItem,
  type CatalogVariant,
  type CategoryDetail,
  type ImageSetDetail,
  type ImageSetRow,
  type ListResult,
  type ModelDetail,
  type ModelRow,
  type UserItemState,
  type VideoDetail,
  type VideoRow,
} from './dto.js'
import { normalizeListQuery, runList, withStates, type ListSource, type NormalizedListQuery } from './list-query.js'
import { categorySource, imageSetSource, modelSource, videoSource } from './sources.js'
import { query, raw, sql, type Sql } from '../../db/sql.js'
import { released } from './released.js'
import { translator } from '../../i18n.js'

export interface CatalogCaller {
  em: EntityManager
  now: Date
  user: { id: number } | null
  cache: CatalogCache
  /**
   * The full catalog, or the tour for a visitor who may not see explicit material
   * (`accessVariant` of the request's AgeAccess; docs/age-assurance.md): tour-safe pictures
   * and texts, no clips or stills. Part of every cache key.
   */
  variant: CatalogVariant
  /**
   * Told when this answer is not the same for every visitor of the same query (a fresh random
   * order): whoever keeps whole answers for visitors (server/http/public-answers.ts) must not keep it.
   */
  onPersonal?: () => void
}

type Stated<T> = T & { state?: UserItemState | null }

/**
 * A list: the public part from the cache when it is the same for everyone (no favorites or
 * watch-later filter, no fresh random order), then the caller's state when `with` asks for it.
 */
async function listOf<Row, Item extends { id: number }>(
  source: ListSource<Row, Item>,
  caller: CatalogCaller,
  input: ListQuery,
): Promise<ListResult<Stated<Item>>> {
  const q = normalizeListQuery(source.kind, input, caller.variant)
  const userId = caller.user?.id ?? null
  const personal = q.favorite || q.watchLater
  const shared = !personal && !q.random
  if (!shared) caller.onPersonal?.()
  const totalOf = shared ? (count: () => Promise<number>) => caller.cache.getOrLoad(`total:${totalKey(q)}`, count) : undefined
  const load = () => runList(source, q, { em: caller.em, now: caller.now, userId, totalOf })
  const result = shared ? await caller.cache.getOrLoad(`list:${publicKey(q)}`, load) : await load()
  if (!q.relations.includes('rating')) return result
  return { ...result, items: await withStates(caller.em, source.state, userId, result.items) }
}

/** The cache key of a list's public part: the normalised query without per-caller parts. */
function publicKey(q: NormalizedListQuery): string {
  return JSON.stringify({ ...q, relations: q.relations.filter((r) => r !== 'rating') })
}

/** The cache key of a list's total: every page, page size, order and set of relations of a list has the same. */
function totalKey(q: NormalizedListQuery): string {
  return publicKey({ ...q, page: 1, perPage: 0, sort: { name: 'newest', direction: 'desc' }, relations: [] })
}

export const listVideos = (caller: CatalogCaller, input: ListQuery) => listOf(videoSource, caller, input)
export const listImageSets = (caller: CatalogCaller, input: ListQuery) => listOf(imageSetSource, caller, input)
export const listModels = (caller: CatalogCaller, input: ListQuery) => listOf(modelSource, caller, input)
export const listCategories = (caller: CatalogCaller, input: ListQuery) => listOf(categorySource, caller, input)

const ALL_RELATIONS: ListRelation[] = ['category', 'featured_model', 'featured_preview', 'models']

/** One row of a source, by id, with every relation, under the source's visibility rules. */
async function oneRow<Row>(source: ListSource<Row, unknown>, caller: CatalogCaller, locale: Locale, id: number, extra: Sql): Promise<Row> {
  const q = normalizeListQuery(source.kind, { locale, with: ALL_RELATIONS }, caller.variant)
  const conditions = [...source.visibility(q, caller.now), sql`t.id = ${id}`]
  const rows = await query<Row>(
    caller.em,
    sql`select ${source.columns(q)}${extra} from ${source.table} ${source.joins(q)} where ${conditions.reduce((a, b) => sql`${a} and ${b}`)}`,
  )
  if (!rows[0]) throw new AppError('NOT_FOUND', 'notFound')
  return rows[0]
}

/**
 * A detail page: the public part cached per id and locale, the caller's state on top. A
 * signed-in caller also gets the item's counters read now, so a like they just gave shows in
 * the count at once (visitors' cached counters lag by at most the cache TTL). The page is built
 * from the item's row, with the `extra` columns beside the list's, and its list item.
 */
async function detailOf<SourceRow, Item, DetailRow extends SourceRow, T extends { id: number; likes: number; dislikes: number }>(
  caller: CatalogCaller,
  kind: InteractionKind,
  source: ListSource<SourceRow, Item>,
  { id, locale }: { id: number; locale: Locale },
  extra: Sql,
  build: (row: DetailRow, item: Item) => T | Promise<T>,
): Promise<T & { state: UserItemState | null }> {
  const item = await caller.cache.getOrLoad(`${kind}:${id}:${locale}:${caller.variant}`, async () => {
    const row = await oneRow(source as unknown as ListSource<DetailRow, unknown>, caller, locale, id, extra)
    return build(row, source.map(row, normalizeListQuery(source.kind, { locale }, caller.variant), caller.now))
  })
  const [stated] = await withStates(caller.em, source.state, caller.user?.id ?? null, [item])
  if (!caller.user) return stated!
  const counts = await freshCounts(caller.em, kind, item.id)
  if (!counts) return stated!
  return { ...stated!, likes: counts.likes, dislikes: counts.dislikes, ...('views' in item ? { views: counts.views } : {}) }
}

interface VideoDetailRow extends VideoRow {
  description: LocalizedText
  tour_description: LocalizedText | null
  resolutions: Resolution[]
  downloadable: boolean
  stills: Array<{ thumb: ImageRef; full: ImageRef }> | null
}

/** A released video; an upcoming or unknown one is NOT_FOUND (spec section 4). */
export function videoDetail(caller: CatalogCaller, target: { id: number; locale: Locale }) {
  const { variant } = caller
  const extra = raw(`, t.description, t.tour_description, t.resolutions, t.downloadable, t.media->'stills' as stills`)
  return detailOf(caller, 'video', videoSource, target, extra, (row: VideoDetailRow, item): VideoDetail => {
    const { locale } = target
    return {
      ...contentDetail(item, row, locale, variant),
      resolutions: row.resolutions,
      downloadable: row.downloadable,
      poster: toPicture(row.poster, item.title, 1280, variant),
      // The tour shows no stills.
      previews:
        variant === 'tour'
          ? []
          : (row.stills ?? []).map((still, index) => ({ id: index + 1, thumbnail: toPicture(still.thumb, `${item.title} (${index + 1})`, 320) })),
    }
  })
}

interface ImageSetDetailRow extends ImageSetRow {
  description: LocalizedText
  tour_description: LocalizedText | null
  downloadable: boolean
  previews: ImageRef[] | null
}

export function imageSetDetail(caller: CatalogCaller, target: { id: number; locale: Locale }) {
  const { variant } = caller
  const extra = raw(`, t.description, t.tour_description, t.downloadable, t.media->'previews' as previews`)
  return detailOf(caller, 'imageSet', imageSetSource, target, extra, async (row: ImageSetDetailRow, item): Promise<ImageSetDetail> => {
    const { id, locale } = target
    // The tour shows the set's blurred preview collage, none of its pictures (they are its stills).
    const images =
      variant === 'tour'
        ? []
        : await query<{ id: number; position: number; alt: LocalizedText; thumb: ImageRef | null }>(
            caller.em,
            sql`select id, position, alt, media->'thumb' as thumb from image where image_set_id = ${id} order by position, id`,
          )
    return {
      ...contentDetail(item, row, locale, variant),
      downloadable: row.downloadable,
      hasDownload: row.downloadable,
      previews: (row.previews ?? []).flatMap((ref) => toPicture(ref, item.title, 640, variant) ?? []),
      images: images.map((image) => ({
        id: image.id,
        position: image.position,
        thumbnail: toPicture(image.thumb, localize(image.alt, locale) || `${item.title} (${image.position})`, 320),
      })),
    }
  })
}

interface ModelDetailRow extends ModelRow {
  description: LocalizedText
  bio: LocalizedText
  alt: LocalizedText
  preview: ImageRef | null
  cup_size: string | null
  genital_area: string | null
  height_cm: number | null
  weight_kg: number | null
  zodiac: string | null
  preferences: string[]
  videos_count: number
  image_sets_count: number
}

export function modelDetail(caller: CatalogCaller, target: { id: number; locale: Locale }) {
  const { variant } = caller
  const tour = variant === 'tour'
  const extra = raw(`, t.description, t.bio, t.alt, t.preview, t.cup_size, t.genital_area, t.height_cm, t.weight_kg, t.zodiac, t.preferences,
        (select count(*)::int from video_model m join video v on v.id = m.video_id where m.model_id = t.id and ${released('v')}) as videos_count,
        (select count(*)::int from image_set_model m join image_set s on s.id = m.image_set_id where m.model_id = t.id and ${released('s')}) as image_sets_count`)
  return detailOf(caller, 'model', modelSource, target, extra, (row: ModelDetailRow, item): ModelDetail => {
    const { locale } = target
    // The picture's text alternative describes the picture: the tour's is blurred, so it gets the name.
    const alt = (!tour && localize(row.alt, locale)) || item.name
    return {
      ...item,
      description: freeText(row.description, locale, variant),
      bio: freeText(row.bio, locale, variant),
      avatar: toPicture(row.avatar, alt, 160, variant),
      preview: toPicture(row.preview ?? row.avatar, alt, 800, variant),
      // The tour leaves out the sexual characteristics and preferences; the rest is a profile's plain facts.
      facts: {
        cupSize: tour ? null : row.cup_size,
        genitalArea: tour ? null : row.genital_area,
        heightCm: row.height_cm,
        weightKg: row.weight_kg,
        nationality: row.nationality,
        zodiac: row.zodiac,
      },
      preferences: tour ? [] : row.preferences,
      videosCount: row.videos_count,
      imageSetsCount: row.image_sets_count,
      state: null,
    }
  })
}

export function categoryDetail(caller: CatalogCaller, { id, locale }: { id: number; locale: Locale }): Promise<CategoryDetail> {
  return caller.cache.getOrLoad(`category:${id}:${locale}:${caller.variant}`, async () => {
    const row = await oneRow(categorySource, caller, locale, id, raw(''))
    return categorySource.map(row, normalizeListQuery('categories', { locale }, caller.variant), caller.now)
  })
}

export function banners(caller: CatalogCaller, { locale, position }: { locale: Locale; position: 'top' | 'bottom' }): Promise<BannerItem[]> {
  const { variant } = caller
  return caller.cache.getOrLoad(`banners:${position}:${locale}:${variant}`, async () => {
    const rows = await query<{ id: number; title: LocalizedText; image: ImageRef | ImageRef[] | null; link_path: string | null }>(
      caller.em,
      // The schedule as services/catalog-admin/banners.ts `isShowing` states it; a cached list follows it within the cache's TTL.
      sql`select id, title, image, link_path from banner
           where active and position = ${position}
             and (starts_at is null or starts_at <= ${caller.now.toISOString()}::timestamptz)
             and (ends_at is null or ends_at > ${caller.now.toISOString()}::timestamptz)
           order by sort_order, id`,
    )
    return rows.map((row, index) => {
      // A banner's title is promotional text about an item: the tour shows a neutral one.
      const title = variant === 'tour' ? translator(locale).tour.fallback.banner({ position: index + 1 }) : localize(row.title, locale)
      return { id: row.id, title, picture: toPicture(row.image, title, 1600, variant), linkPath: row.link_path }
    })
  })
}

export type DetailKind = 'videos' | 'images' | 'models' | 'categories'

/** The title of a detail page that exists and may be shown, else null (for the HTML shell). */
export async function detailTitle(caller: CatalogCaller, kind: DetailKind, id: number, locale: Locale): Promise<string | null> {
  const load = { videos: videoDetail, images: imageSetDetail, models: modelDetail, categories: categoryDetail }[kind]
  try {
    const item = await load({ ...caller, user: null }, { id, locale })
    return 'title' in item ? item.title : item.name
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null
    throw error
  }
}
