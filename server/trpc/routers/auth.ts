import { isMember } from '../../domain/membership.js'
import { publicProcedure, router } from '../trpc.js'

export const authRouter = router({
  /** The signed-in caller, or null for visitors. */
  me: publicProcedure.query(({ ctx }) => {
    const user = ctx.user
    if (!user) return null
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      isMember: isMember(user, ctx.now),
    }
  }),
})
