/**
 * What the catalog procedures answer, and the mapping from stored rows: localised texts (with
 * the de, then en fallback), public media URLs, the publish state. Members-only media never
 * appears here; the playback area adds it behind its own checks.
 */
import type { ImageRef, LocalizedText } from '../../db/entities/types.js'
import { localize, type Locale } from '../../domain/locale.js'
import { ageOn } from '../../domain/catalog/model-facts.js'
import { publishState, type PublishState } from '../../domain/catalog/publish.js'
import type { Resolution } from '../../domain/media/resolutions.js'
import { publicMediaUrl } from '../media/public-urls.js'
import { tourWebpPathOf } from '../../domain/media/tour.js'
import { translator } from '../../i18n.js'
import type { accessVariant } from '../../domain/age/access.js'

/**
 * Which catalog a caller gets: `full`, or `tour` for a visitor who may not see explicit
 * material (AgeAccess.explicitAllowed false; docs/age-assurance.md, "What a tour shows"): the
 * same shapes with tour-safe pictures and texts, and no clips or stills.
 */
export type CatalogVariant = ReturnType<typeof accessVariant>

/** A picture ready for an <img>: the URL, its size, the text alternative, other widths. */
export interface Picture {
  src: string
  width: number
  height: number
  alt: string
  /** `url 320w, url 640w…` when several widths exist. */
  srcSet?: string
  /** The same widths as WebP (`<source type="image/webp">`), where the worker made them: `url` for one width, else `url 320w, …`. */
  webpSrcSet?: string
}

export type Rating = 'like' | 'dislike'

/** The signed-in caller's state for one item (spec section 3: rating, favorite, watch_later, view). */
export interface UserItemState {
  rating: Rating | null
  favorite: boolean
  watchLater: boolean
  view: boolean
}

export const EMPTY_STATE: UserItemState = { rating: null, favorite: false, watchLater: false, view: false }

interface ModelRef {
  id: number
  name: string
  avatar: Picture | null
}

interface CategoryRef {
  id: number
  title: string
}

/** Fields every list item of videos and image sets has. */
interface ContentItem {
  id: number
  title: string
  likes: number
  dislikes: number
  views: number
  /** The stored publish_at (spec: empty means published on release). */
  publishAt: string | null
  /** When it was or will be published: publish_at, else the release time. */
  publishedAt: string | null
  publishState: PublishState
  /** With `featured_preview`. */
  featuredPreview?: Picture | null
  /** With `featured_model`. */
  featuredModel?: ModelRef | null
  /** With `models`. */
  models?: ModelRef[]
  /** With `category`. */
  category?: CategoryRef | null
  /** With `rating`, for a signed-in caller; null for visitors. */
  state?: UserItemState | null
}

export interface VideoItem extends ContentItem {
  durationSeconds: number
  highestResolution: Resolution | null
  /** Public hover clips (the playback area plays them). */
  previewClipUrl: string | null
  thumbnailClipUrl: string | null
}

export interface ImageSetItem extends ContentItem {
  imagesCount: number
  membersOnly: boolean
}

export interface ModelItem {
  id: number
  name: string
  age: number | null
  likes: number
  dislikes: number
  picture: Picture | null
  nationality: string | null
  state?: UserItemState | null
}

export interface CategoryItem {
  id: number
  slug: string
  title: string
  description: string
  logo: Picture | null
  preview: Picture | null
  featured: boolean
}

interface ListMeta {
  total: number
  last_page: number
  /** The page answered (after clamping) and its size. */
  page: number
  per_page: number
  /** A broad search's total is estimated from the search statistics, not counted. */
  estimated?: boolean
}

export interface ListResult<T> {
  items: T[]
  meta: ListMeta
}

/** The tour's picture instead of a stored one: its blurred rendition (same size), or nothing where none was made yet. */
const tourRef = (ref: ImageRef): ImageRef[] =>
  typeof ref.tour === 'string' ? [{ path: ref.tour, width: ref.width, height: ref.height, webp: tourWebpPathOf(ref.tour) }] : []

/**
 * One stored picture, or several widths of it, as a Picture; null where media is missing. In the
 * tour, the blurred renditions in their place (the same widths): never the originals.
 */
