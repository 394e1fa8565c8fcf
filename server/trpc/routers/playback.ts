import { interactionSchema, playbackQuerySchema } from '../../domain/schemas/interactions.js'
import { updateInteraction } from '../../services/interactions.js'
import { mediaSignerFor } from '../../services/media-signer.js'
import { imageSetPictures, videoPlayback } from '../../services/playback.js'
import type { Context } from '../context.js'
import { rateLimited } from '../rate-limit.js'
import { memberProcedure, router, userProcedure } from '../trpc.js'

/** Per-IP limit of rating/favorite/watch-later/view updates (generous: two tabs clicking fast stay under it). */
export const INTERACTION_LIMIT = { limit: 600, windowSeconds: 60 } as const

const signing = (ctx: Context & { user: { id: number; sessionId: string } }) => ({
  signer: mediaSignerFor(ctx.config),
  grant: { userId: ctx.user.id, sessionId: ctx.user.sessionId },
  now: ctx.now,
})

/**
 * Members-only media (the membership rule of memberProcedure): the player's signed playlists
 * and full-size stills, an image set's lightbox pictures and originals. Every URL is signed for
 * the caller's user and session and expires (MEDIA_URL_TTL_SECONDS).
 */
export const playbackRouter = router({
  video: memberProcedure.input(playbackQuerySchema).query(({ ctx, input }) => videoPlayback(ctx.em, signing(ctx), ctx.user, input.id, input.locale)),
  imageSet: memberProcedure.input(playbackQuerySchema).query(({ ctx, input }) => imageSetPictures(ctx.em, signing(ctx), input.id, input.locale)),
})

/** The signed-in user's partial update of an item: one of rating, favorite, watch_later, view. */
export const interactionsRouter = router({
  update: userProcedure
    .input(interactionSchema)
    .use(rateLimited('interactions', INTERACTION_LIMIT))
    .mutation(({ ctx, input }) => updateInteraction(ctx.em, ctx.user.id, input, ctx.now)),
})
