import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Plan, Subscription, type User } from '../../core/db/entities/index.js'
import type { Role } from '../../core/domain/billing/membership.js'
import { ensurePlans, DEMO_PLANS } from '../../scripts/seed/plans.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { logIn, makeUser, sessionCookieOf } from '../support/accounts.js'

let db: TestDatabase
let t: TestApp
const DAY = 86_400_000
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', BILLING_UPDATE_URL: 'https://pay.example/subscriptions/update' })
  await ensurePlans(db.orm.em.fork())
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const query = async (path: string, input: unknown, headers: Record<string, string> = {}) => {
  const res = await trpcQuery(t.app, path, input, { 'x-locale': 'en', ...headers })
  return { status: res.statusCode, data: res.json().result?.data, error: res.json().error }
}

describe('plan catalogue', () => {
  it('is seeded once, also into a database that has none', async () => {
    expect(await db.orm.em.fork().count(Plan, {})).toBe(DEMO_PLANS.length)
    expect(await ensurePlans(db.orm.em.fork())).toBe(0)
    expect(await db.orm.em.fork().count(Plan, {})).toBe(DEMO_PLANS.length)
  })

  it('has monthly, yearly and biyearly plans, trials, downloads, one highlight and one unlisted plan', () => {
    expect(new Set(DEMO_PLANS.map((p) => p.period))).toEqual(new Set(['monthly', 'yearly', 'biyearly']))
    expect(DEMO_PLANS.filter((p) => p.trialDays).length).toBeGreaterThan(0)
    expect(DEMO_PLANS.filter((p) => p.features.includes('downloads')).every((p) => (p.dailyDownloadLimit ?? 0) > 0)).toBe(true)
    expect(DEMO_PLANS.filter((p) => p.highlight)).toHaveLength(1)
    expect(DEMO_PLANS.filter((p) => p.visibility === 'unlisted')).toHaveLength(1)
  })

  it('lists the public plans in order, localized, without the unlisted one', async () => {
    const { data } = await query('plans.list', { locale: 'de' })
    const sids = data.map((p: { sid: string }) => p.sid)
    expect(sids).toEqual(DEMO_PLANS.filter((p) => p.visibility !== 'unlisted').map((p) => p.sid))
    expect(sids).not.toContain('premium-monthly-comeback')
    const yearly = data.find((p: { sid: string }) => p.sid === 'premium-yearly')
    expect(yearly).toMatchObject({ name: 'Premium Jahr', period: 'yearly', priceCents: 14388, currency: 'EUR', highlight: true, dailyDownloadLimit: 20 })
    expect(yearly.features).toContain('downloads')
  })

  it('offers the cheapest public yearly and monthly plan on the sign-up page', async () => {
    const { data } = await query('plans.signupOffers', { locale: 'en' })
    expect(data.yearly.sid).toBe('basic-yearly')
    expect(data.monthly.sid).toBe('basic-monthly')
    expect(data.monthly.name).toBe('Basic Month')
  })

  it('rejects an unknown locale', async () => {
    expect((await query('plans.list', { locale: 'xx' })).status).toBe(400)
  })
})

