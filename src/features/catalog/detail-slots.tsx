/**
 * Places on the detail pages that the playback area fills: the player, and the rating /
 * favorite / watch-later / download actions (src/features/playback).
 */
import type { ReactNode } from 'react'
import { ItemActions } from '../playback/ItemActions'
import { PlayerArea } from '../playback/PlayerArea'
import type { ImageSetDetail, ModelDetail, VideoDetail } from '../../lib/api-types.js'

/** The video player area: the player for members, the poster and the way to membership for others. */
export function VideoPlayerSlot({ video }: { video: VideoDetail }) {
  return <PlayerArea video={video} />
}

/** Rating, favorite, watch later and download of an item. */
export function ItemActionsSlot({ item, extra }: { item: VideoDetail | ImageSetDetail | ModelDetail; extra?: ReactNode }) {
  const kind = 'durationSeconds' in item ? 'video' : 'imagesCount' in item ? 'imageSet' : 'model'
  return <ItemActions kind={kind} item={item} extra={extra} />
}
