import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { bannerSchema, idInput } from '../../../../core/domain/schemas/catalog-admin.js'
import { bannerForEdit, listBannersForAdmin, removeBanner, saveBanner } from '../../../../core/services/admin/catalog/banners.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
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
