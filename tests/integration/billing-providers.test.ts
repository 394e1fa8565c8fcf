/**
 * The processors' notifications through the real webhook route and PostgreSQL: every stored
 * notification (tests/fixtures/billing) of every provider applied or acknowledged, once;
 * 50 concurrent deliveries applied once; notifications in the wrong order applied when
 * delivered again; refused notifications changing nothing and logged without secrets.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BillingProviderId } from '../../core/config.js'
import { BillingEvent, Subscription, User } from '../../core/db/entities/index.js'
import { deliveryOf, fieldsOf, signNotification, withFields, type StoredNotification } from '../../core/services/billing/replay.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTestApp, type TestApp } from '../support/app.js'
import { PROVIDER_ENV } from '../support/billing.js'
import { fixture, fixturesOf, FIXTURES, sentAt } from '../support/billing-fixtures.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

let db: TestDatabase
const apps = {} as Record<BillingProviderId, TestApp>
let proxied: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  apps.demo = await createTestApp(db.orm)
  for (const id of ['ccbill', 'verotel', 'segpay'] as const) apps[id] = await createTestApp(db.orm, PROVIDER_ENV[id])
  proxied = await createTestApp(db.orm, { ...PROVIDER_ENV.ccbill, TRUST_PROXY: 'true' })
  await ensurePlans(db.orm.em.fork())
})
afterAll(async () => {
  for (const t of [...Object.values(apps), proxied]) await t.app.close()
  await db.drop()
})

/** Where each processor puts the values a test makes fresh. */
const SHAPE: Record<BillingProviderId, { user: string; subscription: string; transaction: string; replaces: string | null; time: string | null }> = {
  demo: { user: 'X-userId', subscription: 'subscriptionId', transaction: 'eventId', replaces: null, time: 'timestamp' },
  ccbill: { user: 'X-userId', subscription: 'subscriptionId', transaction: 'transactionId', replaces: 'originalSubscriptionId', time: 'timestamp' },
  verotel: { user: 'custom1', subscription: 'saleID', transaction: 'transactionID', replaces: 'precedingSaleID', time: null },
  segpay: { user: 'userid', subscription: 'purchaseid', transaction: 'tranid', replaces: null, time: 'transtime' },
}
/** The stored notification that starts a subscription, per provider. */
const SALE: Record<BillingProviderId, string> = { demo: 'NewSaleSuccess', ccbill: 'NewSaleSuccess', verotel: 'initial', segpay: 'auth-sale-initial' }
const CANCEL: Record<BillingProviderId, string> = { demo: 'Cancellation', ccbill: 'Cancellation', verotel: 'cancel', segpay: 'cancel' }
const RENEWAL: Record<BillingProviderId, string> = { demo: 'RenewalSuccess', ccbill: 'RenewalSuccess', verotel: 'rebill', segpay: 'auth-sale-rebill' }

let counter = 0
const fresh = () => `${Date.now()}${String(++counter).padStart(4, '0')}`
const stamp = (date = new Date()) => date.toISOString().slice(0, 19).replace('T', ' ')

