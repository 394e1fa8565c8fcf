import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Plan, Subscription } from '../../core/db/entities/index.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'
import { postback, PROVIDER_ENV, saleFields } from '../support/billing.js'

let db: TestDatabase
let demo: TestApp
let ccbill: TestApp
let verotel: TestApp
let segpay: TestApp
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  db = await createTestDatabase()
  demo = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000' })
  ccbill = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', ...PROVIDER_ENV.ccbill })
  verotel = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', ...PROVIDER_ENV.verotel, PUBLIC_URL: 'https://club.example', DEV_OUTBOX: 'false' })
  segpay = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', ...PROVIDER_ENV.segpay, PUBLIC_URL: 'https://club.example', DEV_OUTBOX: 'false' })
  await ensurePlans(db.orm.em.fork())
})
afterAll(async () => {
  for (const t of [demo, ccbill, verotel, segpay]) await t.app.close()
  await db.drop()
})

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex')
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const planPage = async (t: TestApp, cookie: string) => (await trpcQuery(t.app, 'plans.current', { locale: 'en' }, { cookie })).json().result.data

/** A running subscription of the user, as a processor's sale would have made it. */
async function subscribed(userId: number, sid: string, externalId: string) {
  const em = db.orm.em.fork()
  em.create(Subscription, {
    user: userId,
    plan: await em.findOneOrFail(Plan, { sid }),
    externalId,
    startedAt: new Date(),
    paidUntil: new Date(Date.now() + 20 * 86_400_000),
  })
  await em.flush()
}

