/**
 * Who is a member (spec section 6): an active plan, or role admin, or role permanentAccess.
 * This is the one place that decides it; procedures, routes and the UI all call it.
 */
export const ROLES = ['user', 'admin', 'permanentAccess'] as const
export type Role = (typeof ROLES)[number]

export interface MembershipSubject {
  role: Role
  /** The end of the paid (or trial) period of the user's current subscription, if any. */
  activePlanUntil: Date | null
}

export function hasActivePlan(subject: MembershipSubject, now: Date): boolean {
  return subject.activePlanUntil !== null && subject.activePlanUntil.getTime() > now.getTime()
}

export function isMember(subject: MembershipSubject | null | undefined, now: Date): boolean {
  if (!subject) return false
  if (subject.role === 'admin' || subject.role === 'permanentAccess') return true
  return hasActivePlan(subject, now)
}