async function newUser(): Promise<User> {
  const em = db.orm.em.fork()
  const user = em.create(User, {
    email: `provider${fresh()}@example.com`,
    passwordHash: 'not-used',
    emailVerifiedAt: new Date(),
    role: 'user',
    locale: 'en',
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  await em.flush()
  return user
}

/** The notification about this subscription (and user), with a fresh transaction id, sent now (its dates moved with it). */
function about(id: BillingProviderId, notification: StoredNotification, subscriptionId: string, userId: number, extra: Record<string, string> = {}) {
  const shape = SHAPE[id]
  const has = (field: string) => field in { ...notification.request.query, ...notification.request.body }
  const fields: Record<string, string> = { [shape.subscription]: subscriptionId, ...extra }
  if (has(shape.user)) fields[shape.user] = String(userId)
  if (has(shape.transaction)) fields[shape.transaction] = fresh()
  if (shape.time && has(shape.time)) fields[shape.time] = id === 'demo' ? new Date().toISOString() : stamp()
  return withFields(sentAt(notification, new Date()), fields)
}

function deliver(
  id: BillingProviderId,
  notification: StoredNotification,
  { sign = true, app = apps[id], headers = {} }: { sign?: boolean; app?: TestApp; headers?: Record<string, string> } = {},
) {
  const delivery = deliveryOf(sign ? signNotification(notification, app.config.billing) : notification, app.config.billing, { sign })
  return app.app.inject({ ...delivery, headers: { ...delivery.headers, ...headers } })
}

const subscription = (externalId: string) => db.orm.em.fork().findOne(Subscription, { externalId }, { populate: ['plan'] })
const eventsOf = (provider: string) => db.orm.em.fork().count(BillingEvent, { provider })
const OK: Record<BillingProviderId, (result: string) => string> = {
  demo: (result) => JSON.stringify({ ok: true, result }),
  ccbill: () => 'OK',
  verotel: () => 'OK',
  segpay: () => 'OK',
}

/** A subscription started through the provider's own sale notification. */
async function started(id: BillingProviderId, userId: number, subscriptionId = fresh()): Promise<string> {
  const res = await deliver(id, about(id, fixture(id, SALE[id]), subscriptionId, userId))
  expect(res.statusCode, res.body).toBe(200)
  return subscriptionId
}

for (const id of ['demo', 'ccbill', 'verotel', 'segpay'] as const) {
  describe(`${id}: every stored notification is applied or acknowledged, once`, () => {
    for (const { file, notification } of fixturesOf(id)) {
      const { result, kind } = notification.expect!
      it(`${file}: ${result} (${kind})`, async () => {
        const user = await newUser()
        const isSale = kind === 'sale'
        const isUpgrade = isSale && SHAPE[id].replaces !== null && SHAPE[id].replaces! in { ...notification.request.query, ...notification.request.body }
        const original = !isSale || isUpgrade ? await started(id, user.id) : null
        if (kind === 'uncancel') expect((await deliver(id, about(id, fixture(id, CANCEL[id]), original!, user.id))).statusCode).toBe(200)
        const subscriptionId = isSale ? fresh() : original!
        const before = original ? await subscription(original) : null
        const events = await eventsOf(id)
        const subscriptions = await db.orm.em.fork().count(Subscription, {})

        const replacing = isUpgrade ? { [SHAPE[id].replaces!]: original! } : {}
        const delivered = about(id, notification, subscriptionId, user.id, replacing)
        const res = await deliver(id, delivered)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.body).toBe(OK[id](result))
        expect(await eventsOf(id)).toBe(events + 1)
        const stored = await db.orm.em.fork().findOneOrFail(BillingEvent, { provider: id }, { orderBy: { id: 'desc' } })
        expect(stored.type).toBe(kind)
        expect(JSON.stringify(stored.payload)).not.toMatch(/mYPaSSw0rD|segpay-postback-secret/)
        // The event names its subscription (the console's user page finds a user's events by it);
        // earlier events were given it from this field by the console_inbox migration.
        if (result !== 'ignored') {
          expect(stored.subscriptionExternalId).toBe(subscriptionId)
          expect(stored.payload[SHAPE[id].subscription]).toBe(subscriptionId)
        }

        const after = await subscription(subscriptionId)
        switch (kind) {
          case 'sale':
            expect(after).toMatchObject({ status: 'active', user: { id: user.id } })
            expect(after!.paidUntil.getTime()).toBeGreaterThan(Date.now())
            if (isUpgrade) {
              expect(after!.plan.sid).toBe('premium-monthly')
              expect(await subscription(original!)).toMatchObject({ status: 'ended', endReason: 'replaced' })
            }
            break
          case 'renewal':
            expect(after!.paidUntil.getTime()).toBeGreaterThan(before!.paidUntil.getTime())
            break
          case 'cancel':
            expect(after).toMatchObject({ status: 'active', pendingChange: 'cancel' })
            expect(after!.pendingFrom!.getTime()).toBe(after!.paidUntil.getTime())
            break
          case 'uncancel':
            expect(before).toMatchObject({ pendingChange: 'cancel' })
            expect(after).toMatchObject({ status: 'active', pendingChange: null })
            break
          case 'change':
            expect(after).toMatchObject({ pendingChange: 'change' })
            break
          case 'extend': {
            // The processor's new billing date (2027-01-10 as recorded, moved with the sending day): access through that day.
            const billingDate = fieldsOf(delivered).nextRenewalDate ?? fieldsOf(delivered).nextChargeOn!
            expect(after!.paidUntil.toISOString()).toBe(new Date(Date.parse(`${billingDate}T00:00:00Z`) + 86_400_000).toISOString())
            break
          }
          case 'expire':
            expect(after).toMatchObject({ status: 'ended', endReason: 'expired' })
            break
          case 'refund':
          case 'chargeback':
          case 'void':
            expect(after).toMatchObject({ status: 'ended', endReason: kind })
            break
          default:
            expect(result).toBe('ignored')
            expect(await db.orm.em.fork().count(Subscription, {})).toBe(subscriptions)
            if (before) expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null })
        }

        // Delivered again: acknowledged, nothing changes.
        const snapshot = JSON.stringify(await subscription(subscriptionId))
        const again = await deliver(id, delivered)
        expect(again.statusCode).toBe(200)
        expect(again.body).toBe(OK[id]('duplicate'))
        expect(await eventsOf(id)).toBe(events + 1)
        expect(JSON.stringify(await subscription(subscriptionId))).toBe(snapshot)
      })
    }
  })
}

