import { z } from 'zod'
import { modelSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { text } from '../../../../core/domain/schemas/text.js'
import { listModelsForAdmin, modelForEdit, saveModel } from '../../../../core/services/admin/catalog/models.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'
import { getProcedure, saveProcedure } from './editor.js'

/** Models: every field of the spec and the portrait. */
export const adminModelsRouter = router({
  list: adminProcedure
    .input(z.object({ q: text().trim().max(120).optional() }))
    .query(({ ctx, input }) => listModelsForAdmin(ctx.em, { q: input.q || undefined, now: ctx.now })),
  get: getProcedure((ctx, id) => modelForEdit(ctx.em, id)),
  save: saveProcedure('model', modelSchema, async (ctx, input) => saveModel(ctx.em, await openMediaStore(ctx.config), input)),
})
