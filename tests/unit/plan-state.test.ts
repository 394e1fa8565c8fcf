import { describe, expect, it } from 'vitest'
import { currentSubscription, planActions, planState, type SubscriptionFacts } from '../../core/domain/billing/membership.js'

const now = new Date('2026-11-22T12:00:00Z')
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000)
const sub = (overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status: 'active',
  paidUntil: inDays(10),
  trialEndsAt: null,
  pendingChange: null,
  pendingFrom: null,
  ...overrides,
})

describe('planState', () => {
  it('labels admins and permanent access whatever their subscription', () => {
    expect(planState('admin', sub(), now)).toEqual({ kind: 'admin' })
    expect(planState('permanentAccess', null, now)).toEqual({ kind: 'permanentAccess' })
  })
  it('is none without a subscription, or with an ended or lapsed one', () => {
    expect(planState('user', null, now)).toEqual({ kind: 'none' })
    expect(planState('user', sub({ status: 'ended' }), now)).toEqual({ kind: 'none' })
    expect(planState('user', sub({ paidUntil: now }), now)).toEqual({ kind: 'none' })
  })
  it('shows the renewal date, and a running trial', () => {
    expect(planState('user', sub(), now)).toEqual({ kind: 'active', renewsAt: inDays(10), trialEndsAt: null })
    expect(planState('user', sub({ trialEndsAt: inDays(2) }), now)).toEqual({ kind: 'active', renewsAt: inDays(10), trialEndsAt: inDays(2) })
    expect(planState('user', sub({ trialEndsAt: inDays(-2) }), now)).toMatchObject({ trialEndsAt: null })
  })
  it('shows a scheduled downgrade and a cancellation with their dates (end of the paid period by default)', () => {
    expect(planState('user', sub({ pendingChange: 'change', pendingFrom: inDays(5) }), now)).toEqual({ kind: 'downgrade', changesAt: inDays(5) })
    expect(planState('user', sub({ pendingChange: 'cancel' }), now)).toEqual({ kind: 'cancelled', endsAt: inDays(10) })
  })
})

describe('planActions', () => {
  it('offers buttons to the user role only; a pending change disables the plan change', () => {
    expect(planActions('user', { kind: 'none' })).toEqual({ selectPlan: true, changePlan: 'hidden', changePaymentMethod: false, cancel: false })
    expect(planActions('user', { kind: 'active', renewsAt: now, trialEndsAt: null })).toEqual({
      selectPlan: false,
      changePlan: 'enabled',
      changePaymentMethod: true,
      cancel: true,
    })
    expect(planActions('user', { kind: 'downgrade', changesAt: now })).toMatchObject({ changePlan: 'disabled', cancel: true })
    expect(planActions('user', { kind: 'cancelled', endsAt: now })).toMatchObject({ changePlan: 'disabled', changePaymentMethod: true, cancel: false })
    for (const role of ['admin', 'permanentAccess'] as const) {
      expect(planActions(role, { kind: role })).toEqual({ selectPlan: false, changePlan: 'hidden', changePaymentMethod: false, cancel: false })
    }
  })

  it('hides the plan change when the processor cannot switch a running subscription', () => {
    const active = { kind: 'active' as const, renewsAt: now, trialEndsAt: null }
    expect(planActions('user', active, { planChange: false })).toEqual({ selectPlan: false, changePlan: 'hidden', changePaymentMethod: true, cancel: true })
    expect(planActions('user', { kind: 'none' }, { planChange: false }).selectPlan).toBe(true)
  })
})

describe('currentSubscription', () => {
  it('picks the active subscription paid furthest into the future', () => {
    const old = sub({ paidUntil: inDays(-1) })
    const a = sub({ paidUntil: inDays(3) })
    const b = sub({ paidUntil: inDays(30) })
    const ended = sub({ status: 'ended', paidUntil: inDays(60) })
    expect(currentSubscription([old, a, b, ended], now)).toBe(b)
    expect(currentSubscription([old, ended], now)).toBeNull()
  })
})
