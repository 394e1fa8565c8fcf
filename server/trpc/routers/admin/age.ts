import { z } from 'zod'
import { ageStatsSummary } from '../../../../core/services/age/stats.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

const statsInput = z.object({ days: z.number().int().min(1).max(366).default(30) })

/** Age assurance in the console: page views per outcome and rule, checks per method (core/services/age/stats.ts). */
export const adminAgeRouter = router({
  stats: adminProcedure.input(statsInput).query(async ({ ctx, input }) => ({
    ...(await ageStatsSummary(ctx.em, input.days, ctx.now)),
    methodNames: Object.fromEntries(ctx.age.methods.list.map((method) => [method.id, method.provider])),
    policy: { version: ctx.config.age.policy.version, source: ctx.config.age.policySource },
  })),
})
