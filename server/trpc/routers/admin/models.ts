import { z } from 'zod'
import { idInput, modelSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { text } from '../../../../core/domain/schemas/text.js'
import { listModelsForAdmin, modelForEdit, saveModel } from '../../../../core/services/admin/catalog/models.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Models: every field of the spec and the portrait. */
export const adminModelsRouter = router({
  list: adminProcedure.input(z.object({ q: text().trim().max(120).optional() })).query(({ ctx, input }) => listModelsForAdmin(ctx.em, { q: input.q || undefined, now: ctx.now })),
  get: adminProcedure.input(idInput).query(({ ctx, input }) => modelForEdit(ctx.em, input.id)),
  save: auditedProcedure.input(modelSchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await saveModel(ctx.em, await openMediaStore(ctx.config), input)
    ctx.audit({ targetType: 'model', targetId: id, before, after })
    return { id }
  }),
})
