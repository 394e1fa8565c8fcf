import type { EntityManager } from '@mikro-orm/postgresql'
import { isMember, type Role } from '../../domain/billing/membership.js'
import type { PlanPeriod } from '../../domain/billing/prices.js'

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
 * The current subscription of the user under alias `u`, with its plan, as the lateral join
 * `cur` (one statement with the user): active, paid past the time bound to its `?`, the latest
 * paid_until first. It is currentSubscription of domain/membership.ts in SQL (a test keeps the
 * two in agreement). Select CURRENT_PLAN_COLUMNS with it.
 */
export const CURRENT_PLAN_JOIN = `left join lateral (
    select sub.paid_until, p.id, p.sid, p.period, p.features, p.daily_download_limit
      from subscription sub join plan p on p.id = sub.plan_id
     where sub.user_id = u.id and sub.status = 'active' and sub.paid_until > ?
     order by sub.paid_until desc limit 1) cur on true`

export const CURRENT_PLAN_COLUMNS = `cur.paid_until as plan_paid_until, cur.id as plan_id, cur.sid as plan_sid, cur.period as plan_period,
            cur.features as plan_features, cur.daily_download_limit as plan_daily_download_limit`

export interface CurrentPlanRow {
  plan_paid_until: Date | string | null
  plan_id: number | null
  plan_sid: string | null
  plan_period: PlanPeriod | null
  plan_features: string[] | null
  plan_daily_download_limit: number | null
}

/** The plan part of a row read with CURRENT_PLAN_JOIN. */
export function currentPlanOf(row: CurrentPlanRow): { plan: Membership['plan']; paidUntil: Date | null } {
  if (row.plan_id === null || row.plan_paid_until === null) return { plan: null, paidUntil: null }
  return {
    plan: {
      id: row.plan_id,
      sid: row.plan_sid!,
      period: row.plan_period!,
      features: [...(row.plan_features ?? [])],
      dailyDownloadLimit: row.plan_daily_download_limit ?? 0,
    },
    paidUntil: new Date(row.plan_paid_until),
  }
}

/** A membership from the role and current plan (of the session's user, or of membershipOf), by the one rule isMember. */
export function membershipFrom(role: Role, current: { plan: Membership['plan']; paidUntil: Date | null }, now: Date): Membership {
  return { role, isMember: isMember({ role, activePlanUntil: current.paidUntil }, now), plan: current.plan, paidUntil: current.paidUntil }
}

/**
 * A user's membership at `now`, decided by isMember (core/domain/billing/membership.ts) from the
 * user's role and current subscription, in one statement. Null when the user does not exist.
 * A request's own user has it already (CurrentUser.membership).
 */
export async function membershipOf(em: EntityManager, userId: number, now: Date): Promise<Membership | null> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ role: Role } & CurrentPlanRow>>(`select u.role, ${CURRENT_PLAN_COLUMNS} from app_user u ${CURRENT_PLAN_JOIN} where u.id = ?`, [
      now,
      userId,
    ])
  return row ? membershipFrom(row.role, currentPlanOf(row), now) : null
}
