import { z } from 'zod'
import { LOCALES } from '../../domain/locale.js'
import { latestVideos } from '../../services/catalog.js'
import { publicProcedure, router } from '../trpc.js'

/** Content is read in the locale the caller asks for; it is part of every cache key. */
const localeInput = z.enum(LOCALES)

export const catalogRouter = router({
  latestVideos: publicProcedure
    .input(z.object({ locale: localeInput, limit: z.number().int().min(1).max(50).default(8) }))
    .query(({ ctx, input }) => latestVideos(ctx.em, input.locale, input.limit, ctx.now)),
})
