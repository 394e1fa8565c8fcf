import { playbackQuerySchema } from '../../../core/domain/schemas/interactions.js'
import { mediaSignerFor } from '../../../core/services/media/signer.js'
import { imageSetPictures, videoPlayback } from '../../../core/services/catalog/playback.js'
import type { Context } from '../context.js'
import { explicitMemberProcedure, router } from '../trpc.js'

const signing = (ctx: Context & { user: { id: number; sessionId: string } }) => ({
  signer: mediaSignerFor(ctx.config),
  grant: { userId: ctx.user.id, sessionId: ctx.user.sessionId },
  now: ctx.now,
})

/**
 * Members-only media (the membership rule of memberProcedure), where the request may see explicit
 * media (refused in the tour): the player's signed playlists and full-size stills, an image
 * set's lightbox pictures and originals. Every URL is signed for the caller's user and session
 * and expires (MEDIA_URL_TTL_SECONDS); the gateway checks the age access again on every request.
 */
export const playbackRouter = router({
  video: explicitMemberProcedure.input(playbackQuerySchema).query(({ ctx, input }) => videoPlayback(ctx.em, signing(ctx), ctx.user, input.id, input.locale)),
  imageSet: explicitMemberProcedure.input(playbackQuerySchema).query(({ ctx, input }) => imageSetPictures(ctx.em, signing(ctx), input.id, input.locale)),
})
