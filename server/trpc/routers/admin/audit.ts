import { z } from 'zod'
import { listAuditEntries } from '../../../../core/services/admin/audit.js'
import { text } from '../../../../core/domain/schemas/text.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

const auditListInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  targetType: text().max(60).optional(),
  targetId: text().max(120).optional(),
})

/** The audit log: every console change, newest first. */
export const adminAuditRouter = router({
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAuditEntries(ctx.em, input)),
})
