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

function hasActivePlan(subject: MembershipSubject, now: Date): boolean {
  return subject.activePlanUntil !== null && subject.activePlanUntil.getTime() > now.getTime()
}

export function isMember(subject: MembershipSubject | null | undefined, now: Date): boolean {
  if (!subject) return false
  if (subject.role === 'admin' || subject.role === 'permanentAccess') return true
  return hasActivePlan(subject, now)
}

/** A subscription as the plan page needs it (the Subscription entity's fields). */
export interface SubscriptionFacts {
  status: 'active' | 'ended'
  paidUntil: Date
  trialEndsAt?: Date | null
  /** 'cancel': no next plan; 'change': a scheduled change (downgrade) to another plan. */
  pendingChange?: 'cancel' | 'change' | null
  pendingFrom?: Date | null
}

/**
 * What the plan page shows (spec sections 4 and 6): the admin label, the permanent-access
 * label, no plan, the current plan with its renewal date, a scheduled downgrade with its
 * date, or a cancellation with the date access ends.
 */
export type PlanState =
  | { kind: 'admin' }
  | { kind: 'permanentAccess' }
  | { kind: 'none' }
  | { kind: 'active'; renewsAt: Date; trialEndsAt: Date | null }
  | { kind: 'downgrade'; changesAt: Date }
  | { kind: 'cancelled'; endsAt: Date }

/** The subscription that gives access now: active, paid into the future; the latest wins. */
export function currentSubscription<T extends SubscriptionFacts>(subscriptions: readonly T[], now: Date): T | null {
  let current: T | null = null
  for (const subscription of subscriptions) {
    if (subscription.status !== 'active' || subscription.paidUntil.getTime() <= now.getTime()) continue
    if (!current || subscription.paidUntil.getTime() > current.paidUntil.getTime()) current = subscription
  }
  return current
}

export function planState(role: Role, subscription: SubscriptionFacts | null | undefined, now: Date): PlanState {
  if (role === 'admin') return { kind: 'admin' }
  if (role === 'permanentAccess') return { kind: 'permanentAccess' }
  if (!subscription || subscription.status !== 'active' || subscription.paidUntil.getTime() <= now.getTime()) return { kind: 'none' }
  const from = subscription.pendingFrom ?? subscription.paidUntil
  if (subscription.pendingChange === 'cancel') return { kind: 'cancelled', endsAt: from }
  if (subscription.pendingChange === 'change') return { kind: 'downgrade', changesAt: from }
  const trialEndsAt = subscription.trialEndsAt ?? null
  const inTrial = trialEndsAt !== null && trialEndsAt.getTime() > now.getTime()
  return { kind: 'active', renewsAt: subscription.paidUntil, trialEndsAt: inTrial ? trialEndsAt : null }
}

/**
 * The plan page's buttons (spec section 6: only the user role sees them). Without a plan
 * the user selects one; with one, a pending change (cancel or downgrade) disables the
 * plan-change button, and the processor's pages cancel the membership (unless it is already
 * cancelled) and change the payment method. A processor whose payment pages cannot switch a
 * running subscription to another plan (`planChange: false`) gets no plan-change button.
 */
export interface PlanActions {
  selectPlan: boolean
  changePlan: 'hidden' | 'enabled' | 'disabled'
  changePaymentMethod: boolean
  cancel: boolean
}

export function planActions(role: Role, state: PlanState, { planChange = true }: { planChange?: boolean } = {}): PlanActions {
  if (role !== 'user') return { selectPlan: false, changePlan: 'hidden', changePaymentMethod: false, cancel: false }
  if (state.kind === 'none') return { selectPlan: true, changePlan: 'hidden', changePaymentMethod: false, cancel: false }
  return {
    selectPlan: false,
    changePlan: !planChange ? 'hidden' : state.kind === 'active' ? 'enabled' : 'disabled',
    changePaymentMethod: true,
    cancel: state.kind !== 'cancelled',
  }
}
