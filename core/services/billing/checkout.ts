/**
 * Joining: the join link forwards a verified user to the configured processor's payment form
 * (BILLING_PROVIDER), or, with the demo provider, to the local demo checkout. The demo
 * checkout is a stand-in for the processor: its "pay" sends a signed notification to the
 * webhook route, so membership comes only from a verified webhook, never from the page itself.
 */
import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { BillingConfig } from '../../config.js'
import { Plan, Subscription } from '../../db/entities/index.js'
import { centsToDecimal, checkoutTerms } from '../../domain/billing/billing.js'
import type { Locale } from '../../domain/locale.js'
import { currentSubscription } from '../../domain/billing/membership.js'
import { AppError } from '../../domain/errors.js'
import { toPlanView, type PlanView } from './plans.js'
import type { CurrentUser } from '../auth/sessions.js'
import { CheckoutUnavailable } from './provider.js'
import { billingProvider, demoProvider, webhookPath } from './providers/index.js'

export interface Checkout {
  plan: Plan
  /** join: a new subscription; change: a member switches plans at the end of the period. */
  mode: 'join' | 'change'
  current: Subscription | null
}

/**
 * What a user may buy: only the user role subscribes (admins and permanent access are members
 * without a plan); a member switches plans unless a change is already scheduled or the
 * processor cannot switch a running subscription.
 */
export async function prepareCheckout(em: EntityManager, config: BillingConfig, user: CurrentUser, sid: string, now: Date): Promise<Checkout> {
  if (user.role !== 'user') throw new AppError('FORBIDDEN', 'checkoutNotNeeded')
  const plan = await em.findOne(Plan, { sid })
  if (!plan) throw new AppError('NOT_FOUND', 'planUnknown')
  const subscriptions = await em.find(Subscription, { user: user.id, status: 'active' }, { populate: ['plan'] })
  const current = currentSubscription(subscriptions, now)
  if (!current) return { plan, mode: 'join', current: null }
  if (current.plan.id === plan.id) throw new AppError('CONFLICT', 'planAlreadyYours')
  if (current.pendingChange) throw new AppError('CONFLICT', 'planChangePending')
  if (!billingProvider(config).changesPlans) throw new AppError('CONFLICT', 'checkoutUnavailable')
  return { plan, mode: 'change', current }
}

/**
 * Where the join link sends a user: the processor's payment form, or the demo checkout.
 * null: no payment possible now (the demo checkout is off, or the processor cannot take
 * this plan; `problem` says why, for the log).
 */
export function checkoutTarget(
  config: BillingConfig,
  publicUrl: string,
  user: CurrentUser,
  checkout: Checkout,
  locale: Locale,
  now: Date,
): { url: string } | { url: null; problem: string } {
  const provider = billingProvider(config)
  if (provider.id === 'demo' && !config.demoCheckout) return { url: null, problem: 'the demo checkout is off' }
  const { plan } = checkout
  try {
    const url = provider.checkoutUrl({
      plan: toPlanView(plan, locale),
      userId: user.id,
      locale,
      subscriptionId: checkout.current?.externalId ?? null,
      returnUrl: `${publicUrl}/account/plan`,
      now,
    })
    return { url }
  } catch (error) {
    if (error instanceof CheckoutUnavailable) return { url: null, problem: error.message }
    throw error
  }
}

export interface DemoCheckoutView {
  plan: PlanView
  mode: 'join' | 'change'
  /** The plan the member has now (change). */
  currentPlan: PlanView | null
  trialDays: number | null
  /** Charged now (join); a scheduled change charges nothing now. */
  dueNowCents: number
  recurringCents: number
  currency: string
  /** join: the first renewal; change: when the new plan starts. */
  from: Date
}

function demoOnly(config: BillingConfig): void {
  if (!config.demoCheckout) throw new AppError('NOT_FOUND', 'checkoutUnavailable')
}

/** The demo checkout page: the plan, the price due now and what follows. */
export async function demoCheckoutView(
  em: EntityManager,
  config: BillingConfig,
  user: CurrentUser,
  sid: string,
  locale: Locale,
  now: Date,
): Promise<DemoCheckoutView> {
  demoOnly(config)
  const checkout = await prepareCheckout(em, config, user, sid, now)
  const terms = checkoutTerms(checkout.plan, now)
  const change = checkout.mode === 'change' && checkout.current
  return {
    plan: toPlanView(checkout.plan, locale),
    mode: checkout.mode,
    currentPlan: change ? toPlanView(checkout.current!.plan, locale) : null,
    trialDays: change ? null : terms.trialDays,
    dueNowCents: change ? 0 : terms.dueNowCents,
    recurringCents: terms.recurringCents,
    currency: terms.currency,
    from: change ? checkout.current!.paidUntil : terms.firstRenewalAt,
  }
}

/** The notification a processor sends for this checkout, in the postback format. */
function demoNotification(user: CurrentUser, checkout: Checkout, now: Date): Record<string, string> {
  const common = { eventId: `demo-${crypto.randomUUID()}`, timestamp: now.toISOString() }
  if (checkout.mode === 'change' && checkout.current) {
    return {
      ...common,
      eventType: 'PlanChangeScheduled',
      subscriptionId: checkout.current.externalId,
      newPlanSid: checkout.plan.sid,
      effectiveDate: checkout.current.paidUntil.toISOString(),
    }
  }
  const terms = checkoutTerms(checkout.plan, now)
  return {
    ...common,
    eventType: 'NewSaleSuccess',
    subscriptionId: `demo-${crypto.randomUUID()}`,
    transactionId: `demo-${crypto.randomUUID()}`,
    'X-userId': String(user.id),
    'X-planSid': checkout.plan.sid,
    billedInitialPrice: centsToDecimal(terms.dueNowCents),
    billedRecurringPrice: centsToDecimal(terms.recurringCents),
    billedCurrency: terms.currency,
    ...(terms.trialDays ? { trialDays: String(terms.trialDays) } : {}),
  }
}

/** Posts a request to this server's own webhook route (the router injects it into the HTTP stack: no network hop). */
export type DeliverToWebhook = (request: {
  method: 'POST'
  url: string
  payload: string
  headers: Record<string, string>
}) => Promise<{ statusCode: number; body: string }>

/**
 * "Pay" in the demo checkout: signs the processor's notification for the signed-in user and
 * posts it to the webhook route. The webhook decides; a refusal there is an unexpected error here.
 */
export async function demoPay(
  deliver: DeliverToWebhook,
  em: EntityManager,
  config: BillingConfig,
  user: CurrentUser,
  sid: string,
  now: Date,
): Promise<{ mode: 'join' | 'change' }> {
  demoOnly(config)
  const checkout = await prepareCheckout(em, config, user, sid, now)
  const provider = demoProvider(config)
  const { payload, headers } = provider.encode(demoNotification(user, checkout, now))
  const res = await deliver({ method: 'POST', url: webhookPath(provider.id), payload, headers })
  if (res.statusCode !== 200) throw new Error(`the webhook refused the demo payment: ${res.statusCode} ${res.body}`)
  return { mode: checkout.mode }
}
