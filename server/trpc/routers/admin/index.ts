import { router } from '../../trpc.js'
import { adminAgeRouter } from './age.js'
import { adminAuditRouter } from './audit.js'
import { adminContentRouter } from './content.js'
import { adminPipelineRouter } from './pipeline.js'
import { adminUploadRouter } from './upload.js'
import { adminBannersRouter } from './banners.js'
import { adminCategoriesRouter } from './categories.js'
import { adminFaqRouter } from './faq.js'
import { adminLegalRouter } from './legal.js'
import { adminModelsRouter } from './models.js'
import { adminPlansRouter } from './plans.js'
import { adminInboxRouter } from './inbox.js'
import { adminUsersRouter } from './users.js'

/**
 * The operations console: one router per area, every procedure an adminProcedure (reads) or
 * an auditedProcedure (changes). tests/integration/admin-access.test.ts walks this router.
 */
export const adminRouter = router({
  audit: adminAuditRouter,
  pipeline: adminPipelineRouter,
  content: adminContentRouter,
  upload: adminUploadRouter,
  models: adminModelsRouter,
  categories: adminCategoriesRouter,
  banners: adminBannersRouter,
  plans: adminPlansRouter,
  legal: adminLegalRouter,
  faq: adminFaqRouter,
  inbox: adminInboxRouter,
  users: adminUsersRouter,
  age: adminAgeRouter,
})
