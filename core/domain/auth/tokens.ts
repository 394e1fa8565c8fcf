/**
 * Mailed links (spec section 4 and issue 4): random tokens stored only as hashes, single-use,
 * and expiring — email verification after 24 hours, password reset after one hour.
 */
export type TokenPurpose = 'verifyEmail' | 'resetPassword'

const HOUR_MS = 3_600_000

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verifyEmail: 24 * HOUR_MS,
  resetPassword: HOUR_MS,
}

export function tokenExpiry(purpose: TokenPurpose, now: Date): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose])
}

/** Why a presented token cannot be used; each is a key of the `errors` dictionary. */
export type TokenProblem = 'linkInvalid' | 'linkUsed' | 'linkExpired'

export interface StoredToken {
  usedAt?: Date | null
  expiresAt: Date
}

/**
 * null when the token may be used now. An unknown token, or one that belongs to another
 * email address, is 'linkInvalid'; a used one 'linkUsed' (even once expired, which is the
 * more helpful answer), an old one 'linkExpired'.
 */
export function tokenProblem(token: StoredToken | null, now: Date): TokenProblem | null {
  if (!token) return 'linkInvalid'
  if (token.usedAt) return 'linkUsed'
  if (token.expiresAt.getTime() <= now.getTime()) return 'linkExpired'
  return null
}
