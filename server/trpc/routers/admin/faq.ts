import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { faqSchema, idInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { faqEntryForEdit, listFaqForAdmin, removeFaqEntry, saveFaqEntry } from '../../../../core/services/site/faq.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** The FAQ: questions and rich-text answers per language, in groups. */
export const adminFaqRouter = router({
  list: adminProcedure.input(z.object({ locale: z.enum(LOCALES) })).query(({ ctx, input }) => listFaqForAdmin(ctx.em, input.locale)),
  get: adminProcedure.input(idInput).query(({ ctx, input }) => faqEntryForEdit(ctx.em, input.id)),
  save: auditedProcedure.input(faqSchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await saveFaqEntry(ctx.em, input)
    ctx.audit({ targetType: 'faq', targetId: id, before, after })
    return { id }
  }),
  remove: auditedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const { before } = await removeFaqEntry(ctx.em, input.id)
    ctx.audit({ targetType: 'faq', targetId: input.id, before, after: null })
    return { id: input.id }
  }),
})
