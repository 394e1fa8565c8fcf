import { bannerSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { bannerForEdit, listBannersForAdmin, removeBanner, saveBanner } from '../../../../core/services/admin/catalog/banners.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'
import { getProcedure, localeInput, removeProcedure, saveProcedure } from './editor.js'

/** The home page's banners: position, picture, target, order, schedule. */
export const adminBannersRouter = router({
  list: adminProcedure.input(localeInput).query(({ ctx, input }) => listBannersForAdmin(ctx.em, input.locale, ctx.now)),
  get: getProcedure((ctx, id) => bannerForEdit(ctx.em, id)),
  save: saveProcedure('banner', bannerSchema, async (ctx, input) => saveBanner(ctx.em, await openMediaStore(ctx.config), input)),
  remove: removeProcedure('banner', (ctx, id) => removeBanner(ctx.em, id)),
})
