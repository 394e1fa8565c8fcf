import {
  changeEmailSchema,
  deleteAccountSchema,
  emailChangeTokenSchema,
  passkeyRefSchema,
  passkeySignInSchema,
  reauthenticateSchema,
  registerPasskeySchema,
  renamePasskeySchema,
  sessionRefSchema,
  setPasswordSchema,
} from '../../../core/domain/schemas/account.js'
import { deleteAccount, deletionView } from '../../../core/services/account/deletion.js'
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, requestEmailChange, undoEmailChange } from '../../../core/services/auth/email-change.js'
import {
  listPasskeys,
  passkeySignIn,
  reauthenticationOptions,
  registerPasskey,
  registrationOptions,
  removePasskey,
  removePassword,
  renamePasskey,
  setPassword,
  signInOptions,
} from '../../../core/services/auth/passkeys.js'
import { reauthenticate } from '../../../core/services/auth/reauthenticate.js'
import { endEveryOtherSession, endOneSession, listSessions } from '../../../core/services/auth/session-list.js'
import { User } from '../../../core/db/entities/index.js'
import { publicProcedure, router, verifiedProcedure } from '../trpc.js'

/**
 * The account area beyond the password and the plan: passkeys (and signing in with one),
 * sessions, the address, the data export's companion and deletion. Sensitive changes need a
 * recent proof of identity (`reauthenticate`); the services enforce it.
 */
export const accountRouter = router({
  /** The security page: whether the account has a password, its passkeys and its live sessions. */
  security: verifiedProcedure.query(async ({ ctx }) => {
    const account = await ctx.em.findOneOrFail(User, ctx.user.id)
    const [passkeys, sessions] = [await listPasskeys(ctx.em, ctx.user.id), await listSessions(ctx.em, ctx.user, ctx.now)]
    return { hasPassword: account.passwordHash != null, passkeys, sessions }
  }),

  /** "Confirm it's you": options for a passkey, then the password or the passkey's answer. */
  reauthenticationOptions: verifiedProcedure.mutation(({ ctx }) => reauthenticationOptions(ctx, ctx.user)),
  reauthenticate: verifiedProcedure.input(reauthenticateSchema).mutation(({ ctx, input }) => reauthenticate(ctx, ctx.user, input)),

  passkeyRegistrationOptions: verifiedProcedure.mutation(({ ctx }) => registrationOptions(ctx, ctx.user)),
  registerPasskey: verifiedProcedure.input(registerPasskeySchema).mutation(({ ctx, input }) => registerPasskey(ctx, ctx.user, input)),
  renamePasskey: verifiedProcedure.input(renamePasskeySchema).mutation(({ ctx, input }) => renamePasskey(ctx.em, ctx.user, input)),
  removePasskey: verifiedProcedure.input(passkeyRefSchema).mutation(({ ctx, input }) => removePasskey(ctx, ctx.user, input.id)),
  removePassword: verifiedProcedure.mutation(({ ctx }) => removePassword(ctx, ctx.user)),
  setPassword: verifiedProcedure.input(setPasswordSchema).mutation(({ ctx, input }) => setPassword(ctx, ctx.user, input.newPassword)),

  /** Signing in with a passkey (the login page): options, then the authenticator's answer. */
  passkeySignInOptions: publicProcedure.mutation(({ ctx }) => signInOptions(ctx)),
  passkeySignIn: publicProcedure.input(passkeySignInSchema).mutation(({ ctx, input }) => passkeySignIn(ctx, input)),

  endSession: verifiedProcedure.input(sessionRefSchema).mutation(({ ctx, input }) => endOneSession(ctx.em, ctx.user, input.id)),
  endOtherSessions: verifiedProcedure.mutation(async ({ ctx }) => ({ ended: await endEveryOtherSession(ctx.em, ctx.user) })),

  /** The address page: the current address and a change waiting for its link. */
  email: verifiedProcedure.query(async ({ ctx }) => ({ email: ctx.user.email, pending: await pendingEmailChange(ctx.em, ctx.user.id, ctx.now) })),
  requestEmailChange: verifiedProcedure.input(changeEmailSchema).mutation(({ ctx, input }) => requestEmailChange(ctx, ctx.user, input)),
  cancelEmailChange: verifiedProcedure.mutation(({ ctx }) => cancelEmailChange(ctx.em, ctx.user)),
  /** The mailed links: open in any browser, signed in or not. */
  confirmEmailChange: publicProcedure.input(emailChangeTokenSchema).mutation(({ ctx, input }) => confirmEmailChange(ctx, input.token)),
  undoEmailChange: publicProcedure.input(emailChangeTokenSchema).mutation(({ ctx, input }) => undoEmailChange(ctx, input.token)),

  /** The deletion section: what stands in the way, and the processor's cancel page. */
  deletion: verifiedProcedure.query(({ ctx }) => deletionView(ctx.em, ctx.config.billing, ctx.user, ctx.now)),
  deleteAccount: verifiedProcedure.input(deleteAccountSchema).mutation(({ ctx, input }) => deleteAccount(ctx, ctx.user, input)),
})
