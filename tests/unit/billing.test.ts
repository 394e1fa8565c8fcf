import { describe, expect, it } from 'vitest'
import {
  addPeriod,
  applyEvent,
  centsToDecimal,
  checkoutTerms,
  checkSale,
  chosenPlanOf,
  chosenPlanPath,
  joinPath,
  parseCents,
  replaceSubscription,
  settleSubscription,
  startSubscription,
  throughDay,
  type SaleEvent,
  type SubscriptionState,
} from '../../core/domain/billing/billing.js'

const at = (iso: string) => new Date(iso)
const monthly = { id: 1, period: 'monthly' as const, priceCents: 1499, currency: 'EUR', trialDays: 2, trialPriceCents: 100 }
const yearly = { id: 2, period: 'yearly' as const, priceCents: 9588, currency: 'EUR', trialDays: null, trialPriceCents: null }
const periodOf = (id: number) => (id === 1 ? 'monthly' : 'yearly')

function sale(overrides: Partial<SaleEvent> = {}): SaleEvent {
  return {
    kind: 'sale',
    eventId: 'e1',
    occurredAt: at('2026-01-31T10:00:00Z'),
    subscriptionId: 's1',
    userId: 7,
    planSid: 'basic-yearly',
    trial: false,
    trialDays: null,
    initialCents: 9588,
    recurringCents: 9588,
    currency: 'EUR',
    nextRenewalAt: null,
    replaces: null,
    ...overrides,
  }
}

const active: SubscriptionState = {
  status: 'active',
  planId: 2,
  trialEndsAt: null,
  paidUntil: at('2027-01-31T10:00:00Z'),
  pendingChange: null,
  pendingPlanId: null,
  pendingFrom: null,
  endedAt: null,
  endReason: null,
}
const base = { eventId: 'e2', subscriptionId: 's1' }

describe('join link', () => {
  it('is built from the plan sid and the locale', () => {
    expect(joinPath('premium-yearly', 'de')).toBe('/subscriptions/join/premium-yearly?locale=de')
    expect(joinPath('a b/c', 'en')).toBe('/subscriptions/join/a%20b%2Fc?locale=en')
  })
  it('comes back to the chosen plan after the gates', () => {
    expect(chosenPlanPath('premium-yearly')).toBe('/account/select-plan?plan=premium-yearly')
    expect(chosenPlanOf('/account/select-plan?plan=premium-yearly')).toBe('premium-yearly')
    expect(chosenPlanOf('/en/videos')).toBeNull()
    expect(chosenPlanOf(undefined)).toBeNull()
    expect(chosenPlanOf('/account/select-plan?plan=%E0%A4%A')).toBeNull()
  })
})

describe('money in cents', () => {
  it('reads decimal text exactly, never through a float', () => {
    expect(parseCents('14.99')).toBe(1499)
    expect(parseCents('0.29')).toBe(29)
    expect(parseCents('1.1')).toBe(110)
    expect(parseCents('143')).toBe(14300)
    expect(parseCents('0')).toBe(0)
    expect(parseCents(' 9.90 ')).toBe(990)
  })
  it('refuses anything that is not an amount', () => {
    for (const text of ['', '-1.00', '1.999', '1e3', '01.00', '1,99', 'NaN', '.5', '5.', '9999999999.00']) expect(parseCents(text), text).toBeNull()
  })
  it('writes cents as decimal text', () => {
    expect(centsToDecimal(1499)).toBe('14.99')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(0)).toBe('0.00')
    expect(() => centsToDecimal(1.5)).toThrow(RangeError)
  })
})