describe('exactly once, in any order', () => {
  for (const id of ['ccbill', 'verotel', 'segpay'] as const) {
    it(`${id}: 50 concurrent deliveries of one sale and of one renewal are applied once each`, async () => {
      const user = await newUser()
      const subscriptionId = fresh()
      const saleOnce = about(id, fixture(id, SALE[id]), subscriptionId, user.id)
      const events = await eventsOf(id)
      const started = performance.now()
      const sales = await Promise.all(Array.from({ length: 50 }, () => deliver(id, saleOnce)))
      const saleMs = performance.now() - started
      expect(sales.map((res) => res.statusCode)).toEqual(Array(50).fill(200))
      expect(await db.orm.em.fork().count(Subscription, { user: user.id })).toBe(1)
      expect(await eventsOf(id)).toBe(events + 1)
      const paidUntil = (await subscription(subscriptionId))!.paidUntil

      const renewal = about(id, fixture(id, RENEWAL[id]), subscriptionId, user.id)
      const renewals = await Promise.all(Array.from({ length: 50 }, () => deliver(id, renewal)))
      expect(renewals.map((res) => res.statusCode)).toEqual(Array(50).fill(200))
      expect(await eventsOf(id)).toBe(events + 2)
      const renewed = (await subscription(subscriptionId))!.paidUntil
      expect(renewed.getTime()).toBeGreaterThan(paidUntil.getTime())
      // Once more, and the period does not move again.
      expect((await deliver(id, renewal)).statusCode).toBe(200)
      expect((await subscription(subscriptionId))!.paidUntil).toEqual(renewed)
      console.log(`${id}: 50 concurrent deliveries of one sale → 1 subscription, 1 event in ${Math.round(saleMs)} ms`)
    })

    it(`${id}: a renewal before its sale is refused with 503 (deliver again) and applied once the sale is in`, async () => {
      const user = await newUser()
      const subscriptionId = fresh()
      const renewal = about(id, fixture(id, RENEWAL[id]), subscriptionId, user.id)
      const events = await eventsOf(id)
      const early = await deliver(id, renewal)
      expect(early.statusCode).toBe(503)
      expect(early.headers['retry-after']).toBe('60')
      expect(await eventsOf(id)).toBe(events)
      await started(id, user.id, subscriptionId)
      const paidUntil = (await subscription(subscriptionId))!.paidUntil
      const later = await deliver(id, renewal)
      expect(later.statusCode).toBe(200)
      expect((await subscription(subscriptionId))!.paidUntil.getTime()).toBeGreaterThan(paidUntil.getTime())
    })
  }
})

