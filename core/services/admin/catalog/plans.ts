/**
 * The console's plan editor. A price change and existing subscribers: a processor bills each
 * subscription at the terms it was sold at (its plan code), so once a plan has a subscription
 * (of any state) its price, period and trial (PLAN_TERMS) are fixed; changing them is refused
 * with planTermsLocked. New terms are a new plan (a new code); the old one is made unlisted,
 * so existing subscribers keep what they bought and new ones see only the new plan. Name,
 * features, visibility, highlight and order can change at any time; the daily download limit
 * applies to every subscriber of the plan from the next download on.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Plan, Subscription } from '../../../db/entities/index.js'
import { AppError } from '../../../domain/errors.js'
import { localize, type Locale } from '../../../domain/locale.js'
import { PLAN_TERMS, type PlanInput } from '../../../domain/schemas/catalog-admin.js'
import { allLocales, filled, found } from './common.js'
import { saveRow, type EditedResource } from './edit.js'

const FIELDS = [
  'sid',
  'name',
  'period',
  'priceCents',
  'trialDays',
  'trialPriceCents',
  'features',
  'dailyDownloadLimit',
  'visibility',
  'highlight',
  'sortOrder',
] as const

async function subscriberCounts(em: EntityManager): Promise<Map<number, number>> {
  const rows = await em
    .getConnection()
    .execute<{ plan_id: number; count: number }[]>(`select plan_id, count(*)::int as count from subscription group by plan_id`)
  return new Map(rows.map((row) => [row.plan_id, row.count]))
}

export async function listPlansForAdmin(em: EntityManager, locale: Locale) {
  const [rows, counts] = await Promise.all([em.find(Plan, {}, { orderBy: { sortOrder: 'asc', priceCents: 'asc', id: 'asc' } }), subscriberCounts(em)])
  return rows.map((row) => ({
    id: row.id,
    sid: row.sid,
    name: localize(row.name, locale),
    period: row.period,
    priceCents: row.priceCents,
    currency: row.currency,
    visibility: row.visibility as PlanInput['visibility'],
    highlight: row.highlight,
    subscriptions: counts.get(row.id) ?? 0,
  }))
}

export async function planForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(Plan, id))
  return {
    id: row.id,
    sid: row.sid,
    name: allLocales(row.name),
    period: row.period,
    priceCents: row.priceCents,
    currency: row.currency,
    trialDays: row.trialDays ?? null,
    trialPriceCents: row.trialPriceCents ?? null,
    features: [...row.features] as PlanInput['features'],
    dailyDownloadLimit: row.dailyDownloadLimit,
    visibility: row.visibility,
    highlight: row.highlight,
    sortOrder: row.sortOrder,
    /** Subscriptions sold on this plan: its terms are fixed when there are any. */
    subscriptions: await em.count(Subscription, { plan: row.id }),
  }
}

const plans: EditedResource<Plan, PlanInput> = {
  entity: Plan,
  name: 'plan',
  fields: FIELDS,
  create: async (em, input) => {
    await refuseTakenSid(em, input)
    return em.create(Plan, { sid: input.sid, name: {}, period: input.period, priceCents: input.priceCents })
  },
  apply: async (row, input, { em, created }) => {
    if (!created) {
      await refuseTakenSid(em, input)
      // The processor's plan code never changes: subscriptions and join links carry it.
      if (input.sid !== row.sid) throw new AppError('BAD_REQUEST', 'planSidInvalid', undefined, 'sid')
      const termsChange = PLAN_TERMS.find((term) => (row[term] ?? null) !== input[term])
      if (termsChange && (await em.count(Subscription, { plan: row.id })) > 0) throw new AppError('CONFLICT', 'planTermsLocked', undefined, termsChange)
    }
    row.name = filled(input.name)
    row.period = input.period
    row.priceCents = input.priceCents
    row.trialDays = input.trialDays
    row.trialPriceCents = input.trialPriceCents
    row.features = [...input.features]
    row.dailyDownloadLimit = input.dailyDownloadLimit
    row.visibility = input.visibility
    row.highlight = input.highlight
    row.sortOrder = input.sortOrder
  },
}

/** A plan code is one plan's: another plan with it refuses the save. */
async function refuseTakenSid(em: EntityManager, input: PlanInput) {
  const taken = await em.findOne(Plan, { sid: input.sid })
  if (taken && taken.id !== input.id) throw new AppError('CONFLICT', 'planSidTaken', undefined, 'sid')
}

export const savePlan = (em: EntityManager, input: PlanInput) => saveRow(em, plans, input)
