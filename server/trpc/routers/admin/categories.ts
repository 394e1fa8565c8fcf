import { z } from 'zod'
import { LOCALES } from '../../../domain/locale.js'
import { categorySchema, idInput } from '../../../domain/schemas/catalog-admin.js'
import { categoryForEdit, listCategoriesForAdmin, saveCategory } from '../../../services/catalog-admin/categories.js'
import { openMediaStore } from '../../../services/media/open-store.js'
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
