import type { EntityManager } from '@mikro-orm/postgresql'
import { AuthToken, User } from '../../db/entities/index.js'
import { tokenExpiry, tokenProblem, type TokenPurpose } from '../../domain/auth/tokens.js'
import { AppError } from '../../domain/errors.js'
import { hashToken, randomToken } from './sessions.js'

/**
 * Issues a token for a mailed link. Only its SHA-256 is stored; the clear token goes into
 * the mail and nowhere else. A new password-reset link retires the earlier ones.
 */
export async function issueToken(em: EntityManager, user: User, purpose: TokenPurpose, now: Date): Promise<string> {
  if (purpose === 'resetPassword') {
    await em.nativeUpdate(AuthToken, { user: user.id, purpose, usedAt: null }, { usedAt: now })
  }
  const token = randomToken()
  em.create(AuthToken, { user, purpose, tokenHash: hashToken(token), expiresAt: tokenExpiry(purpose, now), createdAt: now })
  await em.flush()
  return token
}

/**
 * Uses a token once: it must exist, belong to `email`, be unused and unexpired; otherwise
 * the caller gets the matching translated error (invalid, already used, expired). Using it
 * also retires the user's other open tokens of the same purpose. The update is conditional,
 * so two simultaneous uses cannot both succeed.
 */
export async function consumeToken(em: EntityManager, purpose: TokenPurpose, token: string, email: string, now: Date): Promise<User> {
  const stored = await em.findOne(AuthToken, { tokenHash: hashToken(token), purpose }, { populate: ['user'] })
  const owned = stored && stored.user.email.toLowerCase() === email.trim().toLowerCase() ? stored : null
  const problem = tokenProblem(owned, now)
  if (problem || !owned) throw new AppError('BAD_REQUEST', problem ?? 'linkInvalid')
  const claimed = await em.nativeUpdate(AuthToken, { id: owned.id, usedAt: null }, { usedAt: now })
  if (claimed !== 1) throw new AppError('BAD_REQUEST', 'linkUsed')
  await em.nativeUpdate(AuthToken, { user: owned.user.id, purpose, usedAt: null }, { usedAt: now })
  return owned.user
}
