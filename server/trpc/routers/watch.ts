import { continueWatchingSchema, watchPositionSchema, watchSaveSchema } from '../../../core/domain/schemas/interactions.js'
import { continueWatching, saveWatchPosition, watchPosition } from '../../../core/services/catalog/watch.js'
import { accessVariant } from '../../../core/domain/age/access.js'
import { memberProcedure, router } from '../trpc.js'

/**
 * Resume and "Continue watching" (members: only they play). The player saves the position
 * every SAVE_INTERVAL_MS while playing, on pause and when the page is left (a keepalive
 * request through the same tRPC client, so it carries the CSRF header and the session cookie).
 */
export const watchRouter = router({
  save: memberProcedure.input(watchSaveSchema).mutation(({ ctx, input }) => saveWatchPosition(ctx.em, ctx.user.id, input.id, input.position, ctx.now)),
  position: memberProcedure.input(watchPositionSchema).query(({ ctx, input }) => watchPosition(ctx.em, ctx.user.id, input.id)),
  continue: memberProcedure
    .input(continueWatchingSchema)
    .query(({ ctx, input }) => continueWatching(ctx.em, ctx.user.id, input.locale, ctx.now, accessVariant(ctx.ageAccess))),
})
