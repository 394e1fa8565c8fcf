import { z } from 'zod'
import { LOCALES } from '../../../core/domain/locale.js'
import { currentPlan, listPublicPlans, signupOffers } from '../../../core/services/billing/plans.js'
import { publicProcedure, router, verifiedProcedure } from '../trpc.js'

const localeInput = z.object({ locale: z.enum(LOCALES) })

export const plansRouter = router({
  /** Every public plan (/account/select-plan). */
  list: publicProcedure.input(localeInput).query(({ ctx, input }) => listPublicPlans(ctx.em, input.locale)),
  /** The cheapest public yearly and monthly plan (/sign-up). */
  signupOffers: publicProcedure.input(localeInput).query(({ ctx, input }) => signupOffers(ctx.em, input.locale)),
  /** The caller's plan page (/account/plan). */
  current: verifiedProcedure.input(localeInput).query(({ ctx, input }) => currentPlan(ctx.em, ctx.config.billing, ctx.user, input.locale, ctx.now)),
})
