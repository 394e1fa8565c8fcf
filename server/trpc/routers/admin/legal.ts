import { legalPageRef, legalPageSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { legalPageForEdit, listLegalPagesForAdmin, saveLegalPage } from '../../../../core/services/admin/catalog/legal.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Legal pages: title and delta rich text per language. */
export const adminLegalRouter = router({
  list: adminProcedure.query(({ ctx }) => listLegalPagesForAdmin(ctx.em)),
  get: adminProcedure.input(legalPageRef).query(({ ctx, input }) => legalPageForEdit(ctx.em, input.slug, input.locale)),
  save: auditedProcedure.input(legalPageSchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await saveLegalPage(ctx.em, input)
    ctx.audit({ targetType: 'legalPage', targetId: `${input.slug}/${input.locale}`, before, after })
    return { id }
  }),
})
