import { planSchema } from '../../../../core/domain/schemas/catalog-admin.js'
import { listPlansForAdmin, planForEdit, savePlan } from '../../../../core/services/admin/catalog/plans.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'
import { getProcedure, localeInput, saveProcedure } from './editor.js'

/** Plans: price, period, trial, visibility, highlight, features, daily download limit. */
export const adminPlansRouter = router({
  list: adminProcedure.input(localeInput).query(({ ctx, input }) => listPlansForAdmin(ctx.em, input.locale)),
  get: getProcedure((ctx, id) => planForEdit(ctx.em, id)),
  save: saveProcedure('plan', planSchema, (ctx, input) => savePlan(ctx.em, input)),
})
