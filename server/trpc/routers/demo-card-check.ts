import { demoCardCheckAnswer, demoCardCheckLink } from '../../../core/domain/schemas/demo-card-check.js'
import { answerDemoCardCheck, demoCardCheckView } from '../../../core/services/billing/demo-card-check-page.js'
import { rateLimited } from '../rate-limit.js'
import { publicProcedure, router } from '../trpc.js'

/** Per-IP limit of card checks (a processor would limit card testing the same way). */
const DEMO_CARD_CHECK_LIMIT = { limit: 10, windowSeconds: 60 } as const

/**
 * The demo processor's card-check page (/demo-card-check), the stand-in for a processor's
 * zero-amount authorisation; NOT_FOUND unless the card check is on with the demo processor.
 * Open to visitors: age is checked before any account exists.
 */
export const demoCardCheckRouter = router({
  view: publicProcedure.input(demoCardCheckLink).query(({ ctx, input }) => demoCardCheckView(ctx.config.billing, ctx.config.ageMethods.card, input)),
  answer: publicProcedure
    .input(demoCardCheckAnswer)
    .use(rateLimited('demoCardCheck', DEMO_CARD_CHECK_LIMIT))
    .mutation(({ ctx, input }) => answerDemoCardCheck(ctx.config.billing, ctx.config.ageMethods.card, input, ctx.now)),
})
