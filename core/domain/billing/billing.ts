/**
 * Billing rules (spec sections 3, 4, 7 and 9), pure: the join link, money in integer cents,
 * billing periods, and what each processor event does to a subscription. The services load
 * and store; these functions decide.
 */
import type { Locale } from '../locale.js'
import type { PlanPeriod } from './prices.js'

/**
 * The spec's join link, built from the plan sid and the locale. It is a server route: it
 * applies the access gates and forwards the user to the configured processor (or to the
 * local demo checkout).
 */
export function joinPath(sid: string, locale: Locale): string {
  return `/subscriptions/join/${encodeURIComponent(sid)}?locale=${locale}`
}

/** Where visitors and unconfirmed users come back to after the gates: the plan they chose. */
export function chosenPlanPath(sid: string): string {
  return `/account/select-plan?plan=${encodeURIComponent(sid)}`
}

/** The plan sid in a path made by chosenPlanPath, if it is one. */
export function chosenPlanOf(path: string | undefined): string | null {
  const match = path?.match(/^\/account\/select-plan\?plan=([^&#]+)$/)
  if (!match) return null
  try {
    return decodeURIComponent(match[1]!)
  } catch {
    return null
  }
}

const MONEY = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/

/**
 * A processor's decimal amount ("14.99", "14.9", "14") as integer cents, without ever going
 * through a float. Anything else (negative, three decimals, "1e3", blanks) is null.
 */
export function parseCents(text: string): number | null {
  const match = MONEY.exec(text.trim())
  if (!match) return null
  const [, units, fraction = ''] = match
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Integer cents as the processor's decimal text: 1499 → "14.99". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`)
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

const DAY_MS = 86_400_000

/** A renewal up to this many days after the end of the paid period continues that period. */
const RENEWAL_CONTINUES_DAYS = 7

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS)
}

/** One billing period later (UTC calendar months; 31 January + 1 month = 28/29 February). */
export function addPeriod(date: Date, period: PlanPeriod): Date {
  const months = { monthly: 1, yearly: 12, biyearly: 24 }[period]
  const result = new Date(date.getTime())
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, lastDay))
  return result
}

/** What a plan's checkout costs and when the first period ends. */
export interface PlanTerms {
  id: number
  period: PlanPeriod
  priceCents: number
  currency: string
  trialDays?: number | null
  trialPriceCents?: number | null
}

export interface CheckoutTerms {
  trialDays: number | null
  /** Charged at checkout: the trial price, or one period's price. */
  dueNowCents: number
  /** Charged every period after the first. */
  recurringCents: number
  currency: string
  /** End of the trial or of the first paid period: the first renewal. */
  firstRenewalAt: Date
}

export function checkoutTerms(plan: PlanTerms, now: Date): CheckoutTerms {
  const trialDays = plan.trialDays && plan.trialDays > 0 ? plan.trialDays : null
  return {
    trialDays,
    dueNowCents: trialDays ? (plan.trialPriceCents ?? 0) : plan.priceCents,
    recurringCents: plan.priceCents,
    currency: plan.currency,
    firstRenewalAt: trialDays ? addDays(now, trialDays) : addPeriod(now, plan.period),
  }
}

/** A new subscription the processor charged for. */
export interface SaleEvent {
  kind: 'sale'
  eventId: string
  occurredAt: Date
  subscriptionId: string
  /** The member; null only when the sale replaces a subscription (then it is that one's member). */
  userId: number | null
  planSid: string
  /** Whether the sale started a trial, when the processor says so; null: decided from the amount charged. */
  trial: boolean | null
  /** The trial's length in days, when the processor says it (else the plan's). */
  trialDays: number | null
  initialCents: number
  /** The price of every later period, when the processor says it. */
  recurringCents: number | null
  currency: string
  /** The processor's next billing date, when it sends one. */
  nextRenewalAt: Date | null
  /** The processor's id of a subscription this one replaces (an upgrade); it ends as this one starts. */
  replaces: string | null
}

