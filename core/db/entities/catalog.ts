import { defineEntity, p } from '@mikro-orm/core'
import { namedProperty, ownerKey, ownerReference, timeOfInsert, timeOfLastChange, type ReferenceTarget } from './properties.js'
import type { ImageMedia, ImageRef, ImageSetMedia, LocalizedText, VideoMedia } from './types.js'
import { MEDIA_STATUSES, RESOLUTIONS, type Resolution } from './types.js'
import { GENITAL_AREAS, NATIONALITIES, ZODIAC_SIGNS } from '../../domain/catalog/model-facts.js'
import { BANNER_POSITIONS } from '../../domain/site/site.js'

const CategorySchema = defineEntity({
  name: 'Category',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(96).unique(),
    title: p.json<LocalizedText>(),
    description: p.json<LocalizedText>(),
    logo: p.json<ImageRef>().nullable(),
    preview: p.json<ImageRef>().nullable(),
    /** Shown among the home page's featured categories. */
    featured: p.boolean().default(false),
    sortOrder: p.integer().default(0),
    createdAt: timeOfInsert(),
  },
})
export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category)

const ModelSchema = defineEntity({
  name: 'Model',
  tableName: 'performer',
  properties: {
    id: p.integer().primary(),
    firstName: p.string().length(120),
    birthDate: p.date().nullable(),
    description: p.json<LocalizedText>(),
    bio: p.json<LocalizedText>(),
    alt: p.json<LocalizedText>(),
    avatar: p.json<ImageRef>().nullable(),
    preview: p.json<ImageRef>().nullable(),
    previewThumbnail: p.json<ImageRef>().nullable(),
    cupSize: p.string().length(8).nullable(),
    genitalArea: p.enum(GENITAL_AREAS).nullable(),
    heightCm: p.integer().nullable(),
    weightKg: p.integer().nullable(),
    nationality: p.enum(NATIONALITIES).nullable(),
    zodiac: p.enum(ZODIAC_SIGNS).nullable(),
    /** Preference keys; their labels live in i18n. */
    preferences: p.array().default([]),
    likes: p.integer().default(0),
    dislikes: p.integer().default(0),
    views: p.integer().default(0),
    createdAt: timeOfInsert(),
  },
  indexes: [
    // Typo-tolerant name search (pg_trgm) and the models list's sorts.
    { name: 'performer_name_trgm', expression: 'create index "performer_name_trgm" on "performer" using gin ((lower("first_name")) gin_trgm_ops)' },
    { name: 'performer_list_newest', expression: 'create index "performer_list_newest" on "performer" ("created_at" desc, "id" desc)' },
    { name: 'performer_list_best_rated', expression: 'create index "performer_list_best_rated" on "performer" ("likes" desc, "id" desc)' },
    { name: 'performer_list_alphabetic', expression: 'create index "performer_list_alphabetic" on "performer" ("first_name", "id")' },
  ],
})
export class Model extends ModelSchema.class {}
ModelSchema.setClass(Model)

/** Columns shared by the two kinds of content: videos and image sets. */
const contentProperties = {
  title: p.json<LocalizedText>(),
  description: p.json<LocalizedText>(),
  /**
   * The title and description the public tour shows instead (a visitor who may not see explicit
   * material; docs/age-assurance.md): written by an editor as safe for it, per language. Null or
   * empty in every language: a neutral title ("Video 12") and no description.
   */
  tourTitle: p.json<LocalizedText>().nullable(),
  tourDescription: p.json<LocalizedText>().nullable(),
  /** Empty or past: playable. Future: upcoming (coming soon). */
  publishAt: p.datetime().nullable(),
  /** Set by the worker's release task once media is ready and publishAt has come. */
  releasedAt: p.datetime().nullable(),
  /** Taken off the site by the console (unpublish): never released until published again. */
  withdrawn: p.boolean().default(false),
  downloadable: p.boolean().default(true),
  likes: p.integer().default(0),
  dislikes: p.integer().default(0),
  views: p.integer().default(0),
  mediaStatus: p.enum(MEDIA_STATUSES).default('pending'),
  /** Why processing failed, for content ops. */
  mediaError: p.text().nullable(),
  /** 0..1, from ffmpeg's progress. */
  mediaProgress: p.double().default(0),
  /** Folder under MEDIA_DIR holding this item's files. */
  mediaKey: p.string().length(64).unique(),
  createdAt: timeOfInsert(),
  updatedAt: timeOfLastChange(),
  /**
   * Search columns, written only by the database (trigger catalog_search_refresh, from the
   * titles and descriptions of all locales, lower case without accents); never loaded.
   */
  searchTitle: p.text().nullable().lazy().hidden(),
  searchVector: p.string().columnType('tsvector').nullable().lazy().hidden(),
}

