import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Banner, Category, ImageSet, ImageSetModel, Model, Video, VideoModel, emptyVideoMedia } from '../../core/db/entities/index.js'
import { GENITAL_AREAS, NATIONALITIES, PREFERENCES, ZODIAC_SIGNS } from '../../core/domain/catalog/model-facts.js'
import { CATEGORIES, FIRST_NAMES, PLACES, TIMES, createRandom, imageSetDescription, modelBio, modelDescription, title, videoDescription } from './words.js'

export interface CatalogSize {
  videos: number
  imageSets: number
  models: number
  /** Items with publish_at in the future (coming soon), taken from the counts above. */
  upcomingVideos: number
  upcomingImageSets: number
}

export const DEMO_CATALOG: CatalogSize = { videos: 64, imageSets: 32, models: 24, upcomingVideos: 6, upcomingImageSets: 3 }

const DAY = 86_400_000

/**
 * Synthetic, safe-for-work catalog rows: categories, models, videos, image sets and banners
 * with generated titles in five languages. Media is made by the worker's pipeline.
 */
export async function seedCatalogRows(em: EntityManager, size: CatalogSize, now = new Date()) {
  const random = createRandom(20261122)

  const categories = CATEGORIES.map((c, index) =>
    em.create(Category, { slug: c.slug, title: c.title, description: c.description, featured: index < 5, sortOrder: index }),
  )

  const models = Array.from({ length: size.models }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]! + (index >= FIRST_NAMES.length ? ` ${index + 1}` : '')
    const age = random.int(21, 39)
    const birthDate = new Date(Date.UTC(now.getUTCFullYear() - age, random.int(0, 11), random.int(1, 28)))
    return em.create(Model, {
      firstName,
      birthDate: birthDate.toISOString().slice(0, 10),
      description: modelDescription(firstName),
      bio: modelBio(firstName),
      alt: {
        en: `Portrait of ${firstName}`,
        de: `Porträt von ${firstName}`,
        es: `Retrato de ${firstName}`,
        fr: `Portrait de ${firstName}`,
        it: `Ritratto di ${firstName}`,
      },
      cupSize: random.pick(['A', 'B', 'C', 'D', 'E']),
      genitalArea: random.pick(GENITAL_AREAS),
      heightCm: random.int(152, 182),
      weightKg: random.int(46, 72),
      nationality: random.pick(NATIONALITIES),
      zodiac: random.pick(ZODIAC_SIGNS),
      preferences: random.sample(PREFERENCES, random.int(4, 9)),
      likes: random.int(0, 400),
      dislikes: random.int(0, 30),
      createdAt: new Date(now.getTime() - random.int(30, 700) * DAY),
    })
  })

  const combos = PLACES.flatMap((place) => TIMES.map((time) => title(place, time)))
  const videoTitles = random.sample(combos, Math.min(size.videos, combos.length))

  const videos = Array.from({ length: size.videos }, (_, index) => {
    const t = videoTitles[index % videoTitles.length]!
    const upcoming = index < size.upcomingVideos
    const publishAt = upcoming
      ? new Date(now.getTime() + (index + 1) * 2 * DAY)
      : new Date(now.getTime() - (index - size.upcomingVideos) * 0.7 * DAY - random.int(0, 3600_000))
    const cast = random.sample(models, random.int(1, 3))
    const video = em.create(Video, {
      title: index >= videoTitles.length ? suffix(t, Math.floor(index / videoTitles.length) + 1) : t,
      description: videoDescription(t),
      category: random.pick(categories),
      featuredModel: cast[0]!,
      publishAt,
      durationSeconds: random.int(6, 40) * 60 + random.int(0, 59),
      likes: random.int(0, 900),
      dislikes: random.int(0, 80),
      views: random.int(50, 20000),
      downloadable: random.next() > 0.15,
      mediaKey: crypto.randomUUID(),
      mediaStatus: 'pending',
      media: emptyVideoMedia(),
    })
    cast.forEach((model, position) => em.create(VideoModel, { video, model, position }))
    return video
  })

  const imageSetTitles = random.sample(combos, Math.min(size.imageSets, combos.length))
  const imageSets = Array.from({ length: size.imageSets }, (_, index) => {
    const t = imageSetTitles[index % imageSetTitles.length]!
    const upcoming = index < size.upcomingImageSets
    const publishAt = upcoming
      ? new Date(now.getTime() + (index + 1) * 3 * DAY)
      : new Date(now.getTime() - (index - size.upcomingImageSets) * 1.3 * DAY - random.int(0, 3600_000))
    const cast = random.sample(models, random.int(1, 2))
    const imageSet = em.create(ImageSet, {
      title: t,
      description: imageSetDescription(t),
      category: random.pick(categories),
      featuredModel: cast[0]!,
      publishAt,
      likes: random.int(0, 500),
      dislikes: random.int(0, 40),
      views: random.int(20, 8000),
      downloadable: random.next() > 0.2,
      mediaKey: crypto.randomUUID(),
      mediaStatus: 'pending',
      media: { previews: [], archive: null },
    })
    cast.forEach((model, position) => em.create(ImageSetModel, { imageSet, model, position }))
    return imageSet
  })

  const banners = (['top', 'bottom'] as const).flatMap((position) =>
    [0, 1, 2].map((index) => {
      const target = videos[size.upcomingVideos + index + (position === 'bottom' ? 3 : 0)]!
      return em.create(Banner, {
        position,
        title: target.title,
        image: { path: '', width: 1600, height: 500 },
        linkPath: `/videos/${index}`,
        sortOrder: index,
      })
    }),
  )

  await em.flush()
  // Banners link to real videos, known only after the insert.
  banners.forEach((banner, index) => {
    const target = videos[size.upcomingVideos + (index % 3) + (banner.position === 'bottom' ? 3 : 0)]!
    banner.linkPath = `/videos/${target.id}`
  })
  await em.flush()
  return { categories, models, videos, imageSets, banners }
}

function suffix(text: Record<string, string | undefined>, n: number) {
  return Object.fromEntries(Object.entries(text).map(([locale, value]) => [locale, `${value} ${n}`]))
}
