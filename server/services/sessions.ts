import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Session, Subscription } from '../db/entities/index.js'
import type { Role } from '../domain/membership.js'
import type { Locale } from '../domain/locale.js'

export const SESSION_COOKIE = 'sid'

/** The signed-in caller as procedures see it. */
export interface CurrentUser {
  id: number
  email: string
  emailVerified: boolean
  role: Role
  locale: Locale
  sessionId: string
  /** End of the paid period of the user's active subscription, if any. */
  activePlanUntil: Date | null
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export async function loadCurrentUser(
  em: EntityManager,
  cookies: Record<string, string | undefined>,
  now: Date,
): Promise<CurrentUser | null> {
  const token = cookies[SESSION_COOKIE]
  if (!token || token.length > 128) return null
  const session = await em.findOne(Session, { id: hashToken(token), expiresAt: { $gt: now } }, { populate: ['user'] })
  if (!session) return null
  const user = session.user
  const subscription = await em.findOne(
    Subscription,
    { user: user.id, status: 'active', paidUntil: { $gt: now } },
    { orderBy: { paidUntil: 'desc' } },
  )
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    locale: user.locale,
    sessionId: session.id,
    activePlanUntil: subscription?.paidUntil ?? null,
  }
}
