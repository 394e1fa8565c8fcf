/**
 * Payloads of the playback area: the partial update of an item by the signed-in user (spec
 * sections 4 and 7: one of rating, favorite, watch_later, view) and the ids the playback
 * procedures take. Messages are keys of the i18n `errors` dictionary.
 */
import { z } from 'zod'
import { localeSchema } from './catalog.js'

const INTERACTION_KINDS = ['video', 'imageSet', 'model'] as const
export type InteractionKind = (typeof INTERACTION_KINDS)[number]

const id = z.number('invalidId').int('invalidId').positive('invalidId').max(2_147_483_647, 'invalidId')

export const interactionSchema = z
  .object({
    kind: z.enum(INTERACTION_KINDS, 'invalidInput'),
    id,
    /** like, dislike, or null to clear (pressing the active one clears it). */
    rating: z.enum(['like', 'dislike'], 'invalidInput').nullable().optional(),
    favorite: z.boolean('invalidInput').optional(),
    watch_later: z.boolean('invalidInput').optional(),
    /** Set once on the first play (video) or the first open of an image (image set). */
    view: z.literal(true, 'invalidInput').optional(),
  })
  .refine(
    (input) => ['rating', 'favorite', 'watch_later', 'view'].filter((key) => key in input && input[key as keyof typeof input] !== undefined).length === 1,
    {
      message: 'oneChangeRequired',
    },
  )
  .refine((input) => input.kind !== 'model' || (input.watch_later === undefined && input.view === undefined), {
    message: 'invalidInput',
    path: ['kind'],
  })

export const playbackQuerySchema = z.object({ locale: localeSchema, id })

/** watch.save: where the player is in a video, in seconds (a day at most; the server keeps it inside the video). */
export const watchSaveSchema = z.object({
  id,
  position: z.number('invalidInput').finite('invalidInput').min(0, 'invalidInput').max(86_400, 'invalidInput'),
})

export const watchPositionSchema = z.object({ id })

export const continueWatchingSchema = z.object({ locale: localeSchema })
