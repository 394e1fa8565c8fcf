import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCrontab, quickAddJob, runOnce } from 'graphile-worker'
import { BillingEvent, Plan, Subscription, type User } from '../../core/db/entities/index.js'
import { addPeriod } from '../../core/domain/billing/billing.js'
import { settleSubscriptions } from '../../core/services/billing/events.js'
import { membershipOf } from '../../core/services/billing/membership.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTaskList, CRONTAB } from '../../worker/tasks/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'
import { newId, postback, saleFields } from '../support/billing.js'

let db: TestDatabase
let t: TestApp
let secret: string
const HOUR = 3_600_000
const DAY = 24 * HOUR
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000' })
  secret = t.config.billing.demoSecret
  await ensurePlans(db.orm.em.fork())
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

let users = 0
async function newUser(role: 'user' | 'admin' | 'permanentAccess' = 'user'): Promise<{ user: User; cookie: string }> {
  const email = `billing${++users}@example.com`
  const user = await makeUser(db.orm.em.fork(), { email, role })
  return { user, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
}

const plan = (sid: string) => db.orm.em.fork().findOneOrFail(Plan, { sid })
const subscription = (externalId: string) => db.orm.em.fork().findOne(Subscription, { externalId }, { populate: ['plan', 'pendingPlan'] })
const eventCount = () => db.orm.em.fork().count(BillingEvent, {})
const planPage = async (cookie: string) => (await trpcQuery(t.app, 'plans.current', { locale: 'en' }, { cookie, 'x-locale': 'en' })).json().result.data

/** A member of `sid` through a signed NewSaleSuccess; returns the processor's subscription id. */
async function subscribe(userId: number, sid: string, extra: Record<string, string> = {}, trialDays?: number): Promise<string> {
  const fields = saleFields(userId, await plan(sid), extra, trialDays)
  const res = await postback(t.app, secret, fields)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toEqual({ ok: true, result: 'processed' })
  return fields.subscriptionId!
}

const event = (eventType: string, subscriptionId: string, extra: Record<string, string> = {}) => ({
  eventType,
  eventId: newId(eventType),
  timestamp: new Date().toISOString(),
  subscriptionId,
  ...extra,
})

describe('new sale', () => {
  it('without trial: an active subscription for one period, and the user is a member', async () => {
    const { user, cookie } = await newUser()
    expect((await me(t.app, cookie))!.isMember).toBe(false)
    const soldAt = new Date()
    const sid = await subscribe(user.id, 'premium-yearly', { timestamp: soldAt.toISOString() })
    const sub = (await subscription(sid))!
    expect(sub.status).toBe('active')
    expect(sub.plan.sid).toBe('premium-yearly')
    expect(sub.trialEndsAt).toBeNull()
    // Paid for one period from the sale's own time.
    expect(sub.paidUntil.toISOString()).toBe(addPeriod(soldAt, 'yearly').toISOString())
    expect((await me(t.app, cookie))!.isMember).toBe(true)
    const page = await planPage(cookie)
    expect(page.state.kind).toBe('active')
    expect(page.plan.sid).toBe('premium-yearly')
    // Money is kept in integer cents.
    const stored = await db.orm.em.fork().findOneOrFail(BillingEvent, { type: 'sale', payload: { subscriptionId: sid } })
    expect(stored).toMatchObject({ provider: 'demo', amountCents: 14388, currency: 'EUR' })
    expect(stored.processedAt).toBeInstanceOf(Date)
  })

  it('with trial: access until the end of the trial, shown on the plan page', async () => {
    const { user, cookie } = await newUser()
    const soldAt = new Date()
    const sid = await subscribe(user.id, 'basic-monthly', { timestamp: soldAt.toISOString() }, 2)
    const sub = (await subscription(sid))!
    expect(sub.trialEndsAt).not.toBeNull()
    expect(sub.paidUntil.getTime()).toBe(soldAt.getTime() + 2 * DAY)
    expect(sub.trialEndsAt!.getTime()).toBe(sub.paidUntil.getTime())
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'active', renewsAt: sub.paidUntil.toISOString(), trialEndsAt: sub.trialEndsAt!.toISOString() })
    const stored = await db.orm.em.fork().findOneOrFail(BillingEvent, { type: 'sale', payload: { subscriptionId: sid } })
    expect(stored.amountCents).toBe(100)
  })

  it('takes the processor’s next billing date when it sends one, JSON-encoded too', async () => {
    const { user } = await newUser()
    const fields = saleFields(user.id, await plan('basic-monthly'), { nextRenewalDate: '2031-05-01' })
    const res = await postback(t.app, secret, fields, { json: true })
    expect(res.statusCode, res.body).toBe(200)
    expect((await subscription(fields.subscriptionId!))!.paidUntil.toISOString()).toBe('2031-05-01T00:00:00.000Z')
  })
})