let users = 0
async function newUser(t: TestApp, { role = 'user', verified = true }: { role?: 'user' | 'admin' | 'permanentAccess'; verified?: boolean } = {}) {
  const email = `checkout${++users}@example.com`
  const user = await makeUser(db.orm.em.fork(), { email, role, verified })
  return { user, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
}

const join = (t: TestApp, sid: string, cookie?: string, locale = 'en') =>
  t.app.inject({ method: 'GET', url: `/subscriptions/join/${sid}?locale=${locale}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })

describe('the join link', () => {
  it("sends visitors to sign-up and unconfirmed users to verify-email, coming back to the chosen plan, in the link's locale", async () => {
    const visitor = await join(demo, 'premium-yearly', undefined, 'es')
    expect(visitor.statusCode).toBe(303)
    expect(visitor.headers.location).toBe(`/sign-up?redirect=${encodeURIComponent('/account/select-plan?plan=premium-yearly')}&locale=es`)
    const { cookie } = await newUser(demo, { verified: false })
    const unverified = await join(demo, 'premium-yearly', cookie)
    expect(unverified.headers.location).toBe(`/verify-email?redirect=${encodeURIComponent('/account/select-plan?plan=premium-yearly')}&locale=en`)
  })

  it('without a processor leads a verified user to the demo checkout', async () => {
    const { cookie } = await newUser(demo)
    const res = await join(demo, 'basic-monthly', cookie, 'fr')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/demo-checkout?plan=basic-monthly&locale=fr')
  })

  it('with CCBill leads to the FlexForm with the Dynamic Pricing digest and the pass-through fields', async () => {
    const { user, cookie } = await newUser(ccbill)
    const res = await join(ccbill, 'basic-monthly', cookie, 'it')
    expect(res.statusCode).toBe(303)
    const url = new URL(res.headers.location as string)
    expect(`${url.origin}${url.pathname}`).toBe('https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9')
    const params = Object.fromEntries(url.searchParams)
    // basic-monthly: a 2-day trial for 1.00, then 14.99 every 30 days, in EUR (978).
    expect(params).toEqual({
      clientSubacc: '0000',
      initialPrice: '1.00',
      initialPeriod: '2',
      recurringPrice: '14.99',
      recurringPeriod: '30',
      numRebills: '99',
      currencyCode: '978',
      formDigest: md5('1.00' + '2' + '14.99' + '30' + '99' + '978' + '7d901dad245fd0ff6bc20d06'),
      'X-userId': String(user.id),
      'X-planSid': 'basic-monthly',
    })
    const yearly = Object.fromEntries(new URL((await join(ccbill, 'basic-yearly', cookie)).headers.location as string).searchParams)
    expect(yearly).toMatchObject({ initialPrice: '95.88', initialPeriod: '365', recurringPrice: '95.88', recurringPeriod: '365' })
  })

  it('with Verotel leads to a signed FlexPay subscription order, and a member to an upgrade of the sale', async () => {
    const { user, cookie } = await newUser(verotel)
    const url = new URL((await join(verotel, 'premium-yearly', cookie, 'de')).headers.location as string)
    expect(`${url.origin}${url.pathname}`).toBe('https://secure.verotel.com/startorder')
    const { signature, ...params } = Object.fromEntries(url.searchParams)
    expect(params).toEqual({
      custom1: String(user.id),
      custom2: 'premium-yearly',
      name: 'Premium Jahr',
      period: 'P12M',
      priceAmount: '143.88',
      priceCurrency: 'EUR',
      shopID: '68849',
      subscriptionType: 'recurring',
      successURL: 'https://club.example/account/plan',
      trialAmount: '1.99',
      trialPeriod: 'P7D',
      type: 'subscription',
      version: '4',
    })
    const text = [
      'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
      ...Object.keys(params)
        .sort()
        .map((key) => `${key}=${params[key]}`),
    ].join(':')
    expect(signature).toBe(sha256(text))

    await subscribed(user.id, 'premium-yearly', '433456')
    expect((await planPage(verotel, cookie)).actions.changePlan).toBe('enabled')
    const change = Object.fromEntries(new URL((await join(verotel, 'basic-yearly', cookie)).headers.location as string).searchParams)
    expect(change).toMatchObject({ type: 'upgradesubscription', precedingSaleID: '433456', custom2: 'basic-yearly', period: 'P12M' })
    expect(change.trialAmount).toBeUndefined()
  })

  it('with Segpay leads to the price point of the plan; a plan without one cannot be bought', async () => {
    const { user, cookie } = await newUser(segpay)
    const url = new URL((await join(segpay, 'premium-monthly', cookie)).headers.location as string)
    expect(`${url.origin}${url.pathname}`).toBe('https://secure2.segpay.com/billing/poset.cgi')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'x-eticketid': '123456:26002',
      userid: String(user.id),
      plansid: 'premium-monthly',
      'x-auth-link': 'https://club.example/account/plan',
    })
    const logs = segpay.logs.length
    const missing = await join(segpay, 'premium-biyearly', cookie)
    expect(missing.statusCode).toBe(503)
    expect(missing.body).toBe('Payments are not possible at the moment. Please try again later.')
    expect(segpay.logs.slice(logs).some((line) => line.msg === 'checkout unavailable' && /SEGPAY_PRICE_POINTS/.test(String(line.problem)))).toBe(true)
  })

  it('with CCBill or Segpay a member cannot switch plans here: no plan-change button, the join link leads back to the plan page', async () => {
    for (const [t, externalId] of [
      [ccbill, '0312101101000009999'],
      [segpay, '7129999'],
    ] as const) {
      const { user, cookie } = await newUser(t)
      await subscribed(user.id, 'premium-monthly', externalId)
      const page = await planPage(t, cookie)
      expect(page.actions).toEqual({ selectPlan: false, changePlan: 'hidden', changePaymentMethod: true, cancel: true })
      const res = await join(t, 'basic-monthly', cookie)
      expect(res.headers.location).toBe('/account/plan')
    }
  })

  it('answers an unknown plan with the not-found page, and sends admins to their plan page', async () => {
    const { cookie } = await newUser(demo)
    const api = await demo.app.inject({ method: 'GET', url: '/subscriptions/join/no-such-plan?locale=en', headers: { cookie } })
    expect(api.statusCode).toBe(404)
    // A browser gets the client's not-found page (503 while the client is not built).
    expect([404, 503]).toContain((await join(demo, 'no-such-plan', cookie)).statusCode)
    const admin = await newUser(demo, { role: 'admin' })
    expect((await join(demo, 'basic-monthly', admin.cookie)).headers.location).toBe('/account/plan')
  })
})

describe('the demo checkout', () => {
  const view = (t: TestApp, cookie: string, plan: string) => trpcQuery(t.app, 'billing.demoCheckout', { plan, locale: 'en' }, { cookie, 'x-locale': 'en' })
  const pay = (t: TestApp, cookie: string, plan: string) => trpcMutation(t.app, 'billing.demoPay', { plan }, { cookie, 'x-locale': 'en' })

  it('shows the plan and what is due now, and paying makes the user a member through the signed webhook', async () => {
    const { user, cookie } = await newUser(demo)
    const res = await view(demo, cookie, 'basic-monthly')
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().result.data
    expect(data).toMatchObject({
      mode: 'join',
      trialDays: 2,
      dueNowCents: 100,
      recurringCents: 1499,
      currency: 'EUR',
      plan: { sid: 'basic-monthly', name: 'Basic Month' },
    })
    expect(Math.abs(new Date(data.from).getTime() - (Date.now() + 2 * 86_400_000))).toBeLessThan(60_000)

    const logsBefore = demo.logs.length
    const paid = await pay(demo, cookie, 'basic-monthly')
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await me(demo.app, cookie))!.isMember).toBe(true)
    const subscription = await db.orm.em.fork().findOneOrFail(Subscription, { user: user.id }, { populate: ['plan'] })
    expect(subscription.plan.sid).toBe('basic-monthly')
    expect(subscription.trialEndsAt).not.toBeNull()
    // It went through the webhook route like a processor's notification.
    expect(demo.logs.slice(logsBefore).some((line) => line.msg === 'billing event' && line.event === 'sale' && line.result === 'processed')).toBe(true)
  })

  it('offers a member a plan change from the end of the period, once', async () => {
    const { user, cookie } = await newUser(demo)
    expect((await pay(demo, cookie, 'premium-yearly')).statusCode).toBe(200)
    const current = await db.orm.em.fork().findOneOrFail(Subscription, { user: user.id })
    expect(errorOf(await view(demo, cookie, 'premium-yearly')).message).toBe('This is already your plan.')
    const change = (await view(demo, cookie, 'basic-yearly')).json().result.data
    expect(change).toMatchObject({ mode: 'change', dueNowCents: 0, currentPlan: { sid: 'premium-yearly' }, plan: { sid: 'basic-yearly' } })
    expect(change.from).toBe(current.paidUntil.toISOString())
    expect((await pay(demo, cookie, 'basic-yearly')).json().result.data).toEqual({ mode: 'change' })
    const page = (await trpcQuery(demo.app, 'plans.current', { locale: 'en' }, { cookie })).json().result.data
    expect(page.state).toEqual({ kind: 'downgrade', changesAt: current.paidUntil.toISOString() })
    const again = await pay(demo, cookie, 'basic-monthly')
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).message).toBe('A change of your plan is already scheduled.')
    expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(1)
  })

  it('is only for confirmed users of the user role, and for known plans', async () => {
    const visitor = await trpcMutation(demo.app, 'billing.demoPay', { plan: 'basic-monthly' })
    expect(visitor.statusCode).toBe(401)
    const unverified = await newUser(demo, { verified: false })
    expect((await pay(demo, unverified.cookie, 'basic-monthly')).statusCode).toBe(403)
    const admin = await newUser(demo, { role: 'admin' })
    expect(errorOf(await pay(demo, admin.cookie, 'basic-monthly')).message).toBe('Your account has full access without a plan.')
    const { cookie } = await newUser(demo)
    const unknown = await pay(demo, cookie, 'no-such-plan')
    expect(unknown.statusCode).toBe(404)
    expect(errorOf(unknown).message).toBe('This plan does not exist.')
    const empty = await pay(demo, cookie, ' ')
    expect(errorOf(empty).data.fieldErrors).toEqual({ plan: 'Please choose a plan.' })
    expect(await db.orm.em.fork().count(Subscription, { user: [unverified.user.id, admin.user.id] })).toBe(0)
  })

  it('is absent when a processor is configured, and the demo’s notifications are not taken there', async () => {
    const { user, cookie } = await newUser(ccbill)
    const res = await view(ccbill, cookie, 'basic-monthly')
    expect(res.statusCode).toBe(404)
    expect(errorOf(res).message).toBe('Payments are not possible at the moment. Please try again later.')
    expect((await pay(ccbill, cookie, 'basic-monthly')).statusCode).toBe(404)
    const fields = saleFields(user.id, await db.orm.em.fork().findOneOrFail(Plan, { sid: 'basic-monthly' }))
    expect((await postback(ccbill.app, demo.config.billing.demoSecret, fields)).statusCode).toBe(404)
    expect((await me(ccbill.app, cookie))!.isMember).toBe(false)
  })
})
