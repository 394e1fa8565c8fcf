import { defineEntity, p } from '@mikro-orm/core'
import type { ImageMedia, ImageRef, ImageSetMedia, LocalizedText, VideoMedia } from './types.js'
import { MEDIA_STATUSES, RESOLUTIONS } from './types.js'
import { GENITAL_AREAS, NATIONALITIES, ZODIAC_SIGNS } from '../../domain/model-facts.js'

export const CategorySchema = defineEntity({
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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class Category extends CategorySchema.class {}
CategorySchema.setClass(Category)


export const ModelSchema = defineEntity({
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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
})
export class Model extends ModelSchema.class {}
ModelSchema.setClass(Model)

/** Columns shared by the two kinds of content: videos and image sets. */
const contentProperties = {
  title: p.json<LocalizedText>(),
  description: p.json<LocalizedText>(),
  /** Empty or past: playable. Future: upcoming (coming soon). */
  publishAt: p.datetime().nullable(),
  /** Set by the worker's release task once media is ready and publishAt has come. */
  releasedAt: p.datetime().nullable(),
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
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
}

export const VideoSchema = defineEntity({
  name: 'Video',
  properties: {
    id: p.integer().primary(),
    ...contentProperties,
    category: () => p.manyToOne(Category).nullable().index(),
    models: () => p.manyToMany(Model).pivotEntity(() => VideoModel),
    featuredModel: () => p.manyToOne(Model).nullable(),
    durationSeconds: p.integer().default(0),
    resolutions: p.array().default([]),
    highestResolution: p.enum(RESOLUTIONS).nullable(),
    media: p.json<VideoMedia>(),
    /** SHA-256 of the source file, so one file is never ingested twice. */
    sourceSha256: p.string().length(64).nullable().unique(),
    sourceName: p.string().length(512).nullable(),
  },
  indexes: [{ properties: ['releasedAt'] }, { properties: ['publishAt'] }],
})
export class Video extends VideoSchema.class {}
VideoSchema.setClass(Video)

export const ImageSetSchema = defineEntity({
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
    /** SHA-256 over the source images (names and contents), so one set is never ingested twice. */
    sourceSha256: p.string().length(64).nullable().unique(),
    sourceName: p.string().length(512).nullable(),
  },
  indexes: [{ properties: ['releasedAt'] }, { properties: ['publishAt'] }],
})
export class ImageSet extends ImageSetSchema.class {}
ImageSetSchema.setClass(ImageSet)

export const ImageSchema = defineEntity({
  name: 'Image',
  properties: {
    id: p.integer().primary(),
    imageSet: () => p.manyToOne(ImageSet).deleteRule('cascade'),
    position: p.integer(),
    alt: p.json<LocalizedText>(),
    media: p.json<ImageMedia>(),
  },
  uniques: [{ properties: ['imageSet', 'position'] }],
})
export class Image extends ImageSchema.class {}
ImageSchema.setClass(Image)

export const BANNER_POSITIONS = ['top', 'bottom'] as const

export const BannerSchema = defineEntity({
  name: 'Banner',
  properties: {
    id: p.integer().primary(),
    position: p.enum(BANNER_POSITIONS),
    title: p.json<LocalizedText>(),
    image: p.json<ImageRef>(),
    /** A path inside the site, without the locale prefix (e.g. '/videos/12'). */
    linkPath: p.string().length(512).nullable(),
    sortOrder: p.integer().default(0),
    active: p.boolean().default(true),
  },
})
export class Banner extends BannerSchema.class {}
BannerSchema.setClass(Banner)

/** Pivot of videos and their models; indexed both ways ("the models' other videos"). */
export const VideoModelSchema = defineEntity({
  name: 'VideoModel',
  properties: {
    video: () => p.manyToOne(Video).primary().deleteRule('cascade'),
    model: () => p.manyToOne(Model).primary().deleteRule('cascade').index(),
    position: p.integer().default(0),
  },
})
export class VideoModel extends VideoModelSchema.class {}
VideoModelSchema.setClass(VideoModel)

export const ImageSetModelSchema = defineEntity({
  name: 'ImageSetModel',
  properties: {
    imageSet: () => p.manyToOne(ImageSet).primary().deleteRule('cascade'),
    model: () => p.manyToOne(Model).primary().deleteRule('cascade').index(),
    position: p.integer().default(0),
  },
})
export class ImageSetModel extends ImageSetModelSchema.class {}
ImageSetModelSchema.setClass(ImageSetModel)
