import { router } from '../../trpc.js'
import { adminAuditRouter } from './audit.js'
import { adminContentRouter } from './content.js'
import { adminPipelineRouter } from './pipeline.js'
import { adminUploadRouter } from './upload.js'

/**
 * The operations console: one router per area, every procedure an adminProcedure (reads) or
 * an auditedProcedure (changes). tests/integration/admin-access.test.ts walks this router.
 */
export const adminRouter = router({
  audit: adminAuditRouter,
  pipeline: adminPipelineRouter,
  content: adminContentRouter,
  upload: adminUploadRouter,
})
