import { categorySchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { categoryForEdit, listCategoriesForAdmin, saveCategory } from '../../../../core/services/admin/catalog/categories.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'
import { getProcedure, localeInput, saveProcedure } from './editor.js'

/** Categories: names and descriptions, logo and preview, featured and order. */
export const adminCategoriesRouter = router({
  list: adminProcedure.input(localeInput).query(({ ctx, input }) => listCategoriesForAdmin(ctx.em, input.locale)),
  get: getProcedure((ctx, id) => categoryForEdit(ctx.em, id)),
  save: saveProcedure('category', categorySchema, async (ctx, input) => saveCategory(ctx.em, await openMediaStore(ctx.config), input)),
})
