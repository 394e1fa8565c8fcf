import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { categorySchema, idInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { categoryForEdit, listCategoriesForAdmin, saveCategory } from '../../../../core/services/admin/catalog/categories.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Categories: names and descriptions, logo and preview, featured and order. */
export const adminCategoriesRouter = router({
  list: adminProcedure.input(z.object({ locale: z.enum(LOCALES) })).query(({ ctx, input }) => listCategoriesForAdmin(ctx.em, input.locale)),
  get: adminProcedure.input(idInput).query(({ ctx, input }) => categoryForEdit(ctx.em, input.id)),
  save: auditedProcedure.input(categorySchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await saveCategory(ctx.em, await openMediaStore(ctx.config), input)
    ctx.audit({ targetType: 'category', targetId: id, before, after })
    return { id }
  }),
})