export function toPicture(refs: ImageRef | ImageRef[] | null | undefined, alt: string, preferredWidth = 640, variant: CatalogVariant = 'full'): Picture | null {
  const stored = (Array.isArray(refs) ? refs : refs ? [refs] : []).filter((ref): ref is ImageRef => !!ref)
  const list = (variant === 'tour' ? stored.flatMap(tourRef) : stored).filter((ref) => publicMediaUrl(ref.path))
  if (!list.length) return null
  const sorted = [...list].sort((a, b) => a.width - b.width)
  const chosen = sorted.find((ref) => ref.width >= preferredWidth) ?? sorted[sorted.length - 1]!
  const picture: Picture = { src: publicMediaUrl(chosen.path)!, width: chosen.width, height: chosen.height, alt }
  if (sorted.length > 1) picture.srcSet = sorted.map((ref) => `${publicMediaUrl(ref.path)} ${ref.width}w`).join(', ')
  const webp = sorted.filter((ref) => publicMediaUrl(ref.webp))
  if (webp.length === 1) picture.webpSrcSet = publicMediaUrl(webp[0]!.webp)!
  else if (webp.length > 1) picture.webpSrcSet = webp.map((ref) => `${publicMediaUrl(ref.webp)} ${ref.width}w`).join(', ')
  return picture
}

/** Row shapes the catalog's SQL returns (snake_case columns, JSON relations). */
interface ModelRefRow {
  id: number
  first_name: string
  avatar: ImageRef | null
}

interface ContentRow {
  id: number
  title: LocalizedText
  /** The editor's tour-safe title (what the tour shows instead), if any. */
  tour_title?: LocalizedText | null
  likes: number
  dislikes: number
  views: number
  publish_at: Date | string | null
  published_at: Date | string | null
  poster?: ImageRef | ImageRef[] | null
  featured_model?: ModelRefRow | null
  models?: ModelRefRow[] | null
  category?: { id: number; title: LocalizedText } | null
}

export interface VideoRow extends ContentRow {
  duration_seconds: number
  highest_resolution: Resolution | null
  preview_clip: string | null
  thumbnail_clip: string | null
}

export interface ImageSetRow extends ContentRow {
  images_count: number
  members_only: boolean
}

export interface ModelRow {
  id: number
  first_name: string
  birth_date: Date | string | null
  likes: number
  dislikes: number
  avatar: ImageRef | null
  preview_thumbnail: ImageRef | null
  nationality: string | null
}

export interface CategoryRow {
  id: number
  slug: string
  title: LocalizedText
  description: LocalizedText
  logo: ImageRef | null
  preview: ImageRef | null
  featured: boolean
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)
const date = (value: Date | string | null | undefined) => (value ? new Date(value) : null)

function toModelRef(row: ModelRefRow, variant: CatalogVariant = 'full'): ModelRef {
  // A model's first name is no explicit text: the tour shows it (docs/age-assurance.md).
  return { id: row.id, name: row.first_name, avatar: toPicture(row.avatar, row.first_name, 160, variant) }
}

type ContentKind = 'video' | 'imageSet'

/**
 * An item's title as the variant shows it: its own, or in the tour the editor's tour title
 * (any language an editor wrote is safe for the tour: the usual de, then en fallback) or a
 * neutral one ("Video 12"), never the item's own title.
 */
function contentTitle(
  kind: ContentKind,
  row: { id: number; title: LocalizedText; tour_title?: LocalizedText | null },
  locale: Locale,
  variant: CatalogVariant,
): string {
  if (variant === 'full') return localize(row.title, locale)
  return localize(row.tour_title, locale) || translator(locale).tour.fallback[kind]({ id: row.id })
}

/** An item's description as the variant shows it: its own, or in the tour the editor's tour description (or none). */
function contentDescription(row: { description: LocalizedText; tour_description?: LocalizedText | null }, locale: Locale, variant: CatalogVariant): string {
  return variant === 'full' ? localize(row.description, locale) : localize(row.tour_description, locale)
}

/**
 * What a video's and an image set's detail add alike to their list item: the description the
 * variant shows, whether it is the tour's, and the list's optional joins made definite (the
 * caller's state comes on top, from detailOf).
 */
export function contentDetail<I extends ContentItem>(
  item: I,
  row: { description: LocalizedText; tour_description?: LocalizedText | null },
  locale: Locale,
  variant: CatalogVariant,
) {
  return {
    ...item,
    description: contentDescription(row, locale, variant),
    tour: variant === 'tour',
    featuredModel: item.featuredModel ?? null,
    models: item.models ?? [],
    category: item.category ?? null,
    state: null,
  }
}

/** A free text of the catalog's editors (a model's bio, a category's description): the tour shows none (no tour text exists for it). */
export const freeText = (text: LocalizedText | null | undefined, locale: Locale, variant: CatalogVariant): string =>
  variant === 'full' ? localize(text, locale) : ''