describe('refused notifications change nothing and are logged without secrets', () => {
  const secrets = ['7d901dad245fd0ff6bc20d06', 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J', 'segpay-postback-secret-0123456789abcdef']

  async function expectNothingChanged(before: { events: number; subscriptions: number }) {
    expect(await db.orm.em.fork().count(BillingEvent, {})).toBe(before.events)
    expect(await db.orm.em.fork().count(Subscription, {})).toBe(before.subscriptions)
  }
  const counts = async () => ({ events: await db.orm.em.fork().count(BillingEvent, {}), subscriptions: await db.orm.em.fork().count(Subscription, {}) })

  it('CCBill: from outside its ranges (a forged X-Forwarded-For does not help), for another account, with a wrong digest: 0 applied', async () => {
    const user = await newUser()
    const sale = about('ccbill', fixture('ccbill', 'NewSaleSuccess'), fresh(), user.id)
    const before = await counts()
    const outside = { ...sale, request: { ...sale.request, sourceIp: '203.0.113.9' } }
    const refused = [
      await deliver('ccbill', outside),
      await deliver('ccbill', outside, { headers: { 'x-forwarded-for': '64.38.212.17' } }),
      await deliver('ccbill', withFields(signNotification(sale, apps.ccbill.config.billing), { dynamicPricingValidationDigest: '0'.repeat(32) }), {
        sign: false,
      }),
      await deliver('ccbill', withFields(signNotification(sale, apps.ccbill.config.billing), { clientSubacc: '0001' }), { sign: false }),
      await deliver('ccbill', withFields(sale, { dynamicPricingValidationDigest: '' }), { sign: false }),
    ]
    expect(refused.map((res) => res.statusCode)).toEqual([403, 403, 401, 403, 401])
    expect(refused.every((res) => res.body.startsWith('ERROR: '))).toBe(true)
    await expectNothingChanged(before)
    // Behind a trusted proxy the client address comes from X-Forwarded-For.
    expect((await deliver('ccbill', outside, { app: proxied, headers: { 'x-forwarded-for': '64.38.212.17' } })).statusCode).toBe(200)
  })

  it('Verotel and Segpay: a wrong signature or secret, a source outside the allow-list: 0 applied', async () => {
    const user = await newUser()
    const before = await counts()
    const verotel = about('verotel', fixture('verotel', 'initial'), fresh(), user.id)
    const signed = signNotification(verotel, apps.verotel.config.billing)
    const segpay = about('segpay', fixture('segpay', 'auth-sale-initial'), fresh(), user.id)
    const refused = [
      await deliver('verotel', withFields(signed, { signature: 'f'.repeat(64) }), { sign: false }),
      await deliver('verotel', withFields(signed, { priceAmount: '0.01' }), { sign: false }),
      await deliver('verotel', verotel, { sign: false }),
      await deliver('segpay', withFields(segpay, { secret: 'segpay-postback-secret-0123456789abcdeF' }), { sign: false }),
      await deliver('segpay', { ...segpay, request: { ...segpay.request, sourceIp: '203.0.113.9' } }),
    ]
    expect(refused.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 403])
    await expectNothingChanged(before)
  })

  it('logs each refusal with its reason, never a key, secret, digest or signature', () => {
    const logs = [...Object.values(apps), proxied].flatMap((t) => t.logs)
    const refusals = logs.filter((line) => line.msg === 'billing webhook refused')
    expect(refusals.length).toBeGreaterThanOrEqual(10)
    for (const reason of ['source address not allowed', 'invalid digest', 'invalid signature', 'invalid secret', 'not for the configured account']) {
      expect(
        refusals.some((line) => line.reason === reason),
        reason,
      ).toBe(true)
    }
    const text = JSON.stringify(logs)
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(text).toContain('secret=[redacted]')
  })
})

