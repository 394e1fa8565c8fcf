import { User } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'
import type { ReauthenticateInput } from '../../domain/schemas/account.js'
import type { AccountContext } from './accounts.js'
import { reauthenticateWithPasskey } from './passkeys.js'
import { verifyPassword } from './passwords.js'
import { markAuthenticated, type CurrentUser } from './sessions.js'

/**
 * "Confirm it's you" (core/domain/auth/recent-auth.ts): the password or a passkey proves the
 * member's identity again, and the session counts as recently authenticated. Attempts count
 * against the IP address and the account.
 */
export async function reauthenticate(ctx: AccountContext, user: CurrentUser, input: ReauthenticateInput): Promise<void> {
  if (input.method === 'passkey') return reauthenticateWithPasskey(ctx, user, input.response)
  await ctx.limits.hit('reauthenticate', ctx.browser.ip, String(user.id))
  const account = await ctx.em.findOneOrFail(User, user.id)
  if (!(await verifyPassword(account.passwordHash ?? null, input.password))) {
    throw new AppError('BAD_REQUEST', 'currentPasswordWrong', undefined, 'password')
  }
  await markAuthenticated(ctx.em, user.sessionId, 'password', ctx.now)
}
