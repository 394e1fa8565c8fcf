/**
 * What members get on top of the public catalog: the player's signed HLS URLs with the
 * video's rungs, the full-size preview stills, and an image set's pictures for the lightbox
 * (web size) and as originals. Every URL is signed for the caller's user and session
 * (media/signing.ts); the procedures that call these let members only.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { ImageMedia, ImageRef, LocalizedText, VideoMedia } from '../../db/entities/types.js'
import { localize, type Locale } from '../../domain/locale.js'
import { isWithinCap, resolutionCap } from '../../domain/playback/playback.js'
import { comingResolutions, isPlayable, type MediaStatus } from '../../domain/catalog/publish.js'
import type { Resolution } from '../../domain/media/resolutions.js'
import { AppError } from '../../domain/errors.js'
import { query, raw, sql } from '../../db/sql.js'
import type { MediaGrant, MediaSigner } from '../media/signing.js'
import { released } from './released.js'
import type { Role } from '../../domain/billing/membership.js'

interface SignedPicture {
  src: string
  width: number
  height: number
  alt: string
}

export interface VideoPlayback {
  /** The master playlist (hls.js), null while the media is not ready. */
  master: string | null
  /** The rungs, lowest first, each with its own media playlist (native HLS plays one directly). */
  rungs: Array<{ resolution: Resolution; width: number; height: number; playlist: string }>
  /** Higher rungs still being made (the video plays at `rungs` meanwhile), up to the viewer's cap. */
  preparing: Resolution[]
  /** Scrub thumbnails: the WebVTT track of sprite sheets for the seek bar; null when not made yet. */
  thumbnails: string | null
  /** Full-size preview stills, in the order of the public thumbnails. */
  stills: SignedPicture[]
  /** When these URLs stop working (ISO); fetch again before. */
  expiresAt: string
}

export interface ImageSetPictures {
  images: Array<{ id: number; position: number; web: SignedPicture; original: SignedPicture }>
  expiresAt: string
}

interface Signing {
  signer: MediaSigner
  grant: MediaGrant
  now: Date
}

const picture = (s: Signing, ref: ImageRef, alt: string, expiresAt: number): SignedPicture => ({
  src: s.signer.signUntil(ref.path, s.grant, expiresAt),
  width: ref.width,
  height: ref.height,
  alt,
})

/**
 * The player's signed URLs for one video, with the rungs up to the viewer's resolution cap
 * (resolutionCap: the role and the plan's features): the master playlist is signed with that
 * cap and the gateway leaves the higher variants out of it.
 */
export async function videoPlayback(
  em: EntityManager,
  signing: Signing,
  viewer: { role: Role; plan: { features: readonly string[] } | null },
  id: number,
  locale: Locale,
): Promise<VideoPlayback> {
  const s: Signing = { ...signing, grant: { ...signing.grant, maxResolution: resolutionCap(viewer.role, viewer.plan?.features) } }
  const rows = await query<{
    title: LocalizedText
    media: VideoMedia
    media_status: MediaStatus
    resolutions: Resolution[]
    pending_resolutions: Resolution[]
    duration_seconds: number
  }>(em, sql`select title, media, media_status, resolutions, pending_resolutions, duration_seconds from video where id = ${id} and ${raw(released('video'))}`)
  const row = rows[0]
  if (!row) throw new AppError('NOT_FOUND', 'notFound')
  // Playlists are signed for the whole video, so a level switch late in the video still works.
  const expiresAt = s.signer.expiryFor(s.now, row.duration_seconds)
  const state = { mediaStatus: row.media_status, resolutions: row.resolutions, pendingResolutions: row.pending_resolutions }
  const ready = isPlayable(state) && !!row.media.master
  const withinCap = (resolution: Resolution) => !s.grant.maxResolution || isWithinCap(resolution, s.grant.maxResolution)
  const title = localize(row.title, locale)
  return {
    master: ready ? s.signer.signUntil(row.media.master!, s.grant, expiresAt) : null,
    // The media's own ladder: the rungs whose files the master playlist names.
    rungs: ready
      ? row.media.ladder
          .filter((rung) => withinCap(rung.resolution))
          .map((rung) => ({
            resolution: rung.resolution,
            width: rung.width,
            height: rung.height,
            playlist: s.signer.signUntil(rung.playlist, s.grant, expiresAt),
          }))
      : [],
    preparing: ready ? comingResolutions(state).filter(withinCap) : [],
    thumbnails: ready && row.media.scrub ? s.signer.signUntil(row.media.scrub.track, s.grant, expiresAt) : null,
    stills: row.media.stills.map((still, index) => picture(s, still.full, `${title} (${index + 1})`, expiresAt)),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  }
}

export async function imageSetPictures(em: EntityManager, s: Signing, id: number, locale: Locale): Promise<ImageSetPictures> {
  const sets = await query<{ title: LocalizedText }>(em, sql`select title from image_set where id = ${id} and ${raw(released('image_set'))}`)
  if (!sets[0]) throw new AppError('NOT_FOUND', 'notFound')
  const title = localize(sets[0].title, locale)
  const images = await query<{ id: number; position: number; alt: LocalizedText; media: ImageMedia }>(
    em,
    sql`select id, position, alt, media from image where image_set_id = ${id} order by position, id`,
  )
  const expiresAt = s.signer.expiryFor(s.now)
  return {
    images: images.map((image) => {
      const alt = localize(image.alt, locale) || `${title} (${image.position})`
      return {
        id: image.id,
        position: image.position,
        web: picture(s, image.media.web, alt, expiresAt),
        original: picture(s, image.media.original, alt, expiresAt),
      }
    }),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  }
}