describe('plan page', () => {
  let counter = 0
  async function userWith(
    role: Role,
    subscription?: Partial<Subscription> & { planSid?: string; pendingPlanSid?: string },
  ): Promise<{ user: User; cookie: string }> {
    const em = db.orm.em.fork()
    const email = `plan${++counter}@example.com`
    const user = await makeUser(em, { email, role })
    if (subscription) {
      const { planSid = 'premium-monthly', pendingPlanSid, ...rest } = subscription
      em.create(Subscription, {
        user,
        plan: await em.findOneOrFail(Plan, { sid: planSid }),
        pendingPlan: pendingPlanSid ? await em.findOneOrFail(Plan, { sid: pendingPlanSid }) : null,
        externalId: `ext-${email}`,
        startedAt: new Date(Date.now() - 10 * DAY),
        paidUntil: new Date(Date.now() + 20 * DAY),
        ...rest,
      })
      await em.flush()
    }
    return { user, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
  }
  const planPage = async (cookie: string) => (await query('plans.current', { locale: 'en' }, { cookie })).data

  it('shows no plan, and only "choose a plan"', async () => {
    const { cookie } = await userWith('user')
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'none' })
    expect(page.plan).toBeNull()
    expect(page.actions).toEqual({ selectPlan: true, changePlan: 'hidden', changePaymentMethod: false, cancel: false })
    expect(page.billingLinks).toBeNull()
  })

  it('shows the admin label and no buttons', async () => {
    const { cookie } = await userWith('admin', {})
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'admin' })
    expect(page.actions).toEqual({ selectPlan: false, changePlan: 'hidden', changePaymentMethod: false, cancel: false })
    expect(page.billingLinks).toBeNull()
  })

  it('shows the permanent-access label and no buttons', async () => {
    const { cookie } = await userWith('permanentAccess')
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'permanentAccess' })
    expect(page.actions.changePlan).toBe('hidden')
  })

  it('shows the current plan with its renewal date; change plan and payment method are offered', async () => {
    const paidUntil = new Date(Date.now() + 15 * DAY)
    const { cookie } = await userWith('user', { planSid: 'premium-yearly', paidUntil })
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'active', renewsAt: paidUntil.toISOString(), trialEndsAt: null })
    expect(page.plan).toMatchObject({ sid: 'premium-yearly', period: 'yearly', name: 'Premium Year' })
    expect(page.actions).toEqual({ selectPlan: false, changePlan: 'enabled', changePaymentMethod: true, cancel: true })
    // The demo provider's pages: the configured one, and the default cancel page.
    expect(page.billingLinks).toEqual({
      cancelUrl: 'https://billing-support.example.com/subscriptions/cancel',
      updatePaymentUrl: 'https://pay.example/subscriptions/update',
    })
  })

  it('shows a running trial with its end', async () => {
    const trialEndsAt = new Date(Date.now() + 2 * DAY)
    const { cookie } = await userWith('user', { trialEndsAt, paidUntil: trialEndsAt })
    expect((await planPage(cookie)).state).toEqual({ kind: 'active', renewsAt: trialEndsAt.toISOString(), trialEndsAt: trialEndsAt.toISOString() })
  })

  it('shows a scheduled downgrade with its date and disables the plan change', async () => {
    const pendingFrom = new Date(Date.now() + 20 * DAY)
    const { cookie } = await userWith('user', { planSid: 'premium-yearly', pendingChange: 'change', pendingPlanSid: 'basic-yearly', pendingFrom })
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'downgrade', changesAt: pendingFrom.toISOString() })
    expect(page.nextPlan).toMatchObject({ sid: 'basic-yearly' })
    expect(page.actions).toEqual({ selectPlan: false, changePlan: 'disabled', changePaymentMethod: true, cancel: true })
  })

  it('shows a cancellation with the end date and disables the plan change', async () => {
    const pendingFrom = new Date(Date.now() + 9 * DAY)
    const { cookie } = await userWith('user', { pendingChange: 'cancel', pendingFrom })
    const page = await planPage(cookie)
    expect(page.state).toEqual({ kind: 'cancelled', endsAt: pendingFrom.toISOString() })
    expect(page.plan).toMatchObject({ sid: 'premium-monthly' })
    expect(page.actions).toMatchObject({ changePlan: 'disabled', cancel: false })
    // Already cancelled: no cancel link, the payment method can still be changed.
    expect(page.billingLinks).toEqual({ cancelUrl: null, updatePaymentUrl: 'https://pay.example/subscriptions/update' })
  })

  it('treats an ended or lapsed subscription as no plan', async () => {
    const lapsed = await userWith('user', { paidUntil: new Date(Date.now() - DAY) })
    expect((await planPage(lapsed.cookie)).state).toEqual({ kind: 'none' })
    const ended = await userWith('user', { status: 'ended', endedAt: new Date() })
    expect((await planPage(ended.cookie)).state).toEqual({ kind: 'none' })
  })

  it('is refused to visitors and to users whose address is not confirmed', async () => {
    expect((await query('plans.current', { locale: 'en' })).status).toBe(401)
    const em = db.orm.em.fork()
    await makeUser(em, { email: 'unconfirmed-plan@example.com', verified: false })
    const cookie = sessionCookieOf(await logIn(t.app, 'unconfirmed-plan@example.com', PASSWORD))
    expect((await query('plans.current', { locale: 'en' }, { cookie })).status).toBe(403)
  })
})
