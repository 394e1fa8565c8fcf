import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { Plan, Subscription, User } from '../../db/entities/index.js'
import {
  applyEvent,
  checkSale,
  MONEY_BACK_KINDS,
  replaceSubscription,
  settleSubscription,
  startSubscription,
  type BillingEventInput,
  type MoneyBackKind,
  type SaleEvent,
  type SubscriptionState,
} from '../../domain/billing/billing.js'
import { WebhookRejected, type EventOutcome } from './provider.js'

export type { EventOutcome }

const INSERT_EVENT = `
  insert into billing_event (provider, event_id, type, payload, received_at, processed_at, amount_cents, currency, subscription_external_id)
  values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)
  on conflict (provider, event_id) do nothing
  returning id`

/**
 * Applies one verified processor event, exactly once: the event row (unique per provider and
 * event id, which the adapters make of the processor's event type and transaction id) and its
 * effect are written in one transaction. A replay finds the row and changes nothing; two
 * deliveries at the same moment wait for each other on the unique key. A refused event
 * (WebhookRejected) rolls back, so a later delivery is applied: a notification about a
 * subscription not known yet (a renewal before its sale) is refused with 503, which makes the
 * processor deliver it again.
 */
export async function applyBillingEvent(
  em: EntityManager,
  provider: string,
  event: BillingEventInput,
  payload: Record<string, string>,
  now: Date,
): Promise<EventOutcome> {
  return em.fork().transactional(async (tx) => {
    const money = 'amountCents' in event ? [event.amountCents, event.currency] : event.kind === 'sale' ? [event.initialCents, event.currency] : [null, null]
    const type = (event.kind === 'ignored' ? event.type : event.kind).slice(0, 64)
    const subscription = 'subscriptionId' in event ? event.subscriptionId : null
    const rows = await tx.execute<Array<{ id: number }>>(INSERT_EVENT, [
      provider,
      event.eventId,
      type,
      JSON.stringify(storable(payload)),
      now,
      now,
      ...money,
      subscription,
    ])
    if (rows.length === 0) return { result: 'duplicate', eventId: event.eventId }
    if (event.kind === 'ignored') return { result: 'ignored', eventId: event.eventId }
    if (event.kind === 'sale') await startSale(tx, event)
    else await changeSubscription(tx, event)
    await tx.flush()
    return { result: 'processed', eventId: event.eventId }
  })
}

/** Fields kept with the event: all but passwords and secrets a processor may send along. */
function storable(payload: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => !/password|secret/i.test(key)))
}

/** The subscription a processor event is about, locked; not known yet: 503, deliver again later. */
async function lockedSubscription(tx: EntityManager, externalId: string, eventId: string): Promise<Subscription> {
  const subscription = await tx.findOne(Subscription, { externalId }, { populate: ['plan', 'pendingPlan'], lockMode: LockMode.PESSIMISTIC_WRITE })
  if (!subscription) throw new WebhookRejected(503, `unknown subscription ${externalId}, not applied yet`, eventId)
  return subscription
}

async function startSale(tx: EntityManager, sale: SaleEvent): Promise<void> {
  const plan = await tx.findOne(Plan, { sid: sale.planSid })
  if (!plan) throw new WebhookRejected(422, `unknown plan ${sale.planSid}`, sale.eventId)
  // An upgrade replaces a running subscription of the same member.
  const replaced = sale.replaces ? await lockedSubscription(tx, sale.replaces, sale.eventId) : null
  const userId = sale.userId ?? replaced?.user?.id
  if (replaced && sale.userId !== null && replaced.user?.id !== sale.userId) {
    throw new WebhookRejected(422, `subscription ${sale.replaces} belongs to another user`, sale.eventId)
  }
  const user = userId === undefined ? null : await tx.findOne(User, { id: userId })
  if (!user) throw new WebhookRejected(422, `unknown user ${userId}`, sale.eventId)
  if (await tx.count(Subscription, { externalId: sale.subscriptionId })) {
    throw new WebhookRejected(409, `subscription ${sale.subscriptionId} already exists`, sale.eventId)
  }
  const check = checkSale(plan, sale)
  if (!check.ok) throw new WebhookRejected(422, `${check.problem} for plan ${plan.sid}`, sale.eventId)
  const state = startSubscription(plan, sale, check.trialDays)
  tx.create(Subscription, { user, externalId: sale.subscriptionId, startedAt: sale.occurredAt, ...fieldsOf(tx, state) })
  if (replaced) tx.assign(replaced, fieldsOf(tx, replaceSubscription(stateOf(replaced), sale.occurredAt)))
}