/**
 * Indexes and the search trigger of a content table (video, image_set): full-text search, and
 * one partial index per list sort over the released items, so the first page of any sort reads
 * a few index entries instead of sorting the catalog.
 */
function contentSearchAndSorts(table: 'video' | 'image_set', longestColumn: 'duration_seconds' | 'images_count') {
  const released = 'where "released_at" is not null'
  return {
    indexes: [
      // Released items only: a search's count then needs no visit to the table's rows.
      { name: `${table}_search_released_gin`, expression: `create index "${table}_search_released_gin" on "${table}" using gin ("search_vector") ${released}` },
      {
        name: `${table}_list_newest`,
        expression: `create index "${table}_list_newest" on "${table}" ((coalesce("publish_at", "released_at")) desc, "id" desc) ${released}`,
      },
      // A broad search walks the newest items until it has its candidates, testing each one's
      // search vector: with the vector in the index, the walk reads no table row.
      {
        name: `${table}_search_newest`,
        expression: `create index "${table}_search_newest" on "${table}" ((coalesce("publish_at", "released_at")) desc, "id" desc) include ("publish_at", "released_at", "search_vector") ${released}`,
      },
      {
        name: `${table}_list_category`,
        expression: `create index "${table}_list_category" on "${table}" ("category_id", (coalesce("publish_at", "released_at")) desc, "id" desc) ${released}`,
      },
      { name: `${table}_list_most_watched`, expression: `create index "${table}_list_most_watched" on "${table}" ("views" desc, "id" desc) ${released}` },
      { name: `${table}_list_best_rated`, expression: `create index "${table}_list_best_rated" on "${table}" ("likes" desc, "id" desc) ${released}` },
      { name: `${table}_list_longest`, expression: `create index "${table}_list_longest" on "${table}" ("${longestColumn}" desc, "id" desc) ${released}` },
    ],
    triggers: [
      {
        name: `${table}_search_refresh`,
        timing: 'before' as const,
        events: ['insert' as const, 'update' as const],
        expression: `create trigger "${table}_search_refresh" before insert or update of "title", "description" on "${table}" for each row execute function catalog_search_refresh()`,
      },
    ],
  }
}

/**
 * The live pipeline board's trigger (migration pipeline_changed): a notification whenever an
 * ingested item's media state, progress or error changes (core/services/media/pipeline-feed.ts).
 */
const pipelineChanged = (table: 'video' | 'image_set') => ({
  name: `${table}_pipeline_changed`,
  timing: 'after' as const,
  events: ['insert' as const, 'update' as const],
  expression: `create trigger ${table}_pipeline_changed after insert or update of media_status, media_progress, media_error, source_name on "${table}" for each row execute function pipeline_changed()`,
})

const VideoSchema = defineEntity({
  name: 'Video',
  properties: {
    id: p.integer().primary(),
    ...contentProperties,
    category: () => p.manyToOne(Category).nullable().index(),
    models: () => p.manyToMany(Model).pivotEntity(() => VideoModel),
    featuredModel: () => p.manyToOne(Model).nullable(),
    durationSeconds: p.integer().default(0),
    /** The rungs published and playable, lowest first (domain/publish.ts `mediaAvailability`). */
    resolutions: p.array<Resolution>().default([]),
    /** The higher rungs still to come after the first publication (the lowest rung); empty once the ladder is complete. */
    pendingResolutions: p.array<Resolution>().default([]),
    highestResolution: p.enum(RESOLUTIONS).nullable(),
    media: p.json<VideoMedia>(),
    /** SHA-256 of the source file, so one file is never ingested twice. */
    sourceSha256: p.string().length(64).nullable().unique(),
    sourceName: p.string().length(512).nullable(),
  },
  indexes: [{ properties: ['releasedAt'] }, { properties: ['publishAt'] }, ...contentSearchAndSorts('video', 'duration_seconds').indexes],
  triggers: [...contentSearchAndSorts('video', 'duration_seconds').triggers, pipelineChanged('video')],
})
export class Video extends VideoSchema.class {}
VideoSchema.setClass(Video)

