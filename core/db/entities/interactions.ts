import { defineEntity, p } from '@mikro-orm/core'
import { namedProperty, ownerKey, timeOfLastChange, type ReferenceTarget } from './properties.js'
import { User } from './user.js'
import { ImageSet, Model, Video } from './catalog.js'

const RATINGS = ['like', 'dislike'] as const

/**
 * A signed-in user's state for one item: rating, favorite, watch later, viewed.
 * The items' likes/dislikes counters are kept equal to these rows in the same transaction.
 */
const stateProperties = {
  rating: p.enum(RATINGS).nullable(),
  favorite: p.boolean().default(false),
  watchLater: p.boolean().default(false),
  viewedAt: p.datetime().nullable(),
  updatedAt: timeOfLastChange(),
}

/** The first column of every per-user table's primary key. */
const userKey = { user: () => ownerKey(User) }

/** The state table of one kind of item: a row per user and item, found by the item too (its counters). */
function userItemState<const Name extends string, const ItemKey extends string, Item extends ReferenceTarget>(name: Name, itemKey: ItemKey, item: () => Item) {
  return defineEntity({
    name,
    properties: {
      ...userKey,
      ...namedProperty(itemKey, () => ownerKey(item()).index()),
      ...stateProperties,
    },
  })
}

const VideoStateSchema = userItemState('VideoState', 'video', () => Video)
const ImageSetStateSchema = userItemState('ImageSetState', 'imageSet', () => ImageSet)
const ModelStateSchema = userItemState('ModelState', 'model', () => Model)
export class VideoState extends VideoStateSchema.class {}
VideoStateSchema.setClass(VideoState)
export class ImageSetState extends ImageSetStateSchema.class {}
ImageSetStateSchema.setClass(ImageSetState)
export class ModelState extends ModelStateSchema.class {}
ModelStateSchema.setClass(ModelState)

/**
 * Where a user stopped watching a video (one row per user and video), saved by the player
 * while it plays, on pause and when the page is left. The video page offers to resume there,
 * the home page lists the newest ones as "Continue watching" (until 95 % was watched).
 */
const WatchPositionSchema = defineEntity({
  name: 'WatchPosition',
  properties: {
    user: () => ownerKey(User),
    video: () => ownerKey(Video).index(),
    positionSeconds: p.double(),
    updatedAt: p.datetime(),
  },
  indexes: [{ name: 'watch_position_user_newest', properties: ['user', 'updatedAt'] }],
})
export class WatchPosition extends WatchPositionSchema.class {}
WatchPositionSchema.setClass(WatchPosition)