describe('replays', () => {
  it('a replayed sale is acknowledged and changes nothing', async () => {
    const { user } = await newUser()
    const fields = saleFields(user.id, await plan('premium-monthly'))
    expect((await postback(t.app, secret, fields)).json().result).toBe('processed')
    const events = await eventCount()
    const subscriptions = await db.orm.em.fork().count(Subscription, { user: user.id })
    const replay = await postback(t.app, secret, fields)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ ok: true, result: 'duplicate' })
    expect(await eventCount()).toBe(events)
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(subscriptions)
  })

  it('a replayed renewal does not extend the period twice', async () => {
    const { user } = await newUser()
    const sid = await subscribe(user.id, 'basic-monthly')
    const renewal = event('RenewalSuccess', sid, { billedAmount: '14.99', billedCurrency: 'EUR', transactionId: newId('tx') })
    expect((await postback(t.app, secret, renewal)).json().result).toBe('processed')
    const once = (await subscription(sid))!.paidUntil.getTime()
    const replays = await Promise.all([postback(t.app, secret, renewal), postback(t.app, secret, renewal)])
    expect(replays.map((r) => r.json().result)).toEqual(['duplicate', 'duplicate'])
    expect((await subscription(sid))!.paidUntil.getTime()).toBe(once)
  })

  it('two deliveries of one new event at the same moment apply it once', async () => {
    const { user } = await newUser()
    const fields = saleFields(user.id, await plan('basic-yearly'))
    const results = await Promise.all([postback(t.app, secret, fields), postback(t.app, secret, fields)])
    expect(results.map((r) => r.json().result).sort()).toEqual(['duplicate', 'processed'])
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(1)
  })
})

