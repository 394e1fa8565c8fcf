import { bannersQuerySchema, detailQuerySchema, listQuerySchema } from '../../../core/domain/schemas/catalog.js'
import {
  banners,
  categoryDetail,
  imageSetDetail,
  listCategories,
  listImageSets,
  listModels,
  listVideos,
  modelDetail,
  videoDetail,
  type CatalogCaller,
} from '../../../core/services/catalog/index.js'
import { accessVariant } from '../../../core/domain/age/access.js'
import type { Context } from '../context.js'
import { publicProcedure, router } from '../trpc.js'

/** The caller of the catalog: the tour's variant where the request may not see explicit material (docs/age-assurance.md). */
const caller = (ctx: Context): CatalogCaller => ({
  em: ctx.em,
  now: ctx.now,
  user: ctx.user,
  cache: ctx.catalogCache,
  variant: accessVariant(ctx.ageAccess),
  onPersonal: () => {
    if (ctx.sharedAnswer) ctx.sharedAnswer.personal = true
  },
})

/**
 * Catalog reads. Every list takes the spec's list query and answers { items, meta }; the
 * favorite and watch-later filters need a signed-in caller (401 otherwise). Content is read in
 * the locale the input names and in the request's variant (the full catalog or the tour), both
 * part of every cache key.
 */
export const catalogRouter = router({
  videos: publicProcedure.input(listQuerySchema).query(({ ctx, input }) => listVideos(caller(ctx), input)),
  imageSets: publicProcedure.input(listQuerySchema).query(({ ctx, input }) => listImageSets(caller(ctx), input)),
  models: publicProcedure.input(listQuerySchema).query(({ ctx, input }) => listModels(caller(ctx), input)),
  categories: publicProcedure.input(listQuerySchema).query(({ ctx, input }) => listCategories(caller(ctx), input)),

  video: publicProcedure.input(detailQuerySchema).query(({ ctx, input }) => videoDetail(caller(ctx), input)),
  imageSet: publicProcedure.input(detailQuerySchema).query(({ ctx, input }) => imageSetDetail(caller(ctx), input)),
  model: publicProcedure.input(detailQuerySchema).query(({ ctx, input }) => modelDetail(caller(ctx), input)),
  category: publicProcedure.input(detailQuerySchema).query(({ ctx, input }) => categoryDetail(caller(ctx), input)),

  banners: publicProcedure.input(bannersQuerySchema).query(({ ctx, input }) => banners(caller(ctx), input)),
})
