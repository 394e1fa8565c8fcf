import { faqSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { faqEntryForEdit, listFaqForAdmin, removeFaqEntry, saveFaqEntry } from '../../../../core/services/site/faq.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'
import { getProcedure, localeInput, removeProcedure, saveProcedure } from './editor.js'

/** The FAQ: questions and rich-text answers per language, in groups. */
export const adminFaqRouter = router({
  list: adminProcedure.input(localeInput).query(({ ctx, input }) => listFaqForAdmin(ctx.em, input.locale)),
  get: getProcedure((ctx, id) => faqEntryForEdit(ctx.em, id)),
  save: saveProcedure('faq', faqSchema, (ctx, input) => saveFaqEntry(ctx.em, input)),
  remove: removeProcedure('faq', (ctx, id) => removeFaqEntry(ctx.em, id)),
})