describe('refused notifications change nothing', () => {
  async function expectRefused(res: { statusCode: number; body: string }, status: number) {
    expect(res.statusCode, res.body).toBe(status)
    expect(JSON.parse(res.body).ok).toBe(false)
  }

  it('a forged or missing signature is refused with 401 and logged without the secret', async () => {
    const { user } = await newUser()
    const fields = saleFields(user.id, await plan('basic-monthly'))
    const events = await eventCount()
    await expectRefused(await postback(t.app, 'not-the-shared-secret-not-the-shared-secret', fields), 401)
    await expectRefused(await postback(t.app, secret, fields, { signature: 'sha256=' + '0'.repeat(64) }), 401)
    await expectRefused(await postback(t.app, secret, fields, { signature: '' }), 401)
    // The signature covers the body: a changed field breaks it.
    expect((await postback(t.app, secret, fields)).statusCode).toBe(200)
    const signature = `sha256=${crypto.createHmac('sha256', secret).update(new URLSearchParams(fields).toString()).digest('hex')}`
    const tampered = { ...fields, eventId: newId('forged') }
    await expectRefused(await postback(t.app, secret, tampered, { signature }), 401)
    expect(await eventCount()).toBe(events + 1)
    const refusals = t.logs.filter((line) => line.msg === 'billing webhook refused')
    expect(refusals.some((line) => line.reason === 'invalid signature' && line.status === 401)).toBe(true)
    const logText = JSON.stringify(t.logs)
    expect(logText).not.toContain(secret)
    expect(logText).not.toContain('x-postback-signature')
  })

  it('an unknown plan or user is refused with 422, an unknown subscription with 503 (deliver again); a later correct delivery is applied', async () => {
    const { user } = await newUser()
    const events = await eventCount()
    const unknownPlan = saleFields(user.id, { sid: 'no-such-plan', priceCents: 999 })
    await expectRefused(await postback(t.app, secret, unknownPlan), 422)
    const unknownUser = saleFields(987654, await plan('basic-monthly'))
    await expectRefused(await postback(t.app, secret, unknownUser), 422)
    const unknownSubscription = await postback(t.app, secret, event('Cancellation', 'sub-that-does-not-exist'))
    await expectRefused(unknownSubscription, 503)
    expect(unknownSubscription.headers['retry-after']).toBe('60')
    expect(await eventCount()).toBe(events)
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(0)
    // The refused event id was not recorded, so the processor's corrected retry counts.
    const retry = await postback(t.app, secret, { ...unknownPlan, 'X-planSid': 'basic-monthly', billedInitialPrice: '14.99', billedRecurringPrice: '14.99' })
    expect(retry.json().result).toBe('processed')
  })

  it('a price that differs from the catalogue is refused', async () => {
    const { user } = await newUser()
    await expectRefused(await postback(t.app, secret, saleFields(user.id, await plan('premium-yearly'), { billedInitialPrice: '0.01' })), 422)
    await expectRefused(await postback(t.app, secret, saleFields(user.id, await plan('premium-yearly'), { billedCurrency: 'USD' })), 422)
    // basic-yearly has no trial.
    await expectRefused(await postback(t.app, secret, saleFields(user.id, await plan('basic-yearly'), {}, 7)), 422)
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(0)
  })

  it('a malformed body is refused with 400 (or 415), also when signed', async () => {
    const { user } = await newUser()
    const good = saleFields(user.id, await plan('basic-monthly'))
    const events = await eventCount()
    const { eventId: _omit, ...noEventId } = good
    for (const fields of [
      noEventId,
      { ...good, billedInitialPrice: '14.999' },
      { ...good, billedInitialPrice: '-1.00' },
      { ...good, billedInitialPrice: '1e3' },
      { ...good, timestamp: 'yesterday' },
      { ...good, 'X-userId': 'abc' },
      { ...good, subscriptionId: 'has spaces' },
      { ...good, eventType: 'New Sale' },
    ]) {
      await expectRefused(await postback(t.app, secret, fields as Record<string, string>), 400)
    }
    const sign = (payload: string) => `sha256=${crypto.createHmac('sha256', secret).update(payload).digest('hex')}`
    const raw = async (payload: string, type: string) =>
      t.app.inject({ method: 'POST', url: '/billing/webhook/demo', payload, headers: { 'content-type': type, 'x-postback-signature': sign(payload) } })
    await expectRefused(await raw('{not json', 'application/json'), 400)
    await expectRefused(await raw('[1,2]', 'application/json'), 400)
    await expectRefused(await raw(JSON.stringify({ ...good, eventId: newId('x'), nested: { a: 1 } }), 'application/json'), 400)
    await expectRefused(await raw(new URLSearchParams(good).toString(), 'text/plain'), 415)
    expect(await eventCount()).toBe(events)
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(0)
    // Another provider name is not a webhook.
    expect(
      (await t.app.inject({ method: 'POST', url: '/billing/webhook/other', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
        .statusCode,
    ).toBe(404)
  })

  it('an event type without effect is acknowledged and ignored', async () => {
    const res = await postback(t.app, secret, { eventType: 'CustomerDataUpdate', eventId: newId('data'), timestamp: '2026-11-23 10:00:00' })
    expect(res.json()).toEqual({ ok: true, result: 'ignored' })
  })
})

describe('subscription lifecycle', () => {
  it('renewal extends the paid period by the plan’s period, or to the processor’s date', async () => {
    const { user } = await newUser()
    const sid = await subscribe(user.id, 'basic-monthly')
    const paidUntil = (await subscription(sid))!.paidUntil
    await postback(t.app, secret, event('RenewalSuccess', sid, { billedAmount: '14.99', billedCurrency: 'EUR' }))
    expect((await subscription(sid))!.paidUntil.toISOString()).toBe(addPeriod(paidUntil, 'monthly').toISOString())
    await postback(t.app, secret, event('RenewalSuccess', sid, { billedAmount: '14.99', billedCurrency: 'EUR', nextRenewalDate: '2032-01-15T08:00:00Z' }))
    expect((await subscription(sid))!.paidUntil.toISOString()).toBe('2032-01-15T08:00:00.000Z')
    const renewal = await db.orm.em.fork().findOneOrFail(BillingEvent, { type: 'renewal', payload: { subscriptionId: sid } }, { orderBy: { id: 'asc' } })
    expect(renewal.amountCents).toBe(1499)
  })

  it('cancellation keeps access to the period end, then the membership is gone', async () => {
    const { user, cookie } = await newUser()
    const end = new Date(Date.now() + HOUR)
    const sid = await subscribe(user.id, 'premium-monthly', { nextRenewalDate: end.toISOString() })
    expect((await postback(t.app, secret, event('Cancellation', sid))).json().result).toBe('processed')
    const sub = (await subscription(sid))!
    expect(sub).toMatchObject({ status: 'active', pendingChange: 'cancel', pendingPlan: null })
    expect(sub.pendingFrom!.getTime()).toBe(end.getTime())
    // Still a member until then; the plan page shows the cancellation with its date.
    expect((await me(t.app, cookie))!.isMember).toBe(true)
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'cancelled', endsAt: end.toISOString() })
    expect(page.actions.changePlan).toBe('disabled')

    const after = new Date(end.getTime() + 60_000)
    expect((await membershipOf(db.orm.em.fork(), user.id, after))!.isMember).toBe(false)
    expect(await settleSubscriptions(db.orm.em, after)).toMatchObject({ ended: expect.any(Number) })
    expect(await subscription(sid)).toMatchObject({ status: 'ended', endReason: 'cancelled', pendingChange: null })
    expect((await me(t.app, cookie))!.isMember).toBe(false)
    expect((await planPage(cookie)).state).toEqual({ kind: 'none' })
  })

  it('a plan change (downgrade) is scheduled at the period end and applied then', async () => {
    const { user, cookie } = await newUser()
    const sid = await subscribe(user.id, 'premium-yearly')
    const paidUntil = (await subscription(sid))!.paidUntil
    expect((await postback(t.app, secret, event('PlanChangeScheduled', sid, { newPlanSid: 'basic-yearly' }))).statusCode).toBe(200)
    const sub = (await subscription(sid))!
    expect(sub).toMatchObject({ pendingChange: 'change', plan: { sid: 'premium-yearly' }, pendingPlan: { sid: 'basic-yearly' } })
    expect(sub.pendingFrom!.getTime()).toBe(paidUntil.getTime())
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'downgrade', changesAt: paidUntil.toISOString() })
    expect(page.nextPlan.sid).toBe('basic-yearly')
    // Still the premium plan until then.
    expect((await membershipOf(db.orm.em.fork(), user.id, new Date()))!.plan).toMatchObject({ sid: 'premium-yearly', dailyDownloadLimit: 20 })
    // An unknown plan in a change is refused.
    expect((await postback(t.app, secret, event('PlanChangeScheduled', sid, { newPlanSid: 'nope' }))).statusCode).toBe(422)

    // The processor renews at the period end, billing the new plan.
    await postback(
      t.app,
      secret,
      event('RenewalSuccess', sid, { billedAmount: '95.88', billedCurrency: 'EUR', timestamp: new Date(paidUntil.getTime() + 60_000).toISOString() }),
    )
    const renewed = (await subscription(sid))!
    expect(renewed).toMatchObject({ status: 'active', pendingChange: null, pendingPlan: null, plan: { sid: 'basic-yearly' } })
    expect(renewed.paidUntil.toISOString()).toBe(addPeriod(paidUntil, 'yearly').toISOString())
  })

  it('the worker applies a due plan change without waiting for the renewal', async () => {
    const { user } = await newUser()
    const sid = await subscribe(user.id, 'premium-monthly')
    const effective = new Date(Date.now() + HOUR)
    await postback(t.app, secret, event('PlanChangeScheduled', sid, { newPlanSid: 'basic-monthly', effectiveDate: effective.toISOString() }))
    await settleSubscriptions(db.orm.em, new Date())
    expect((await subscription(sid))!.plan.sid).toBe('premium-monthly')
    await settleSubscriptions(db.orm.em, new Date(effective.getTime() + 1000))
    expect(await subscription(sid)).toMatchObject({ status: 'active', plan: { sid: 'basic-monthly' }, pendingChange: null })
    expect((await membershipOf(db.orm.em.fork(), user.id, new Date(effective.getTime() + 1000)))!.plan).toMatchObject({
      sid: 'basic-monthly',
      dailyDownloadLimit: 0,
    })
  })

  for (const [eventType, reason] of [
    ['Refund', 'refund'],
    ['Chargeback', 'chargeback'],
  ] as const) {
    it(`${eventType.toLowerCase()} ends access at once`, async () => {
      const { user, cookie } = await newUser()
      const sid = await subscribe(user.id, 'premium-monthly')
      expect((await me(t.app, cookie))!.isMember).toBe(true)
      const res = await postback(t.app, secret, event(eventType, sid, { amount: '24.99', currency: 'EUR', transactionId: newId('tx') }))
      expect(res.json().result).toBe('processed')
      expect(await subscription(sid)).toMatchObject({ status: 'ended', endReason: reason })
      expect((await me(t.app, cookie))!.isMember).toBe(false)
      expect((await membershipOf(db.orm.em.fork(), user.id, new Date()))!).toMatchObject({ isMember: false, plan: null })
      const stored = await db.orm.em.fork().findOneOrFail(BillingEvent, { type: reason, payload: { subscriptionId: sid } })
      expect(stored.amountCents).toBe(2499)
    })
  }

  it('expiration ends access at once', async () => {
    const { user, cookie } = await newUser()
    const sid = await subscribe(user.id, 'basic-monthly')
    await postback(t.app, secret, event('Expiration', sid))
    expect(await subscription(sid)).toMatchObject({ status: 'ended', endReason: 'expired' })
    expect((await me(t.app, cookie))!.isMember).toBe(false)
  })
})

