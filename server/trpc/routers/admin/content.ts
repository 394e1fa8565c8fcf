import { contentRefSchema, contentUpdateSchema } from '../../../domain/schemas/admin.js'
import { contentForEdit, updateContent } from '../../../services/content-admin.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Videos and image sets: texts in the five languages, publish time, downloadable. */
export const adminContentRouter = router({
  item: adminProcedure.input(contentRefSchema).query(({ ctx, input }) => contentForEdit(ctx.em, input.kind, input.id)),

  update: auditedProcedure.input(contentUpdateSchema).mutation(async ({ ctx, input }) => {
    const { before, after } = await updateContent(ctx.em, input, ctx.now)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return after
  }),
})
