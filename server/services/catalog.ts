import type { EntityManager } from '@mikro-orm/postgresql'
import { Video } from '../db/entities/index.js'
import { localize, type Locale } from '../domain/locale.js'
import { publishState, type PublishState } from '../domain/publish.js'
import { publicMediaUrl } from './media-urls.js'

export interface VideoCard {
  id: number
  title: string
  durationSeconds: number
  likes: number
  dislikes: number
  publishAt: string | null
  publishState: PublishState
  poster: { src: string; width: number; height: number; alt: string } | null
}

export function toVideoCard(video: Video, locale: Locale, now: Date): VideoCard {
  const title = localize(video.title, locale)
  const poster = video.media.poster[0]
  const src = publicMediaUrl(poster?.path)
  return {
    id: video.id,
    title,
    durationSeconds: video.durationSeconds,
    likes: video.likes,
    dislikes: video.dislikes,
    publishAt: video.publishAt?.toISOString() ?? null,
    publishState: publishState(video.publishAt, now),
    poster: poster && src ? { src, width: poster.width, height: poster.height, alt: title } : null,
  }
}

/** The newest released videos (home page block). */
export async function latestVideos(em: EntityManager, locale: Locale, limit: number, now: Date): Promise<VideoCard[]> {
  const videos = await em.find(
    Video,
    { releasedAt: { $ne: null } },
    { orderBy: { releasedAt: 'desc', id: 'desc' }, limit },
  )
  return videos.map((video) => toVideoCard(video, locale, now))
}