describe('billing periods', () => {
  it('adds calendar months in UTC, clamping to the month’s last day', () => {
    expect(addPeriod(at('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addPeriod(at('2028-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(addPeriod(at('2026-03-15T00:00:00Z'), 'yearly').toISOString()).toBe('2027-03-15T00:00:00.000Z')
    expect(addPeriod(at('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z')
    expect(addPeriod(at('2026-11-23T08:00:00Z'), 'biyearly').toISOString()).toBe('2028-11-23T08:00:00.000Z')
  })
  it('prices a checkout: the trial price for the trial days, or one period', () => {
    const now = at('2026-11-23T08:00:00Z')
    expect(checkoutTerms(monthly, now)).toEqual({
      trialDays: 2,
      dueNowCents: 100,
      recurringCents: 1499,
      currency: 'EUR',
      firstRenewalAt: at('2026-11-25T08:00:00Z'),
    })
    expect(checkoutTerms(yearly, now)).toEqual({
      trialDays: null,
      dueNowCents: 9588,
      recurringCents: 9588,
      currency: 'EUR',
      firstRenewalAt: at('2027-11-23T08:00:00Z'),
    })
    expect(checkoutTerms({ ...monthly, trialPriceCents: null }, now).dueNowCents).toBe(0)
  })
})

describe('new sale', () => {
  it('without trial runs one period; with trial, the trial', () => {
    expect(startSubscription(yearly, sale(), null)).toMatchObject({ status: 'active', planId: 2, trialEndsAt: null, paidUntil: at('2027-01-31T10:00:00Z') })
    const trial = startSubscription(monthly, sale({ trial: true, trialDays: 2, initialCents: 100, recurringCents: 1499 }), 2)
    expect(trial.paidUntil).toEqual(at('2026-02-02T10:00:00Z'))
    expect(trial.trialEndsAt).toEqual(trial.paidUntil)
    expect(startSubscription(yearly, sale({ nextRenewalAt: at('2027-02-01T00:00:00Z') }), null).paidUntil).toEqual(at('2027-02-01T00:00:00Z'))
  })
  it('must charge the catalogue’s price in its currency', () => {
    expect(checkSale(yearly, sale())).toEqual({ ok: true, trialDays: null })
    expect(checkSale(monthly, sale({ trial: true, trialDays: 2, initialCents: 100, recurringCents: 1499 }))).toEqual({ ok: true, trialDays: 2 })
    expect(checkSale(yearly, sale({ initialCents: 1 }))).toEqual({ ok: false, problem: 'amountMismatch' })
    expect(checkSale(yearly, sale({ recurringCents: 1 }))).toEqual({ ok: false, problem: 'amountMismatch' })
    expect(checkSale(yearly, sale({ currency: 'USD' }))).toEqual({ ok: false, problem: 'currencyMismatch' })
    expect(checkSale(yearly, sale({ trial: true, trialDays: 3, initialCents: 0 }))).toEqual({ ok: false, problem: 'trialNotOffered' })
  })
  it('decides the trial from the amount when the processor does not say, and takes the plan’s length', () => {
    expect(checkSale(monthly, sale({ trial: null, initialCents: 100, recurringCents: null }))).toEqual({ ok: true, trialDays: 2 })
    expect(checkSale(monthly, sale({ trial: null, initialCents: 1499, recurringCents: null }))).toEqual({ ok: true, trialDays: null })
    expect(checkSale(monthly, sale({ trial: true, trialDays: null, initialCents: 100, recurringCents: 1499 }))).toEqual({ ok: true, trialDays: 2 })
    expect(checkSale(monthly, sale({ trial: null, initialCents: 5, recurringCents: null }))).toEqual({ ok: false, problem: 'amountMismatch' })
    // A trial priced like the plan cannot be told apart by the amount: no trial.
    expect(checkSale({ ...monthly, trialPriceCents: 1499 }, sale({ trial: null, initialCents: 1499, recurringCents: null }))).toEqual({
      ok: true,
      trialDays: null,
    })
  })
  it('reads a billing date without a time as the whole day', () => {
    expect(throughDay(2026, 12, 1)).toEqual(at('2026-12-02T00:00:00Z'))
    expect(throughDay(2026, 12, 31)).toEqual(at('2027-01-01T00:00:00Z'))
  })
  it('an upgrade ends the replaced subscription when the new one starts', () => {
    const now = at('2026-06-01T00:00:00Z')
    expect(replaceSubscription(active, now)).toMatchObject({ status: 'ended', endReason: 'replaced', endedAt: now, paidUntil: now })
    const ended = { ...active, status: 'ended' as const, endReason: 'expired' }
    expect(replaceSubscription(ended, now)).toEqual(ended)
  })
})

describe('events on a subscription', () => {
  it('renewal extends by the plan’s period, from the period end even when reported late', () => {
    const renewal = { ...base, kind: 'renewal' as const, occurredAt: at('2027-02-01T10:00:00Z'), amountCents: 9588, currency: 'EUR', nextRenewalAt: null }
    expect(applyEvent(active, renewal, periodOf).paidUntil).toEqual(at('2028-01-31T10:00:00Z'))
    expect(applyEvent(active, { ...renewal, nextRenewalAt: at('2028-03-01T00:00:00Z') }, periodOf).paidUntil).toEqual(at('2028-03-01T00:00:00Z'))
    // After a long gap a new period starts at the renewal.
    const lapsed = { ...active, status: 'ended' as const, endedAt: active.paidUntil, endReason: 'expired' }
    const reactivated = applyEvent(lapsed, { ...renewal, occurredAt: at('2027-06-01T00:00:00Z') }, periodOf)
    expect(reactivated).toMatchObject({ status: 'active', endedAt: null, endReason: null, paidUntil: at('2028-06-01T00:00:00Z') })
  })

  it('renewal after a due plan change bills the new plan’s period', () => {
    const scheduled = { ...active, pendingChange: 'change' as const, pendingPlanId: 1, pendingFrom: active.paidUntil }
    const renewed = applyEvent(
      scheduled,
      { ...base, kind: 'renewal', occurredAt: active.paidUntil, amountCents: 1499, currency: 'EUR', nextRenewalAt: null },
      periodOf,
    )
    expect(renewed).toMatchObject({ planId: 1, pendingChange: null, pendingPlanId: null, pendingFrom: null, paidUntil: at('2027-02-28T10:00:00Z') })
  })

  it('cancellation keeps access to the period end (next plan none)', () => {
    const cancelled = applyEvent(active, { ...base, kind: 'cancel', occurredAt: at('2026-06-01T00:00:00Z') }, periodOf)
    expect(cancelled).toMatchObject({
      status: 'active',
      pendingChange: 'cancel',
      pendingPlanId: null,
      pendingFrom: active.paidUntil,
      paidUntil: active.paidUntil,
    })
  })

  it('plan change is scheduled at the period end, or the given date; back to the current plan withdraws it', () => {
    const change = { ...base, kind: 'change' as const, occurredAt: at('2026-06-01T00:00:00Z'), planSid: 'basic-monthly', effectiveAt: null }
    expect(applyEvent(active, change, periodOf, 1)).toMatchObject({ pendingChange: 'change', pendingPlanId: 1, pendingFrom: active.paidUntil, planId: 2 })
    expect(applyEvent(active, { ...change, effectiveAt: at('2026-12-01T00:00:00Z') }, periodOf, 1).pendingFrom).toEqual(at('2026-12-01T00:00:00Z'))
    const scheduled = applyEvent(active, change, periodOf, 1)
    expect(applyEvent(scheduled, change, periodOf, 2)).toMatchObject({ pendingChange: null, pendingPlanId: null, planId: 2 })
  })

  it('refund, chargeback and void end access at once; expiration ends it now', () => {
    const now = at('2026-06-01T00:00:00Z')
    for (const kind of ['refund', 'chargeback', 'void'] as const) {
      const ended = applyEvent(
        { ...active, pendingChange: 'cancel', pendingFrom: active.paidUntil },
        { ...base, kind, occurredAt: now, amountCents: 9588, currency: 'EUR' },
        periodOf,
      )
      expect(ended).toMatchObject({ status: 'ended', endReason: kind, endedAt: now, paidUntil: now, pendingChange: null })
    }
    expect(applyEvent(active, { ...base, kind: 'expire', occurredAt: now }, periodOf)).toMatchObject({ status: 'ended', endReason: 'expired', paidUntil: now })
  })

  it('uncancel withdraws a cancellation; extend moves the period end and a change pending at it', () => {
    const occurredAt = at('2026-06-01T00:00:00Z')
    const cancelled = applyEvent(active, { ...base, kind: 'cancel', occurredAt }, periodOf)
    expect(applyEvent(cancelled, { ...base, kind: 'uncancel', occurredAt }, periodOf)).toEqual(active)
    expect(applyEvent(active, { ...base, kind: 'uncancel', occurredAt }, periodOf)).toEqual(active)
    const until = at('2027-02-10T00:00:00Z')
    expect(applyEvent(active, { ...base, kind: 'extend', occurredAt, until }, periodOf)).toEqual({ ...active, paidUntil: until })
    expect(applyEvent(cancelled, { ...base, kind: 'extend', occurredAt, until }, periodOf)).toMatchObject({
      paidUntil: until,
      pendingChange: 'cancel',
      pendingFrom: until,
    })
    const changeLater = { ...active, pendingChange: 'change' as const, pendingPlanId: 1, pendingFrom: at('2026-09-01T00:00:00Z') }
    expect(applyEvent(changeLater, { ...base, kind: 'extend', occurredAt, until }, periodOf).pendingFrom).toEqual(at('2026-09-01T00:00:00Z'))
  })

  it('cancel, change, uncancel and extend do nothing to an ended subscription', () => {
    const ended = { ...active, status: 'ended' as const, endReason: 'refund', endedAt: at('2026-06-01T00:00:00Z') }
    expect(applyEvent(ended, { ...base, kind: 'cancel', occurredAt: at('2026-07-01T00:00:00Z') }, periodOf)).toEqual(ended)
    expect(applyEvent(ended, { ...base, kind: 'change', occurredAt: at('2026-07-01T00:00:00Z'), planSid: 'x', effectiveAt: null }, periodOf, 1)).toEqual(ended)
    expect(applyEvent(ended, { ...base, kind: 'uncancel', occurredAt: at('2026-07-01T00:00:00Z') }, periodOf)).toEqual(ended)
    expect(applyEvent(ended, { ...base, kind: 'extend', occurredAt: at('2026-07-01T00:00:00Z'), until: at('2027-07-01T00:00:00Z') }, periodOf)).toEqual(ended)
  })
})

describe('upkeep (settleSubscription)', () => {
  it('applies due changes, ends lapsed subscriptions, leaves the rest', () => {
    const before = at('2027-01-01T00:00:00Z')
    const after = at('2027-02-01T00:00:00Z')
    expect(settleSubscription(active, before)).toEqual(active)
    expect(settleSubscription(active, after)).toMatchObject({ status: 'ended', endReason: 'expired', endedAt: active.paidUntil })
    const cancelled = { ...active, pendingChange: 'cancel' as const, pendingFrom: active.paidUntil }
    expect(settleSubscription(cancelled, before)).toEqual(cancelled)
    expect(settleSubscription(cancelled, after)).toMatchObject({ status: 'ended', endReason: 'cancelled', endedAt: active.paidUntil, pendingChange: null })
    const change = { ...active, pendingChange: 'change' as const, pendingPlanId: 1, pendingFrom: at('2026-12-01T00:00:00Z') }
    expect(settleSubscription(change, before)).toMatchObject({ status: 'active', planId: 1, pendingChange: null })
    const settled = settleSubscription(change, before)
    expect(settleSubscription(settled, before)).toEqual(settled)
  })
})
