import { interactionSchema } from '../../../core/domain/schemas/interactions.js'
import { updateInteraction } from '../../../core/services/catalog/interactions.js'
import { rateLimited } from '../rate-limit.js'
import { router, userProcedure } from '../trpc.js'

/** Per-IP limit of rating/favorite/watch-later/view updates (generous: two tabs clicking fast stay under it). */
const INTERACTION_LIMIT = { limit: 600, windowSeconds: 60 } as const

/** The signed-in user's partial update of an item: one of rating, favorite, watch_later, view. */
export const interactionsRouter = router({
  update: userProcedure
    .input(interactionSchema)
    .use(rateLimited('interactions', INTERACTION_LIMIT))
    .mutation(({ ctx, input }) => updateInteraction(ctx.em, ctx.user.id, input, ctx.now)),
})
