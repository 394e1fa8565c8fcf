import { TRPCError } from '@trpc/server'
import type { z } from 'zod'
import { clientErrorSchema, contactSchema, errorFeedbackSchema, faqInput, legalPageInput, reportSchema } from '../../../core/domain/schemas/site.js'
import { faqPage } from '../../../core/services/site/faq.js'
import { findLegalPage, saveErrorFeedback, sendContactMessage, submitRemovalReport, type Sender } from '../../../core/services/site/site.js'
import type { Context } from '../context.js'
import { AppError } from '../../../core/domain/errors.js'
import { rateLimited } from '../rate-limit.js'
import { publicProcedure, router } from '../trpc.js'

const HOUR = 3600

/** Per-IP limits of the public forms (well-formed submissions only). */
export const SITE_RATE_LIMITS = {
  contact: { limit: 5, windowSeconds: HOUR },
  report: { limit: 5, windowSeconds: HOUR },
  feedback: { limit: 10, windowSeconds: HOUR },
  clientError: { limit: 30, windowSeconds: HOUR },
} as const

const sender = (ctx: Context): Sender => ({ locale: ctx.locale, userId: ctx.user?.id ?? null })

/** A second validation that needs the server's configuration; same field errors as the input's. */
function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: result.error })
  return result.data
}

export const siteRouter = router({
  /** Run-time settings the client needs (configured on the server, no rebuild). */
  settings: publicProcedure.query(({ ctx }) => ({
    billingSupportUrl: ctx.config.billingSupportUrl,
    webmasterUrl: ctx.config.webmasterUrl,
    signupEnabled: ctx.config.signupEnabled,
    supportEmail: ctx.config.supportEmail,
    publicUrl: ctx.config.publicUrl,
  })),

  contact: publicProcedure
    .input(contactSchema)
    .use(rateLimited('contact', SITE_RATE_LIMITS.contact))
    .mutation(async ({ ctx, input }) => {
      await sendContactMessage(ctx.em, input, sender(ctx), ctx.config.supportEmail)
      return { sent: true as const }
    }),

  report: publicProcedure
    .input(reportSchema())
    // Every URL must lie on this site (PUBLIC_URL), checked before the attempt counts.
    .use(({ ctx, input, next }) => {
      validate(reportSchema(ctx.config.publicUrl), input)
      return next()
    })
    .use(rateLimited('report', SITE_RATE_LIMITS.report))
    .mutation(async ({ ctx, input }) => {
      await submitRemovalReport(ctx.em, input, sender(ctx), ctx.config.supportEmail, ctx.now)
      return { sent: true as const }
    }),

  errorFeedback: publicProcedure
    .input(errorFeedbackSchema)
    .use(rateLimited('feedback', SITE_RATE_LIMITS.feedback))
    .mutation(async ({ ctx, input }) => {
      await saveErrorFeedback(ctx.em, input, sender(ctx))
      return { sent: true as const }
    }),

  /** The error screen tells the team: the error is logged with the request id. */
  reportClientError: publicProcedure
    .input(clientErrorSchema)
    .use(rateLimited('client-error', SITE_RATE_LIMITS.clientError))
    .mutation(({ ctx, input }) => {
      ctx.req.log.error({ clientError: input, userId: ctx.user?.id ?? null }, 'client error')
      return { logged: true as const }
    }),

  /** The FAQ page: its groups and questions in the language, each with the de-then-en fallback. */
  faq: publicProcedure.input(faqInput).query(({ ctx, input }) => faqPage(ctx.em, input.locale)),

  legalPage: publicProcedure.input(legalPageInput).query(async ({ ctx, input }) => {
    const page = await findLegalPage(ctx.em, input.slug, input.locale)
    if (!page) throw new AppError('NOT_FOUND', 'notFound')
    return page
  }),
})
