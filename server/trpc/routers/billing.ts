import { demoCheckoutInput, demoPaySchema } from '../../../core/domain/schemas/billing.js'
import { demoCheckoutView, demoPay } from '../../../core/services/billing/checkout.js'
import { rateLimited } from '../rate-limit.js'
import { router, verifiedProcedure } from '../trpc.js'

/** Per-IP limit of demo payments (each one posts a webhook and may start a subscription). */
const DEMO_PAY_LIMIT = { limit: 10, windowSeconds: 60 } as const

/**
 * The demo checkout, the processor's stand-in when none is configured (NOT_FOUND otherwise).
 * Paying goes through the signed webhook like a real processor's notification.
 */
export const billingRouter = router({
  demoCheckout: verifiedProcedure
    .input(demoCheckoutInput)
    .query(({ ctx, input }) => demoCheckoutView(ctx.em, ctx.config.billing, ctx.user, input.plan, input.locale, ctx.now)),
  demoPay: verifiedProcedure
    .input(demoPaySchema)
    .use(rateLimited('demoPay', DEMO_PAY_LIMIT))
    .mutation(({ ctx, input }) => demoPay((request) => ctx.req.server.inject(request), ctx.em, ctx.config.billing, ctx.user, input.plan, ctx.now)),
})
