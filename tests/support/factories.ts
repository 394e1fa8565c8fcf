import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Category, ImageSet, Model, Subscription, Video, emptyVideoMedia, type Plan, type User } from '../../core/db/entities/index.js'
import type { LocalizedText } from '../../core/domain/locale.js'
import type { Resolution } from '../../core/domain/media/resolutions.js'

/** A video row with sensible defaults; released unless said otherwise. */
export function makeVideo(
  em: EntityManager,
  overrides: Partial<{
    title: LocalizedText
    publishAt: Date | null
    releasedAt: Date | null
    mediaStatus: 'pending' | 'processing' | 'ready' | 'failed'
    /** The published rungs and those still to come (a video playable before its full ladder). */
    resolutions: Resolution[]
    pendingResolutions: Resolution[]
    /** Unpublished in the console. */
    withdrawn: boolean
    durationSeconds: number
    likes: number
    views: number
    category: Category | null
    featuredModel: Model | null
    description: LocalizedText
  }> = {},
): Video {
  return em.create(Video, {
    title: overrides.title ?? { de: 'Testvideo', en: 'Test video' },
    description: overrides.description ?? { de: 'Beschreibung', en: 'Description' },
    publishAt: overrides.publishAt ?? null,
    releasedAt: overrides.releasedAt === undefined ? new Date() : overrides.releasedAt,
    mediaStatus: overrides.mediaStatus ?? 'ready',
    resolutions: overrides.resolutions ?? [],
    pendingResolutions: overrides.pendingResolutions ?? [],
    withdrawn: overrides.withdrawn ?? false,
    category: overrides.category ?? null,
    featuredModel: overrides.featuredModel ?? null,
    durationSeconds: overrides.durationSeconds ?? 600,
    likes: overrides.likes ?? 0,
    views: overrides.views ?? 0,
    mediaKey: crypto.randomUUID(),
    media: emptyVideoMedia(),
  })
}

let uniqueCounter = 0
const unique = () => `${Date.now().toString(36)}-${++uniqueCounter}`

/** A model (performer) row. */
export function makeModel(em: EntityManager, overrides: Partial<{ firstName: string; likes: number; createdAt: Date; birthDate: string }> = {}): Model {
  return em.create(Model, {
    firstName: overrides.firstName ?? `Model ${unique()}`,
    birthDate: overrides.birthDate ?? '1998-05-17',
    description: { en: 'About the model', de: 'Über das Model' },
    bio: { en: 'Bio', de: 'Bio' },
    alt: { en: 'Portrait', de: 'Porträt' },
    likes: overrides.likes ?? 0,
    createdAt: overrides.createdAt ?? new Date(),
  })
}

export function makeCategory(em: EntityManager, overrides: Partial<{ title: LocalizedText; featured: boolean; sortOrder: number }> = {}): Category {
  return em.create(Category, {
    slug: `category-${unique()}`,
    title: overrides.title ?? { en: 'Category', de: 'Kategorie' },
    description: { en: 'A category', de: 'Eine Kategorie' },
    featured: overrides.featured ?? false,
    sortOrder: overrides.sortOrder ?? 0,
  })
}

/** An image set row; released unless said otherwise. */
export function makeImageSet(
  em: EntityManager,
  overrides: Partial<{
    title: LocalizedText
    publishAt: Date | null
    releasedAt: Date | null
    imagesCount: number
    likes: number
  }> = {},
): ImageSet {
  return em.create(ImageSet, {
    title: overrides.title ?? { de: 'Testserie', en: 'Test set' },
    description: { de: 'Beschreibung', en: 'Description' },
    publishAt: overrides.publishAt ?? null,
    releasedAt: overrides.releasedAt === undefined ? new Date() : overrides.releasedAt,
    mediaStatus: 'ready',
    imagesCount: overrides.imagesCount ?? 10,
    likes: overrides.likes ?? 0,
    mediaKey: crypto.randomUUID(),
    media: { previews: [], archive: null },
  })
}

let subscriptions = 0
/** A subscription of `user` to `plan` (a Plan or its id), active and paid for 20 days unless told otherwise. */
export function makeSubscription(
  em: EntityManager,
  user: User | number,
  plan: Plan | number,
  overrides: Partial<{ status: 'active' | 'ended'; paidUntil: Date; startedAt: Date; externalId: string }> = {},
): Subscription {
  const now = Date.now()
  return em.create(Subscription, {
    user,
    plan,
    externalId: overrides.externalId ?? `factory-${now.toString(36)}-${++subscriptions}`,
    status: overrides.status ?? 'active',
    startedAt: overrides.startedAt ?? new Date(now - 86_400_000),
    paidUntil: overrides.paidUntil ?? new Date(now + 20 * 86_400_000),
  })
}