/** The processor events the product understands, whatever the adapter's wire format. */
export type BillingEventInput =
  | SaleEvent
  | { kind: 'renewal'; eventId: string; occurredAt: Date; subscriptionId: string; amountCents: number; currency: string; nextRenewalAt: Date | null }
  | { kind: 'cancel'; eventId: string; occurredAt: Date; subscriptionId: string }
  /** A cancellation withdrawn before the period ended. */
  | { kind: 'uncancel'; eventId: string; occurredAt: Date; subscriptionId: string }
  | { kind: 'change'; eventId: string; occurredAt: Date; subscriptionId: string; planSid: string; effectiveAt: Date | null }
  /** The processor moved the end of the paid period (extra days, a new billing date). */
  | { kind: 'extend'; eventId: string; occurredAt: Date; subscriptionId: string; until: Date }
  | { kind: 'expire'; eventId: string; occurredAt: Date; subscriptionId: string }
  | { kind: MoneyBackKind; eventId: string; occurredAt: Date; subscriptionId: string; amountCents: number; currency: string }
  /** A notification the product has no use for (failed sale, data update…): acknowledged. */
  | { kind: 'ignored'; eventId: string; occurredAt: Date; type: string }

/** Money that went back to the customer: access ends at once. */
export const MONEY_BACK_KINDS = ['refund', 'chargeback', 'void'] as const
export type MoneyBackKind = (typeof MONEY_BACK_KINDS)[number]

type EndReason = 'cancelled' | 'expired' | 'replaced' | MoneyBackKind

/** A subscription as the rules see it (the Subscription entity's fields). */
export interface SubscriptionState {
  status: 'active' | 'ended'
  planId: number
  trialEndsAt: Date | null
  paidUntil: Date
  pendingChange: 'cancel' | 'change' | null
  pendingPlanId: number | null
  pendingFrom: Date | null
  endedAt: Date | null
  endReason: string | null
}

/** Why a sale cannot be applied; the webhook answers 4xx and nothing changes. */
type SaleProblem = 'currencyMismatch' | 'amountMismatch' | 'trialNotOffered'

export type SaleCheck = { ok: true; trialDays: number | null } | { ok: false; problem: SaleProblem }

/**
 * Checks a sale against the plan: the processor must have charged what the catalogue says
 * (the trial price for a trial, else one period), in the plan's currency. When the processor
 * does not say whether a trial started, the amount decides: the plan's trial price means
 * its trial. The answer carries the trial's length (the processor's, else the plan's).
 */
export function checkSale(plan: PlanTerms, sale: SaleEvent): SaleCheck {
  const offered = plan.trialDays && plan.trialDays > 0 ? plan.trialDays : null
  const trialPrice = plan.trialPriceCents ?? 0
  const trial = sale.trial ?? (offered !== null && trialPrice !== plan.priceCents && sale.initialCents === trialPrice)
  if (sale.currency !== plan.currency) return { ok: false, problem: 'currencyMismatch' }
  if (trial && offered === null) return { ok: false, problem: 'trialNotOffered' }
  const initial = trial ? trialPrice : plan.priceCents
  if (sale.initialCents !== initial || (sale.recurringCents !== null && sale.recurringCents !== plan.priceCents)) {
    return { ok: false, problem: 'amountMismatch' }
  }
  return { ok: true, trialDays: trial ? (sale.trialDays ?? offered) : null }
}

/**
 * A processor's billing date without a time of day ("2026-12-01") gives access through that
 * whole day: it ends at the next midnight, UTC.
 */
export function throughDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day + 1))
}

/** A new sale starts an active subscription: the trial (trialDays from checkSale), or the first paid period. */
export function startSubscription(plan: PlanTerms, sale: SaleEvent, trialDays: number | null): SubscriptionState {
  const firstEnd = sale.nextRenewalAt ?? (trialDays !== null ? addDays(sale.occurredAt, trialDays) : addPeriod(sale.occurredAt, plan.period))
  return {
    status: 'active',
    planId: plan.id,
    trialEndsAt: trialDays !== null ? firstEnd : null,
    paidUntil: firstEnd,
    pendingChange: null,
    pendingPlanId: null,
    pendingFrom: null,
    endedAt: null,
    endReason: null,
  }
}

const ended = (state: SubscriptionState, at: Date, reason: EndReason): SubscriptionState => ({
  ...state,
  status: 'ended',
  endedAt: at,
  endReason: reason,
  pendingChange: null,
  pendingPlanId: null,
  pendingFrom: null,
})

/**
 * Applies a scheduled change that is due at `at`: a cancellation ends the subscription,
 * a plan change (downgrade) switches the plan. Anything not yet due stays as it is.
 */
function applyDueChange(state: SubscriptionState, at: Date): SubscriptionState {
  if (state.status !== 'active' || !state.pendingChange || !state.pendingFrom || state.pendingFrom.getTime() > at.getTime()) return state
  if (state.pendingChange === 'cancel') return ended(state, state.pendingFrom, 'cancelled')
  return { ...state, planId: state.pendingPlanId ?? state.planId, pendingChange: null, pendingPlanId: null, pendingFrom: null }
}

