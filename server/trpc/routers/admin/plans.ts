import { z } from 'zod'
import { LOCALES } from '../../../../core/domain/locale.js'
import { idInput, planSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { listPlansForAdmin, planForEdit, savePlan } from '../../../../core/services/admin/catalog/plans.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Plans: price, period, trial, visibility, highlight, features, daily download limit. */
export const adminPlansRouter = router({
  list: adminProcedure.input(z.object({ locale: z.enum(LOCALES) })).query(({ ctx, input }) => listPlansForAdmin(ctx.em, input.locale)),
  get: adminProcedure.input(idInput).query(({ ctx, input }) => planForEdit(ctx.em, input.id)),
  save: auditedProcedure.input(planSchema).mutation(async ({ ctx, input }) => {
    const { id, before, after } = await savePlan(ctx.em, input)
    ctx.audit({ targetType: 'plan', targetId: id, before, after })
    return { id }
  }),
})
