import { isMember } from '../../../core/domain/billing/membership.js'
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../../core/domain/schemas/auth.js'
import { changePassword, forgotPassword, login, logout, resendVerification, resetPassword, signUp, verifyEmail } from '../../../core/services/auth/accounts.js'
import { publicProcedure, router, verifiedProcedure } from '../trpc.js'

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

  signUp: publicProcedure.input(signUpSchema).mutation(({ ctx, input }) => signUp(ctx, input)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => login(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),
  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => forgotPassword(ctx, input)),
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx, input)),
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx, input)),
  resendVerification: publicProcedure.input(resendVerificationSchema).mutation(({ ctx, input }) => resendVerification(ctx, input)),
  changePassword: verifiedProcedure.input(changePasswordSchema).mutation(({ ctx, input }) => changePassword(ctx, ctx.user, input)),
})
