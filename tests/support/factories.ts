import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Video, emptyVideoMedia } from '../../server/db/entities/index.js'
import type { LocalizedText } from '../../server/domain/locale.js'

/** A video row with sensible defaults; released unless said otherwise. */
export function makeVideo(em: EntityManager, overrides: Partial<{
  title: LocalizedText
  publishAt: Date | null
  releasedAt: Date | null
  mediaStatus: 'pending' | 'processing' | 'ready' | 'failed'
  durationSeconds: number
  likes: number
  views: number
}> = {}): Video {
  return em.create(Video, {
    title: overrides.title ?? { de: 'Testvideo', en: 'Test video' },
    description: { de: 'Beschreibung', en: 'Description' },
    publishAt: overrides.publishAt ?? null,
    releasedAt: overrides.releasedAt === undefined ? new Date() : overrides.releasedAt,
    mediaStatus: overrides.mediaStatus ?? 'ready',
    durationSeconds: overrides.durationSeconds ?? 600,
    likes: overrides.likes ?? 0,
    views: overrides.views ?? 0,
    mediaKey: crypto.randomUUID(),
    media: emptyVideoMedia(),
  })
}
