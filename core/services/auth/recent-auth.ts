import { isRecentlyAuthenticated } from '../../domain/auth/recent-auth.js'
import { AppError } from '../../domain/errors.js'
import type { CurrentUser } from './sessions.js'

/**
 * Sensitive changes ask for a proof of identity from the last few minutes; without one they
 * fail with `account.errors.reauthRequired`, which the page answers with its "confirm it's
 * you" dialog (password or passkey) before it tries again.
 */
export function requireRecentAuth(user: CurrentUser, now: Date): void {
  if (!isRecentlyAuthenticated(user.authenticatedAt, now)) throw new AppError('FORBIDDEN', 'account.errors.reauthRequired')
}