describe('bad input', () => {
  it('is answered with a 4xx naming the problem, never a 500, and changes nothing', async () => {
    const before = { events: await db.orm.em.fork().count(BillingEvent, {}), subscriptions: await db.orm.em.fork().count(Subscription, {}) }
    const user = await newUser()
    const cases: Array<[BillingProviderId, StoredNotification, number]> = [
      ['ccbill', withFields(about('ccbill', fixture('ccbill', 'NewSaleSuccess'), fresh(), user.id), { billedInitialPrice: '99999999999.00' }), 400],
      ['ccbill', withFields(about('ccbill', fixture('ccbill', 'NewSaleSuccess'), fresh(), user.id), { billedCurrencyCode: '999' }), 400],
      ['ccbill', withFields(about('ccbill', fixture('ccbill', 'RenewalSuccess'), 'has spaces', user.id), {}), 400],
      ['ccbill', withFields(about('ccbill', fixture('ccbill', 'Cancellation'), fresh(), user.id), { timestamp: 'yesterday' }), 400],
      ['verotel', withFields(about('verotel', fixture('verotel', 'initial'), fresh(), user.id), { event: 'x'.repeat(200) }), 400],
      ['verotel', withFields(about('verotel', fixture('verotel', 'initial'), fresh(), user.id), { nextChargeOn: '2026-02-31' }), 400],
      ['verotel', withFields(about('verotel', fixture('verotel', 'initial'), fresh(), user.id), { custom2: 'no-such-plan' }), 422],
      ['segpay', withFields(about('segpay', fixture('segpay', 'auth-sale-initial'), fresh(), user.id), { price: '-1.00' }), 400],
      ['segpay', withFields(about('segpay', fixture('segpay', 'auth-sale-initial'), fresh(), user.id), { trantype: 'x'.repeat(100) }), 400],
      ['segpay', withFields(about('segpay', fixture('segpay', 'auth-sale-initial'), fresh(), user.id), { price: '24.99' }), 422],
    ]
    for (const [id, notification, status] of cases) {
      const res = await deliver(id, notification)
      expect(res.statusCode, `${id} ${res.body}`).toBe(status)
    }
    const raw = (id: BillingProviderId, payload: string, type: string) =>
      apps[id].app.inject({
        method: 'POST',
        url: `/billing/webhook/${id}?clientAccnum=900100&clientSubacc=0000&eventType=NewSaleSuccess`,
        payload,
        headers: { 'content-type': type },
        remoteAddress: '64.38.212.17',
      })
    expect((await raw('ccbill', '{"subscriptionId":', 'application/json')).statusCode).toBe(400)
    expect((await raw('ccbill', '[1,2,3]', 'application/json')).statusCode).toBe(400)
    expect((await raw('ccbill', 'a=1&a=2', 'application/x-www-form-urlencoded')).statusCode).toBe(400)
    expect((await raw('ccbill', '\u0000\u00ff', 'application/octet-stream')).statusCode).toBe(415)
    expect((await raw('ccbill', 'x'.repeat(70 * 1024), 'application/x-www-form-urlencoded')).statusCode).toBe(413)
    // A HEAD request is no notification, even a correctly signed one.
    const head = deliveryOf(
      signNotification(about('verotel', fixture('verotel', 'initial'), fresh(), user.id), apps.verotel.config.billing),
      apps.verotel.config.billing,
      { sign: true },
    )
    expect((await apps.verotel.app.inject({ ...head, method: 'HEAD' })).statusCode).toBe(404)
    expect(await db.orm.em.fork().count(BillingEvent, {})).toBe(before.events)
    expect(await db.orm.em.fork().count(Subscription, {})).toBe(before.subscriptions)
  })
})

describe('npm run billing:replay', () => {
  const run = promisify(execFile)
  const replay = (args: string[], env: Record<string, string>) =>
    run('npx', ['tsx', 'cli/billing-replay.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, APP_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout + error.stderr }),
    )

  it('delivers a stored notification signed with the configured keys, and says what came back', async () => {
    const taken = await replay([path.join(FIXTURES, 'ccbill/CustomerDataUpdate.json'), '--sign'], PROVIDER_ENV.ccbill)
    expect(taken).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^ignored: CustomerDataUpdate:\d+:\d+\nPOST \/billing\/webhook\/ccbill\?clientAccnum=900100.* → 200\nOK\n$/),
    })
    const unsigned = await replay([path.join(FIXTURES, 'ccbill/NewSaleSuccess.json')], PROVIDER_ENV.ccbill)
    expect(unsigned).toMatchObject({ code: 1, stdout: expect.stringMatching(/^refused: invalid digest\n.* → 401\nERROR: invalid digest\n$/) })
    const wrongProvider = await replay([path.join(FIXTURES, 'verotel/initial.json')], PROVIDER_ENV.ccbill)
    expect(wrongProvider).toMatchObject({ code: 1, stdout: expect.stringContaining('is a verotel notification, but BILLING_PROVIDER is ccbill') })
    expect(await replay([], {})).toMatchObject({ code: 2, stdout: expect.stringContaining('Usage: npm run billing:replay') })
  }, 120_000)
})
