import { z } from 'zod'
import { LOCALES } from '../../../domain/locale.js'
import { bannerSchema, idInput } from '../../../domain/schemas/catalog-admin.js'
import { bannerForEdit, listBannersForAdmin, removeBanner, saveBanner } from '../../../services/catalog-admin/banners.js'
import { openMediaStore } from '../../../services/media/open-store.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** The home page's banners: position, picture, target, order, schedule. */
export const adminBannersRouter = router({
  list: adminProcedure.input(z.object({ locale: z.enum(LOCALES) })).query(({ ctx, input }) => listBannersForAdmin(ctx.em, input.locale, ctx.now)),
  get: adminProcedure.input(idInput).query(({ ctx, input }) => bannerForEdit(ctx.em, input.id)),
  save: auditedProcedure.input(bannerSchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await saveBanner(ctx.em, await openMediaStore(ctx.config), input)
    ctx.audit({ targetType: 'banner', targetId: id, before, after })
    return { id }
  }),
  remove: auditedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const { before } = await removeBanner(ctx.em, input.id)
    ctx.audit({ targetType: 'banner', targetId: input.id, before, after: null })
    return { id: input.id }
  }),
})
