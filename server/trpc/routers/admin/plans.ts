import { z } from 'zod'
import { LOCALES } from '../../../domain/locale.js'
import { idInput, planSchema } from '../../../domain/schemas/catalog-admin.js'
import { listPlansForAdmin, planForEdit, savePlan } from '../../../services/catalog-admin/plans.js'
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
