import type { EntityManager } from '@mikro-orm/postgresql'
import type { BillingConfig } from '../../config.js'
import { Plan, Subscription } from '../../db/entities/index.js'
import { localize, type Locale } from '../../domain/locale.js'
import { currentSubscription, planActions, planState, type PlanActions, type PlanState } from '../../domain/billing/membership.js'
import { cheapestOf, type PlanPeriod } from '../../domain/billing/prices.js'
import type { AccountLinks } from './provider.js'
import { billingProvider } from './providers/index.js'
import type { CurrentUser } from '../auth/sessions.js'

/** A plan as plan cards show it; the client formats the price with core/domain/billing/prices. */
export interface PlanView {
  id: number
  sid: string
  name: string
  period: PlanPeriod
  priceCents: number
  currency: string
  trialDays: number | null
  trialPriceCents: number | null
  /** Feature keys in display order; their labels live in i18n (plans.features). */
  features: string[]
  dailyDownloadLimit: number
  highlight: boolean
}

export function toPlanView(plan: Plan, locale: Locale): PlanView {
  return {
    id: plan.id,
    sid: plan.sid,
    name: localize(plan.name, locale),
    period: plan.period,
    priceCents: plan.priceCents,
    currency: plan.currency,
    trialDays: plan.trialDays ?? null,
    trialPriceCents: plan.trialPriceCents ?? null,
    features: [...plan.features],
    dailyDownloadLimit: plan.dailyDownloadLimit,
    highlight: plan.highlight,
  }
}

/** Every public plan, in the catalogue's order (unlisted plans are reached only by link). */
export async function listPublicPlans(em: EntityManager, locale: Locale): Promise<PlanView[]> {
  const plans = await em.find(Plan, { visibility: 'public' }, { orderBy: { sortOrder: 'asc', priceCents: 'asc', id: 'asc' } })
  return plans.map((plan) => toPlanView(plan, locale))
}

/** The sign-up page's offers: the cheapest public yearly and the cheapest public monthly plan. */
export async function signupOffers(em: EntityManager, locale: Locale): Promise<{ yearly: PlanView | null; monthly: PlanView | null }> {
  const plans = await listPublicPlans(em, locale)
  return { yearly: cheapestOf(plans, 'yearly'), monthly: cheapestOf(plans, 'monthly') }
}

export interface CurrentPlan {
  state: PlanState
  /** The plan of the current subscription, if any. */
  plan: PlanView | null
  /** The plan a scheduled change (downgrade) switches to. */
  nextPlan: PlanView | null
  actions: PlanActions
  /**
   * The processor's pages for the current subscription: cancel, and change the payment method
   * (subscriptions.update); null when the page offers neither.
   */
  billingLinks: { cancelUrl: string | null; updatePaymentUrl: string | null } | null
}

/** The plan page (spec sections 4 and 6), decided by the one membership rule. */
export async function currentPlan(em: EntityManager, billing: BillingConfig, user: CurrentUser, locale: Locale, now: Date): Promise<CurrentPlan> {
  const subscriptions = await em.find(Subscription, { user: user.id, status: 'active' }, { populate: ['plan', 'pendingPlan'] })
  const subscription = currentSubscription(subscriptions, now)
  const state = planState(user.role, subscription, now)
  const provider = billingProvider(billing)
  const actions = planActions(user.role, state, { planChange: provider.changesPlans })
  const links: AccountLinks | null = subscription && (actions.cancel || actions.changePaymentMethod) ? provider.accountLinks(subscription.externalId) : null
  const showsPlan = state.kind === 'active' || state.kind === 'downgrade' || state.kind === 'cancelled'
  return {
    state,
    plan: showsPlan && subscription ? toPlanView(subscription.plan, locale) : null,
    nextPlan: state.kind === 'downgrade' && subscription?.pendingPlan ? toPlanView(subscription.pendingPlan, locale) : null,
    actions,
    billingLinks: links && {
      cancelUrl: actions.cancel ? links.cancelUrl : null,
      updatePaymentUrl: actions.changePaymentMethod ? links.updatePaymentUrl : null,
    },
  }
}