/**
 * The worker's upkeep at `now`: due scheduled changes take effect, and an active
 * subscription whose paid period is over (no renewal came) ends as expired.
 */
export function settleSubscription(state: SubscriptionState, now: Date): SubscriptionState {
  const changed = applyDueChange(state, now)
  if (changed.status === 'active' && changed.paidUntil.getTime() <= now.getTime()) return ended(changed, changed.paidUntil, 'expired')
  return changed
}

/** A subscription replaced by another (an upgrade) ends when the new one starts. */
export function replaceSubscription(state: SubscriptionState, at: Date): SubscriptionState {
  if (state.status !== 'active') return state
  const end = state.paidUntil.getTime() < at.getTime() ? state.paidUntil : at
  return { ...ended(state, end, 'replaced'), paidUntil: end }
}

/**
 * What an event does to an existing subscription (all but a new sale).
 *  - renewal: a due scheduled change takes effect first (the renewal bills the new plan), then
 *    the paid period runs to the processor's next date or one more period; a renewal of an
 *    ended subscription reactivates it (the processor charged the customer);
 *  - cancel: access stays until the end of the paid period (pending 'cancel'); uncancel withdraws it;
 *  - change: the new plan from the end of the paid period (pending 'change');
 *  - extend: the paid period ends at the processor's new date (a pending change moves with it);
 *  - expire: access ends now; refund, chargeback and void: access ends at once.
 */
export function applyEvent(
  state: SubscriptionState,
  event: Exclude<BillingEventInput, SaleEvent | { kind: 'ignored' }>,
  periodOf: (planId: number) => PlanPeriod,
  pendingPlanId?: number,
): SubscriptionState {
  switch (event.kind) {
    case 'renewal': {
      const base = applyDueChange({ ...state, status: 'active', endedAt: null, endReason: null }, event.occurredAt)
      // A renewal reported a little late continues the period; after a long gap a new one starts.
      const late = event.occurredAt.getTime() - base.paidUntil.getTime() > RENEWAL_CONTINUES_DAYS * DAY_MS
      const from = late ? event.occurredAt : base.paidUntil
      const paidUntil = event.nextRenewalAt ?? addPeriod(from, periodOf(base.planId))
      // A renewal after a cancellation means the customer resubscribed.
      const pending = base.pendingChange === 'cancel' ? { pendingChange: null, pendingPlanId: null, pendingFrom: null } : {}
      return { ...base, ...pending, paidUntil }
    }
    case 'cancel':
      if (state.status !== 'active') return state
      return { ...state, pendingChange: 'cancel', pendingPlanId: null, pendingFrom: state.paidUntil }
    case 'uncancel':
      if (state.status !== 'active' || state.pendingChange !== 'cancel') return state
      return { ...state, pendingChange: null, pendingPlanId: null, pendingFrom: null }
    case 'extend': {
      if (state.status !== 'active') return state
      const movesPending = state.pendingFrom !== null && state.pendingFrom.getTime() === state.paidUntil.getTime()
      return { ...state, paidUntil: event.until, ...(movesPending ? { pendingFrom: event.until } : {}) }
    }
    case 'change':
      if (state.status !== 'active') return state
      if (pendingPlanId === undefined) throw new Error('a plan change needs the new plan')
      // Changing back to the current plan withdraws a scheduled change.
      if (pendingPlanId === state.planId) return { ...state, pendingChange: null, pendingPlanId: null, pendingFrom: null }
      return { ...state, pendingChange: 'change', pendingPlanId, pendingFrom: event.effectiveAt ?? state.paidUntil }
    case 'expire': {
      if (state.status !== 'active') return state
      const at = state.paidUntil.getTime() < event.occurredAt.getTime() ? state.paidUntil : event.occurredAt
      return { ...ended(state, at, 'expired'), paidUntil: at }
    }
    case 'refund':
    case 'chargeback':
    case 'void': {
      // Already over: the money went back, which the end reason records.
      if (state.status !== 'active') return { ...state, endReason: event.kind }
      const at = state.paidUntil.getTime() < event.occurredAt.getTime() ? state.paidUntil : event.occurredAt
      return { ...ended(state, event.occurredAt, event.kind), paidUntil: at }
    }
  }
}
