import type { EntityManager } from '@mikro-orm/postgresql'
import { Subscription, User } from '../db/entities/index.js'
import { currentSubscription, isMember, ROLES, type Role } from '../domain/membership.js'
import type { PlanPeriod } from '../domain/prices.js'
import { findUserByEmail } from './accounts.js'

/** What other features ask about a user's membership (downloads, playback, previews). */
export interface Membership {
  role: Role
  /** The one membership rule: an active plan, or role admin, or role permanentAccess. */
  isMember: boolean
  /** The plan of the subscription that gives access now; null without one (also for admins). */
  plan: {
    id: number
    sid: string
    period: PlanPeriod
    /** Feature keys, e.g. 'downloads', 'uhd', 'fullPreviews'. */
    features: string[]
    /** Downloads per day; 0 when the plan has none. */
    dailyDownloadLimit: number
  } | null
  /** End of the paid (or trial) period of that subscription. */
  paidUntil: Date | null
}

/**
 * A user's membership at `now`, decided by isMember (server/domain/membership.ts) from the
 * user's role and current subscription. Null when the user does not exist.
 */
export async function membershipOf(em: EntityManager, userId: number, now: Date): Promise<Membership | null> {
  const user = await em.findOne(User, { id: userId }, { fields: ['role'] })
  if (!user) return null
  const subscriptions = await em.find(Subscription, { user: userId, status: 'active', paidUntil: { $gt: now } }, { populate: ['plan'] })
  const current = currentSubscription(subscriptions, now)
  return {
    role: user.role,
    isMember: isMember({ role: user.role, activePlanUntil: current?.paidUntil ?? null }, now),
    plan: current
      ? {
          id: current.plan.id,
          sid: current.plan.sid,
          period: current.plan.period,
          features: [...current.plan.features],
          dailyDownloadLimit: current.plan.dailyDownloadLimit,
        }
      : null,
    paidUntil: current?.paidUntil ?? null,
  }
}

export class RoleChangeError extends Error {
  override name = 'RoleChangeError'
}

/** Sets a user's role (npm run user:role); the email is matched case-insensitively. */
export async function setUserRole(em: EntityManager, email: string, role: string): Promise<{ email: string; previous: Role; role: Role }> {
  if (!isRole(role)) throw new RoleChangeError(`Unknown role "${role}". Roles: ${ROLES.join(', ')}.`)
  const user = await findUserByEmail(em, email)
  if (!user) throw new RoleChangeError(`No user has the email address "${email}".`)
  const previous = user.role
  user.role = role
  await em.flush()
  return { email: user.email, previous, role }
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}
