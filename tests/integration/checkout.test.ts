import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Plan, Subscription } from '../../server/db/entities/index.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'
import { newId, postback, saleFields } from '../support/billing.js'

let db: TestDatabase
let demo: TestApp
let processor: TestApp
const PASSWORD = 'correct horse battery'
const JOIN_URL = 'https://pay.example.com/form'
const PROCESSOR_SECRET = 'processor-shared-secret-0123456789abcdef'

beforeAll(async () => {
  db = await createTestDatabase()
  demo = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000' })
  processor = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '1000', BILLING_JOIN_URL: JOIN_URL, BILLING_WEBHOOK_SECRET: PROCESSOR_SECRET })
  await ensurePlans(db.orm.em.fork())
})
afterAll(async () => {
  await demo.app.close()
  await processor.app.close()
  await db.drop()
})

let users = 0
async function newUser(t: TestApp, { role = 'user', verified = true }: { role?: 'user' | 'admin' | 'permanentAccess'; verified?: boolean } = {}) {
  const email = `checkout${++users}@example.com`
  const user = await makeUser(db.orm.em.fork(), { email, role, verified })
  return { user, cookie: sessionCookieOf(await logIn(t.app, email, PASSWORD)) }
}

const join = (t: TestApp, sid: string, cookie?: string, locale = 'en') =>
  t.app.inject({ method: 'GET', url: `/subscriptions/join/${sid}?locale=${locale}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })

describe('the join link', () => {
  it('sends visitors to sign-up and unconfirmed users to verify-email, coming back to the chosen plan', async () => {
    const visitor = await join(demo, 'premium-yearly')
    expect(visitor.statusCode).toBe(303)
    expect(visitor.headers.location).toBe(`/sign-up?redirect=${encodeURIComponent('/account/select-plan?plan=premium-yearly')}`)
    const { cookie } = await newUser(demo, { verified: false })
    const unverified = await join(demo, 'premium-yearly', cookie)
    expect(unverified.headers.location).toBe(`/verify-email?redirect=${encodeURIComponent('/account/select-plan?plan=premium-yearly')}`)
  })

  it('without a processor leads a verified user to the demo checkout', async () => {
    const { cookie } = await newUser(demo)
    const res = await join(demo, 'basic-monthly', cookie, 'fr')
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/demo-checkout?plan=basic-monthly&locale=fr')
  })

  it('with a processor leads to its payment form with signed parameters', async () => {
    const { user, cookie } = await newUser(processor)
    const res = await join(processor, 'premium-yearly', cookie, 'it')
    expect(res.statusCode).toBe(303)
    const url = new URL(res.headers.location as string)
    expect(`${url.origin}${url.pathname}`).toBe(JOIN_URL)
    const params = Object.fromEntries(url.searchParams)
    expect(params).toMatchObject({ plan: 'premium-yearly', language: 'it', 'X-userId': String(user.id), 'X-planSid': 'premium-yearly', action: 'join' })
    const { signature, ...signed } = params
    const canonical = Object.entries(signed).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('\n')
    expect(signature).toBe(crypto.createHmac('sha256', PROCESSOR_SECRET).update(canonical).digest('hex'))
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
    expect(data).toMatchObject({ mode: 'join', trialDays: 2, dueNowCents: 100, recurringCents: 1499, currency: 'EUR', plan: { sid: 'basic-monthly', name: 'Basic Month' } })
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

  it('is absent when a processor is configured, and the demo’s signature is not accepted there', async () => {
    const { user, cookie } = await newUser(processor)
    const res = await view(processor, cookie, 'basic-monthly')
    expect(res.statusCode).toBe(404)
    expect(errorOf(res).message).toBe('Payments are not possible at the moment. Please try again later.')
    expect((await pay(processor, cookie, 'basic-monthly')).statusCode).toBe(404)
    const fields = saleFields(user.id, await db.orm.em.fork().findOneOrFail(Plan, { sid: 'basic-monthly' }))
    expect((await postback(processor.app, demo.config.billing.webhookSecret, fields)).statusCode).toBe(401)
    expect((await postback(processor.app, PROCESSOR_SECRET, { ...fields, eventId: newId('real') })).statusCode).toBe(200)
    expect((await me(processor.app, cookie))!.isMember).toBe(true)
  })
})
