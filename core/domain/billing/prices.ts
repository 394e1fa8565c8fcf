/**
 * How plan prices are shown (spec section 9). Money is integer cents end to end; a plan's
 * priceCents is what one billing period costs. Prices show 2 decimals in the reader's
 * locale format; a yearly plan is shown per 12 months and a biyearly plan per 24 months,
 * each with its monthly equivalent. A trial costs trialPriceCents (0 or none: free) for
 * trialDays, then the recurring price applies.
 */
import type { Locale } from '../locale.js'

export const PLAN_PERIODS = ['monthly', 'yearly', 'biyearly'] as const
export type PlanPeriod = (typeof PLAN_PERIODS)[number]

/** Months a billing period covers. */
const PERIOD_MONTHS: Record<PlanPeriod, 1 | 12 | 24> = { monthly: 1, yearly: 12, biyearly: 24 }

export interface PricedPlan {
  period: PlanPeriod
  priceCents: number
  currency: string
  trialDays: number | null
  trialPriceCents: number | null
}

export interface PriceView {
  /** What one billing period costs, e.g. "59,88 €". */
  price: string
  /** Months the price covers: 1, 12 or 24. */
  months: 1 | 12 | 24
  /** The monthly equivalent for yearly and biyearly plans, rounded to the cent. */
  perMonth: string | null
  /** Trial terms, when the plan has a trial: free when price is null. */
  trial: { days: number; price: string | null } | null
}

const formatters = new Map<string, Intl.NumberFormat>()

/** 1999 → "19,99 €" (de) or "€19.99" (en): always 2 decimals, in the locale's format. */
export function formatCents(cents: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    formatters.set(key, format)
  }
  return format.format(cents / 100)
}

export function priceView(plan: PricedPlan, locale: Locale): PriceView {
  const months = PERIOD_MONTHS[plan.period]
  const trial =
    plan.trialDays && plan.trialDays > 0
      ? { days: plan.trialDays, price: plan.trialPriceCents ? formatCents(plan.trialPriceCents, plan.currency, locale) : null }
      : null
  return {
    price: formatCents(plan.priceCents, plan.currency, locale),
    months,
    perMonth: months > 1 ? formatCents(Math.round(plan.priceCents / months), plan.currency, locale) : null,
    trial,
  }
}

/** The cheapest plan of a period (ties: the first in the given order), or null. */
export function cheapestOf<T extends { period: PlanPeriod; priceCents: number }>(plans: readonly T[], period: PlanPeriod): T | null {
  let best: T | null = null
  for (const plan of plans) {
    if (plan.period === period && (!best || plan.priceCents < best.priceCents)) best = plan
  }
  return best
}
