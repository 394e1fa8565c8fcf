import { z } from 'zod'
import { LOCALES } from '../../../domain/locale.js'
import { listPipeline, PIPELINE_FILTERS, retryFailedItem } from '../../../services/pipeline.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

const itemRef = z.object({ kind: z.enum(['video', 'imageSet']), id: z.number().int().min(1).max(2_147_483_647) })

/** The media pipeline: what is queued, running, failed or ready, and retrying a failed item. */
export const adminPipelineRouter = router({
  list: adminProcedure
    .input(z.object({ filter: z.enum(PIPELINE_FILTERS).default('all'), locale: z.enum(LOCALES) }))
    .query(({ ctx, input }) => listPipeline(ctx.em, input)),

  retry: auditedProcedure.input(itemRef).mutation(async ({ ctx, input }) => {
    const { before, after, name } = await retryFailedItem(ctx.em, input.kind, input.id)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return { name }
  }),
})
