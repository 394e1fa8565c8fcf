import { accountRouter } from './routers/account.js'
import { adminRouter } from './routers/admin/index.js'
import { ageRouter } from './routers/age.js'
import { authRouter } from './routers/auth.js'
import { billingRouter } from './routers/billing.js'
import { catalogRouter } from './routers/catalog.js'
import { demoCardCheckRouter } from './routers/demo-card-check.js'
import { plansRouter } from './routers/plans.js'
import { interactionsRouter } from './routers/interactions.js'
import { playbackRouter } from './routers/playback.js'
import { siteRouter } from './routers/site.js'
import { watchRouter } from './routers/watch.js'
import { router } from './trpc.js'

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  billing: billingRouter,
  catalog: catalogRouter,
  plans: plansRouter,
  site: siteRouter,
  playback: playbackRouter,
  interactions: interactionsRouter,
  admin: adminRouter,
  age: ageRouter,
  watch: watchRouter,
  demoCardCheck: demoCardCheckRouter,
})

/** The only thing the client imports from the server. */
export type AppRouter = typeof appRouter