const ImageSetSchema = defineEntity({
  name: 'ImageSet',
  properties: {
    id: p.integer().primary(),
    ...contentProperties,
    category: () => p.manyToOne(Category).nullable().index(),
    models: () => p.manyToMany(Model).pivotEntity(() => ImageSetModel),
    featuredModel: () => p.manyToOne(Model).nullable(),
    imagesCount: p.integer().default(0),
    media: p.json<ImageSetMedia>(),
    images: () => p.oneToMany(Image).mappedBy('imageSet'),
    /** Spec section 3: the set's full images (lightbox, originals) are for members only. */
    membersOnly: p.boolean().default(true),
    /** SHA-256 over the source images (names and contents), so one set is never ingested twice. */
    sourceSha256: p.string().length(64).nullable().unique(),
    sourceName: p.string().length(512).nullable(),
  },
  indexes: [{ properties: ['releasedAt'] }, { properties: ['publishAt'] }, ...contentSearchAndSorts('image_set', 'images_count').indexes],
  triggers: [...contentSearchAndSorts('image_set', 'images_count').triggers, pipelineChanged('image_set')],
})
export class ImageSet extends ImageSetSchema.class {}
ImageSetSchema.setClass(ImageSet)

const ImageSchema = defineEntity({
  name: 'Image',
  properties: {
    id: p.integer().primary(),
    imageSet: () => ownerReference(ImageSet),
    position: p.integer(),
    alt: p.json<LocalizedText>(),
    media: p.json<ImageMedia>(),
  },
  uniques: [{ properties: ['imageSet', 'position'] }],
})
export class Image extends ImageSchema.class {}
ImageSchema.setClass(Image)

/**
 * Every word of every title (as full-text lexemes), kept by trigger catalog_search_refresh.
 * A search word with a typo is matched against this small table by trigram similarity, and the
 * close words join the full-text query: typo tolerance at the cost of a dictionary lookup.
 */
const SearchTermSchema = defineEntity({
  name: 'SearchTerm',
  properties: {
    term: p.string().length(200).primary(),
  },
  indexes: [{ name: 'search_term_trgm', expression: 'create index "search_term_trgm" on "search_term" using gin ("term" gin_trgm_ops)' }],
})
export class SearchTerm extends SearchTermSchema.class {}
SearchTermSchema.setClass(SearchTerm)

/**
 * How many released items of a kind hold each search lexeme (from ts_stat over their
 * search_vector), refreshed by the worker. A search uses it to estimate its matches: a broad
 * one skips the exact count, which would read every matching row.
 */
const SearchLexemeSchema = defineEntity({
  name: 'SearchLexeme',
  properties: {
    kind: p.string().length(16).primary(),
    /** Byte order, so the words a prefix starts are one range of the primary key. */
    lexeme: p.string().length(200).primary().collation('C'),
    documents: p.integer(),
  },
})
export class SearchLexeme extends SearchLexemeSchema.class {}
SearchLexemeSchema.setClass(SearchLexeme)

/** The number of released items of a kind the lexeme counts were taken from, and when. */
const SearchCorpusSchema = defineEntity({
  name: 'SearchCorpus',
  properties: {
    kind: p.string().length(16).primary(),
    documents: p.integer(),
    /** What the counts were taken from (released count and newest change), to skip a refresh. */
    fingerprint: p.string().length(100),
    refreshedAt: p.datetime(),
  },
})
export class SearchCorpus extends SearchCorpusSchema.class {}
SearchCorpusSchema.setClass(SearchCorpus)

const BannerSchema = defineEntity({
  name: 'Banner',
  properties: {
    id: p.integer().primary(),
    position: p.enum(BANNER_POSITIONS),
    title: p.json<LocalizedText>(),
    /** The wide picture, in one or more widths (the page picks one with srcset). */
    image: p.json<ImageRef | ImageRef[]>(),
    /** A path inside the site, without the locale prefix (e.g. '/videos/12'). */
    linkPath: p.string().length(512).nullable(),
    sortOrder: p.integer().default(0),
    active: p.boolean().default(true),
    /** Shown from (inclusive) and until (exclusive); null: no bound. */
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
  },
})
export class Banner extends BannerSchema.class {}
BannerSchema.setClass(Banner)

/**
 * A pivot of an item (video or image set) and its models, in the order the item lists them. The
 * primary key (item, model) and the index on the model serve both ways ("the models' other videos").
 */
function itemModelsPivot<const Name extends string, const ItemKey extends string, Item extends ReferenceTarget>(
  name: Name,
  itemKey: ItemKey,
  item: () => Item,
) {
  return defineEntity({
    name,
    properties: {
      ...namedProperty(itemKey, () => ownerKey(item())),
      model: () => ownerKey(Model).index(),
      position: p.integer().default(0),
    },
  })
}

const VideoModelSchema = itemModelsPivot('VideoModel', 'video', () => Video)
export class VideoModel extends VideoModelSchema.class {}
VideoModelSchema.setClass(VideoModel)

const ImageSetModelSchema = itemModelsPivot('ImageSetModel', 'imageSet', () => ImageSet)
export class ImageSetModel extends ImageSetModelSchema.class {}
ImageSetModelSchema.setClass(ImageSetModel)
