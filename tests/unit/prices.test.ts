import { describe, expect, it } from 'vitest'
import { cheapestOf, formatCents, priceView, type PricedPlan } from '../../core/domain/billing/prices.js'

// Intl uses a no-break space (U+00A0 or U+202F) between amount and currency in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const plan = (overrides: Partial<PricedPlan>): PricedPlan => ({
  period: 'monthly',
  priceCents: 1499,
  currency: 'EUR',
  trialDays: null,
  trialPriceCents: null,
  ...overrides,
})

describe('formatCents', () => {
  it('always shows 2 decimals in the locale format', () => {
    expect(plain(formatCents(1499, 'EUR', 'de'))).toBe('14,99 €')
    expect(plain(formatCents(1500, 'EUR', 'de'))).toBe('15,00 €')
    expect(formatCents(1500, 'EUR', 'en')).toBe('€15.00')
    expect(plain(formatCents(123456, 'EUR', 'fr'))).toBe('1 234,56 €')
    expect(plain(formatCents(5, 'EUR', 'it'))).toBe('0,05 €')
    expect(formatCents(999, 'USD', 'en')).toBe('$9.99')
  })
})

describe('priceView', () => {
  it('shows a monthly plan per month', () => {
    expect(priceView(plan({}), 'en')).toEqual({ price: '€14.99', months: 1, perMonth: null, trial: null })
  })
  it('shows a yearly plan per 12 months with its monthly equivalent', () => {
    const view = priceView(plan({ period: 'yearly', priceCents: 9588 }), 'de')
    expect(plain(view.price)).toBe('95,88 €')
    expect(view.months).toBe(12)
    expect(plain(view.perMonth!)).toBe('7,99 €')
  })
  it('shows a biyearly plan per 24 months, rounding the monthly equivalent to the cent', () => {
    const view = priceView(plan({ period: 'biyearly', priceCents: 10000 }), 'en')
    expect(view).toMatchObject({ price: '€100.00', months: 24, perMonth: '€4.17' })
  })
  it('describes trials: priced, free, or none', () => {
    expect(priceView(plan({ trialDays: 3, trialPriceCents: 199 }), 'en').trial).toEqual({ days: 3, price: '€1.99' })
    expect(priceView(plan({ trialDays: 3, trialPriceCents: 0 }), 'en').trial).toEqual({ days: 3, price: null })
    expect(priceView(plan({ trialDays: 3, trialPriceCents: null }), 'en').trial).toEqual({ days: 3, price: null })
    expect(priceView(plan({ trialDays: 0, trialPriceCents: 100 }), 'en').trial).toBeNull()
  })
})

describe('cheapestOf', () => {
  it('picks the cheapest plan of a period, or null', () => {
    const plans = [
      { sid: 'a', period: 'yearly' as const, priceCents: 9000 },
      { sid: 'b', period: 'monthly' as const, priceCents: 1500 },
      { sid: 'c', period: 'yearly' as const, priceCents: 8000 },
      { sid: 'd', period: 'yearly' as const, priceCents: 8000 },
    ]
    expect(cheapestOf(plans, 'yearly')?.sid).toBe('c')
    expect(cheapestOf(plans, 'monthly')?.sid).toBe('b')
    expect(cheapestOf(plans, 'biyearly')).toBeNull()
  })
})
