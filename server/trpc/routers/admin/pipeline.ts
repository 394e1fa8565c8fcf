import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { cancelItem, listPipeline, PIPELINE_FILTERS, retryFailedItem } from '../../../../core/services/media/pipeline.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

const itemRef = z.object({ kind: z.enum(['video', 'imageSet']), id: z.number().int().min(1).max(2_147_483_647) })
const boardInput = z.object({ filter: z.enum(PIPELINE_FILTERS).default('all'), locale: z.enum(LOCALES) })

/** The media pipeline: what is queued, running, failed or ready, which worker runs what; retry and cancel. */
export const adminPipelineRouter = router({
  list: adminProcedure.input(boardInput).query(({ ctx, input }) => listPipeline(ctx.em, input)),

  /**
   * The board, pushed (server-sent events): at once, then whenever an item's state, progress or
   * error changes (PostgreSQL notifies the server), and every few seconds for the workers.
   */
  live: adminProcedure.input(boardInput).subscription(async function* ({ ctx, input, signal }) {
    if (!ctx.pipelineFeed) throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED' })
    for await (const _ of ctx.pipelineFeed.changes(signal)) {
      yield await listPipeline(ctx.em.fork(), input)
    }
  }),

  retry: auditedProcedure.input(itemRef).mutation(async ({ ctx, input }) => {
    const { before, after, name } = await retryFailedItem(ctx.em, input.kind, input.id)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return { name }
  }),

  /** A queued job leaves the queue; a running one is stopped by its worker; the item fails with the reason. */
  cancel: auditedProcedure.input(itemRef).mutation(async ({ ctx, input }) => {
    const { before, after, name } = await cancelItem(ctx.em, input.kind, input.id, ctx.user.email)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return { name }
  }),
})
