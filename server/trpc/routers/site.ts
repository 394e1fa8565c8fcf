import { publicProcedure, router } from '../trpc.js'

export const siteRouter = router({
  /** Run-time settings the client needs (configured on the server, no rebuild). */
  settings: publicProcedure.query(({ ctx }) => ({
    billingSupportUrl: ctx.config.billingSupportUrl,
    webmasterUrl: ctx.config.webmasterUrl,
    signupEnabled: ctx.config.signupEnabled,
  })),
})