const isMoneyBack = (kind: string): kind is MoneyBackKind => (MONEY_BACK_KINDS as readonly string[]).includes(kind)

async function changeSubscription(tx: EntityManager, event: Exclude<BillingEventInput, SaleEvent | { kind: 'ignored' }>): Promise<void> {
  const subscription = await lockedSubscription(tx, event.subscriptionId, event.eventId)
  let pendingPlanId: number | undefined
  if (event.kind === 'change') {
    const plan = await tx.findOne(Plan, { sid: event.planSid })
    if (!plan) throw new WebhookRejected(422, `unknown plan ${event.planSid}`, event.eventId)
    pendingPlanId = plan.id
  }
  if ((event.kind === 'renewal' || isMoneyBack(event.kind)) && 'currency' in event && event.currency !== subscription.plan.currency) {
    throw new WebhookRejected(422, `currency ${event.currency} differs from the plan's`, event.eventId)
  }
  const periods = planPeriods(subscription)
  const state = applyEvent(stateOf(subscription), event, (planId) => periods.get(planId)!, pendingPlanId)
  tx.assign(subscription, fieldsOf(tx, state))
}

/** The periods of the subscription's plan and of the plan a change switches to. */
function planPeriods(subscription: Subscription) {
  const plans = [subscription.plan, ...(subscription.pendingPlan ? [subscription.pendingPlan] : [])]
  return new Map(plans.map((plan) => [plan.id, plan.period]))
}

function stateOf(subscription: Subscription): SubscriptionState {
  return {
    status: subscription.status,
    planId: subscription.plan.id,
    trialEndsAt: subscription.trialEndsAt ?? null,
    paidUntil: subscription.paidUntil,
    pendingChange: subscription.pendingChange ?? null,
    pendingPlanId: subscription.pendingPlan?.id ?? null,
    pendingFrom: subscription.pendingFrom ?? null,
    endedAt: subscription.endedAt ?? null,
    endReason: subscription.endReason ?? null,
  }
}

function fieldsOf(tx: EntityManager, state: SubscriptionState) {
  return {
    status: state.status,
    plan: tx.getReference(Plan, state.planId),
    trialEndsAt: state.trialEndsAt,
    paidUntil: state.paidUntil,
    pendingChange: state.pendingChange,
    pendingPlan: state.pendingPlanId === null ? null : tx.getReference(Plan, state.pendingPlanId),
    pendingFrom: state.pendingFrom,
    endedAt: state.endedAt,
    endReason: state.endReason,
  }
}

const same = (a: SubscriptionState, b: SubscriptionState) =>
  (Object.keys(a) as Array<keyof SubscriptionState>).every((key) => {
    const x = a[key]
    const y = b[key]
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y
  })

/**
 * The worker's upkeep (cron): scheduled changes that are due take effect and subscriptions
 * whose paid period ended without a renewal end as expired. Each subscription is settled in
 * its own short transaction under a row lock, so a webhook arriving meanwhile is not lost;
 * running it twice changes nothing more.
 */
export async function settleSubscriptions(em: EntityManager, now: Date): Promise<{ changed: number; ended: number }> {
  const due = await em
    .fork()
    .find(Subscription, { status: 'active', $or: [{ paidUntil: { $lte: now } }, { pendingFrom: { $lte: now } }] }, { fields: ['id'], orderBy: { id: 'asc' } })
  let changed = 0
  let ended = 0
  for (const { id } of due) {
    await em.fork().transactional(async (tx) => {
      const subscription = await tx.findOne(Subscription, { id, status: 'active' }, { populate: ['plan', 'pendingPlan'], lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!subscription) return
      const before = stateOf(subscription)
      const after = settleSubscription(before, now)
      if (same(before, after)) return
      tx.assign(subscription, fieldsOf(tx, after))
      if (after.status === 'ended') ended++
      else changed++
    })
  }
  return { changed, ended }
}