describe('membership without a plan', () => {
  it('admin and permanentAccess are members without a subscription', async () => {
    for (const role of ['admin', 'permanentAccess'] as const) {
      const { user, cookie } = await newUser(role)
      expect((await me(t.app, cookie))!.isMember).toBe(true)
      expect(await membershipOf(db.orm.em.fork(), user.id, new Date())).toEqual({ role, isMember: true, plan: null, paidUntil: null })
    }
    const { user } = await newUser()
    expect(await membershipOf(db.orm.em.fork(), user.id, new Date())).toEqual({ role: 'user', isMember: false, plan: null, paidUntil: null })
    expect(await membershipOf(db.orm.em.fork(), 999_999, new Date())).toBeNull()
  })
})

describe('settle_subscriptions (worker cron)', () => {
  it('runs every minute', () => {
    const item = parseCrontab(CRONTAB).find((entry) => entry.task === 'settle_subscriptions')
    expect(item!.match({ min: 3, hour: 4, date: 5, month: 6, dow: 1 })).toBe(true)
  })

  it('ends lapsed and due-cancelled subscriptions, applies due changes, and a second run changes nothing', async () => {
    const em = db.orm.em.fork()
    const ago = (ms: number) => new Date(Date.now() - ms)
    const rows = {
      lapsed: { paidUntil: ago(HOUR) },
      cancelled: { paidUntil: ago(60_000), pendingChange: 'cancel' as const, pendingFrom: ago(60_000) },
      change: { paidUntil: new Date(Date.now() + DAY), pendingChange: 'change' as const, pendingFrom: ago(60_000), pendingPlan: await plan('basic-monthly') },
      running: { paidUntil: new Date(Date.now() + DAY) },
      cancelLater: { paidUntil: new Date(Date.now() + DAY), pendingChange: 'cancel' as const, pendingFrom: new Date(Date.now() + DAY) },
    }
    const ids: Record<string, string> = {}
    for (const [name, fields] of Object.entries(rows)) {
      const { user } = await newUser()
      ids[name] = newId(`cron-${name}`)
      em.create(Subscription, { user: user.id, plan: await plan('premium-monthly'), externalId: ids[name], startedAt: ago(30 * DAY), ...fields })
    }
    await em.flush()

    const taskList = createTaskList({ config: t.config, orm: db.orm })
    await quickAddJob({ connectionString: db.url }, 'settle_subscriptions', {})
    await runOnce({ connectionString: db.url, taskList })

    expect(await subscription(ids.lapsed!)).toMatchObject({ status: 'ended', endReason: 'expired' })
    expect(await subscription(ids.cancelled!)).toMatchObject({ status: 'ended', endReason: 'cancelled' })
    expect(await subscription(ids.change!)).toMatchObject({ status: 'active', plan: { sid: 'basic-monthly' }, pendingChange: null, pendingPlan: null })
    expect(await subscription(ids.running!)).toMatchObject({ status: 'active', plan: { sid: 'premium-monthly' } })
    expect(await subscription(ids.cancelLater!)).toMatchObject({ status: 'active', pendingChange: 'cancel' })

    const snapshot = async () => JSON.stringify(await db.orm.em.fork().find(Subscription, {}, { orderBy: { id: 'asc' }, exclude: ['updatedAt'] }))
    const before = await snapshot()
    await quickAddJob({ connectionString: db.url }, 'settle_subscriptions', {})
    await runOnce({ connectionString: db.url, taskList })
    expect(await settleSubscriptions(db.orm.em, new Date())).toEqual({ changed: 0, ended: 0 })
    expect(await snapshot()).toBe(before)
  })
})
