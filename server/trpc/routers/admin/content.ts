import { contentRefSchema, contentUpdateSchema } from '../../../../core/domain/schemas/admin.js'
import { posterSchema, publishActionSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { contentForEdit, publishContent, setPosterFromStill, updateContent } from '../../../../core/services/admin/content.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Videos and image sets: texts in the five languages, category and models, poster, publishing, downloadable. */
export const adminContentRouter = router({
  item: adminProcedure.input(contentRefSchema).query(({ ctx, input }) => contentForEdit(ctx.em, input.kind, input.id)),

  update: auditedProcedure.input(contentUpdateSchema).mutation(async ({ ctx, input }) => {
    const { before, after } = await updateContent(ctx.em, input, ctx.now)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return after
  }),

  publish: auditedProcedure.input(publishActionSchema).mutation(async ({ ctx, input }) => {
    const { before, after } = await publishContent(ctx.em, input, ctx.now)
    ctx.audit({ targetType: input.kind, targetId: input.id, before, after })
    return after
  }),

  setPoster: auditedProcedure.input(posterSchema).mutation(async ({ ctx, input }) => {
    const { before, after, posterUrl } = await setPosterFromStill(ctx.em, await openMediaStore(ctx.config), input.id, input.still)
    ctx.audit({ targetType: 'video', targetId: input.id, before, after })
    return { posterUrl }
  }),
})
