import {
  feedbackListSchema,
  messageHandledSchema,
  messageListSchema,
  reportListSchema,
  reportRefSchema,
  reportStateSchema,
  reportUnpublishSchema,
} from '../../../../core/domain/schemas/console-inbox.js'
import {
  inboxCounts,
  listFeedback,
  listMessages,
  listReports,
  reportDetail,
  setMessageHandled,
  setReportState,
  unpublishReported,
} from '../../../../core/services/admin/inbox.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** The inbox: removal reports (due dates, states, unpublish), contact messages, error feedback; the home page's counts. */
export const adminInboxRouter = router({
  counts: adminProcedure.query(({ ctx }) => inboxCounts(ctx.em, ctx.now)),

  reports: adminProcedure.input(reportListSchema).query(({ ctx, input }) => listReports(ctx.em, input, ctx.now)),

  report: adminProcedure.input(reportRefSchema).query(({ ctx, input }) => reportDetail(ctx.em, input.id, ctx.config.publicUrl, ctx.locale, ctx.now)),

  setReportState: auditedProcedure.input(reportStateSchema).mutation(async ({ ctx, input }) => {
    const change = await setReportState(ctx.em, input, ctx.now)
    ctx.audit(change)
    return { state: input.state }
  }),

  /** The videos and image sets the report names go off the site; the report is marked removed. */
  unpublishReported: auditedProcedure.input(reportUnpublishSchema).mutation(async ({ ctx, input }) => {
    const { records, unpublished } = await unpublishReported(ctx.em, input, ctx.config.publicUrl, ctx.now)
    for (const record of records) ctx.audit(record)
    return { unpublished }
  }),

  messages: adminProcedure.input(messageListSchema).query(({ ctx, input }) => listMessages(ctx.em, input)),

  setMessageHandled: auditedProcedure.input(messageHandledSchema).mutation(async ({ ctx, input }) => {
    ctx.audit(await setMessageHandled(ctx.em, input, ctx.now))
    return { handled: input.handled }
  }),

  feedback: adminProcedure.input(feedbackListSchema).query(({ ctx, input }) => listFeedback(ctx.em, input)),
})
