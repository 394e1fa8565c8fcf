import { userRefSchema, userRoleSchema, userSearchSchema } from '../../../../core/domain/schemas/console-inbox.js'
import { endUserSessions, searchUsers, setRole, userDetail } from '../../../../core/services/admin/users.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** Users: search by address, a user's plan, subscriptions, billing events and sessions; role; end every session. */
export const adminUsersRouter = router({
  search: adminProcedure.input(userSearchSchema).query(({ ctx, input }) => searchUsers(ctx.em, input)),

  user: adminProcedure.input(userRefSchema).query(({ ctx, input }) => userDetail(ctx.em, input.id, ctx.locale, ctx.now)),

  setRole: auditedProcedure.input(userRoleSchema).mutation(async ({ ctx, input }) => {
    ctx.audit(await setRole(ctx.em, ctx.user, input))
    return { role: input.role }
  }),

  /** The user's next request is signed out; this server's media gateway stops serving them once committed. */
  endSessions: auditedProcedure.input(userRefSchema).mutation(async ({ ctx, input }) => {
    const { record, ended, announce } = await endUserSessions(ctx.em, input.id, ctx.now)
    ctx.audit(record)
    ctx.afterCommit(announce)
    return { ended }
  }),
})