function toContentItem(kind: ContentKind, row: ContentRow, locale: Locale, now: Date, variant: CatalogVariant): ContentItem {
  const title = contentTitle(kind, row, locale, variant)
  const item: ContentItem = {
    id: row.id,
    title,
    likes: row.likes,
    dislikes: row.dislikes,
    views: row.views,
    publishAt: iso(row.publish_at),
    publishedAt: iso(row.published_at),
    publishState: publishState(date(row.publish_at), now),
  }
  if (row.poster !== undefined) item.featuredPreview = toPicture(row.poster, title, 640, variant)
  if (row.featured_model !== undefined) item.featuredModel = row.featured_model ? toModelRef(row.featured_model, variant) : null
  if (row.models !== undefined) item.models = (row.models ?? []).map((model) => toModelRef(model, variant))
  // A category's title is the site's navigation (a genre's name), shown in the tour too.
  if (row.category !== undefined) item.category = row.category ? { id: row.category.id, title: localize(row.category.title, locale) } : null
  return item
}

export function toVideoItem(row: VideoRow, locale: Locale, now: Date, variant: CatalogVariant = 'full'): VideoItem {
  const tour = variant === 'tour'
  return {
    ...toContentItem('video', row, locale, now, variant),
    durationSeconds: row.duration_seconds,
    highestResolution: row.highest_resolution,
    // The tour offers no clip: hover and thumbnail clips are explicit (their URLs answer 403 there).
    previewClipUrl: tour ? null : publicMediaUrl(row.preview_clip),
    thumbnailClipUrl: tour ? null : publicMediaUrl(row.thumbnail_clip),
  }
}

export function toImageSetItem(row: ImageSetRow, locale: Locale, now: Date, variant: CatalogVariant = 'full'): ImageSetItem {
  return { ...toContentItem('imageSet', row, locale, now, variant), imagesCount: row.images_count, membersOnly: row.members_only }
}

export function toModelItem(row: ModelRow, _locale: Locale, now: Date, variant: CatalogVariant = 'full'): ModelItem {
  const birth = date(row.birth_date)
  return {
    id: row.id,
    name: row.first_name,
    age: birth ? ageOn(birth, now) : null,
    likes: row.likes,
    dislikes: row.dislikes,
    picture: toPicture(row.preview_thumbnail ?? row.avatar, row.first_name, 400, variant),
    nationality: row.nationality,
  }
}

export function toCategoryItem(row: CategoryRow, locale: Locale, variant: CatalogVariant = 'full'): CategoryItem {
  const title = localize(row.title, locale)
  return {
    id: row.id,
    slug: row.slug,
    title,
    description: freeText(row.description, locale, variant),
    logo: toPicture(row.logo, title, 160, variant),
    preview: toPicture(row.preview, title, 640, variant),
    featured: row.featured,
  }
}

export interface VideoDetail extends VideoItem {
  description: string
  /** The tour's answer (docs/age-assurance.md): blurred pictures, tour texts, no stills or clips. */
  tour: boolean
  /** Rungs the video has, lowest first. */
  resolutions: Resolution[]
  downloadable: boolean
  /** The featured preview in a large width, for the player area. */
  poster: Picture | null
  /** Preview stills (public thumbnails; members get full size from the playback area). */
  previews: Array<{ id: number; thumbnail: Picture | null }>
  featuredModel: ModelRef | null
  models: ModelRef[]
  category: CategoryRef | null
  state: UserItemState | null
}

export interface ImageSetDetail extends ImageSetItem {
  description: string
  /** The tour's answer (docs/age-assurance.md): the blurred collage, tour texts, none of the set's pictures. */
  tour: boolean
  downloadable: boolean
  /** Spec: has_download — a download exists for members whose plan includes downloads. */
  hasDownload: boolean
  /** The preview collage (public). */
  previews: Picture[]
  /** Every image as a public thumbnail; full size is for members (playback area). */
  images: Array<{ id: number; position: number; thumbnail: Picture | null }>
  featuredModel: ModelRef | null
  models: ModelRef[]
  category: CategoryRef | null
  state: UserItemState | null
}

interface ModelFacts {
  cupSize: string | null
  genitalArea: string | null
  heightCm: number | null
  weightKg: number | null
  nationality: string | null
  zodiac: string | null
}

export interface ModelDetail extends ModelItem {
  description: string
  bio: string
  avatar: Picture | null
  /** The large picture of the model page. */
  preview: Picture | null
  facts: ModelFacts
  preferences: string[]
  videosCount: number
  imageSetsCount: number
  state: UserItemState | null
}

export type CategoryDetail = CategoryItem

export interface BannerItem {
  id: number
  title: string
  picture: Picture | null
  /** A path inside the site without the locale prefix, e.g. /videos/12. */
  linkPath: string | null
}
