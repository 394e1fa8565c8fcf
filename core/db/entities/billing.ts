import { defineEntity, p } from '@mikro-orm/core'
import { ownerKey, timeOfInsert, timeOfLastChange } from './properties.js'
import { User } from './user.js'
import type { LocalizedText } from './types.js'
import { PLAN_PERIODS } from '../../domain/billing/prices.js'

const PLAN_VISIBILITIES = ['public', 'unlisted'] as const

const PlanSchema = defineEntity({
  name: 'Plan',
  properties: {
    id: p.integer().primary(),
    /** The processor's plan code; the join link is built from it. */
    sid: p.string().length(64).unique(),
    name: p.json<LocalizedText>(),
    period: p.enum(PLAN_PERIODS),
    /** Money is integer cents end to end. */
    priceCents: p.integer(),
    currency: p.string().length(3).default('EUR'),
    trialDays: p.integer().nullable(),
    trialPriceCents: p.integer().nullable(),
    /** Feature keys shown on plan cards, e.g. 'hd', 'uhd', 'downloads'. */
    features: p.array().default([]),
    /** Downloads per day; 0 means the plan has no downloads. */
    dailyDownloadLimit: p.integer().default(0),
    visibility: p.enum(PLAN_VISIBILITIES).default('public'),
    highlight: p.boolean().default(false),
    sortOrder: p.integer().default(0),
    createdAt: timeOfInsert(),
  },
})
export class Plan extends PlanSchema.class {}
PlanSchema.setClass(Plan)

export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const

/**
 * A user's subscription with the processor. The user's plan is the subscription whose
 * paidUntil lies in the future; a pending change (cancel or downgrade) takes effect at
 * pendingFrom, normally the end of the paid period.
 */
const SubscriptionSchema = defineEntity({
  name: 'Subscription',
  properties: {
    id: p.integer().primary(),
    /** null once the member deleted the account: the row stays as a billing record (docs/accounts.md). */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    plan: () => p.manyToOne(Plan),
    /** The processor's subscription id. */
    externalId: p.string().length(128).unique(),
    status: p.enum(SUBSCRIPTION_STATUSES).default('active'),
    startedAt: p.datetime(),
    trialEndsAt: p.datetime().nullable(),
    /** Access lasts until this instant (end of the paid or trial period). */
    paidUntil: p.datetime().index(),
    /** Pending change: 'cancel' (next plan none) or 'change' (next plan set). */
    pendingChange: p.enum(['cancel', 'change'] as const).nullable(),
    pendingPlan: () => p.manyToOne(Plan).nullable(),
    pendingFrom: p.datetime().nullable().index(),
    endedAt: p.datetime().nullable(),
    endReason: p.string().length(64).nullable(),
    createdAt: timeOfInsert(),
    updatedAt: timeOfLastChange(),
  },
})
export class Subscription extends SubscriptionSchema.class {}
SubscriptionSchema.setClass(Subscription)

/** Every processor event as received; the event id makes replays harmless. */
const BillingEventSchema = defineEntity({
  name: 'BillingEvent',
  properties: {
    id: p.integer().primary(),
    provider: p.string().length(32),
    eventId: p.string().length(128),
    type: p.string().length(64),
    payload: p.json<Record<string, unknown>>(),
    receivedAt: timeOfInsert(),
    processedAt: p.datetime().nullable(),
    error: p.text().nullable(),
    /** Money the event moved (sale, renewal, refund, chargeback), in integer cents. */
    amountCents: p.integer().nullable(),
    currency: p.string().length(3).nullable(),
    /** The processor's id of the subscription the event is about (Subscription.externalId); null for events about none. */
    subscriptionExternalId: p.string().length(128).nullable().index(),
  },
  uniques: [{ properties: ['provider', 'eventId'] }],
})
export class BillingEvent extends BillingEventSchema.class {}
BillingEventSchema.setClass(BillingEvent)

/** Downloads per user and day, counted atomically against the plan's daily limit. */
const DownloadCounterSchema = defineEntity({
  name: 'DownloadCounter',
  properties: {
    user: () => ownerKey(User),
    day: p.date().primary(),
    count: p.integer().default(0),
  },
})
export class DownloadCounter extends DownloadCounterSchema.class {}
DownloadCounterSchema.setClass(DownloadCounter)
