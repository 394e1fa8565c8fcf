import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BILLING_PROVIDERS } from '../../core/config.js'
import { CheckoutUnavailable, WebhookRejected } from '../../core/services/billing/provider.js'
import { formDigest, saleDigest } from '../../core/services/billing/providers/ccbill.js'
import { ipAllowed } from '../../core/services/billing/providers/fields.js'
import { billingProvider } from '../../core/services/billing/providers/index.js'
import { flexpaySignature, signRequest } from '../../core/services/billing/providers/verotel.js'
import { fieldsOf, withFields } from '../../core/services/billing/replay.js'
import { PROVIDER_ENV, rejection } from '../support/billing.js'
import { fixture, fixturesOf, webhookRequest } from '../support/billing-fixtures.js'
import { testConfig } from '../support/config.js'

const billing = {
  demo: testConfig().billing,
  ccbill: testConfig(PROVIDER_ENV.ccbill).billing,
  verotel: testConfig(PROVIDER_ENV.verotel).billing,
  segpay: testConfig(PROVIDER_ENV.segpay).billing,
}
const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex')

describe('CCBill', () => {
  const salt = '7d901dad245fd0ff6bc20d06'

  it('computes formDigest as CCBill documents it (its example: 10.00, 30 days, USD)', () => {
    expect(formDigest(salt, { initialPrice: '10.00', initialPeriod: 30, currencyCode: '840' })).toBe('a7459445d0e5dc0963fe736dc5cf900b')
    const recurring = { initialPrice: '1.00', initialPeriod: 2, recurringPrice: '14.99', recurringPeriod: 30, numRebills: 99, currencyCode: '978' }
    expect(formDigest(salt, recurring)).toBe(md5(`1.00214.993099978${salt}`))
    expect(saleDigest(salt, '0312101101000000193')).toBe(md5(`03121011010000001931${salt}`))
  })

  it('takes notifications only from its published ranges (or the configured ones)', () => {
    const ranges = billing.ccbill.ccbill!.allowedIps
    for (const ip of ['64.38.212.1', '64.38.215.254', '64.38.240.17', '64.38.241.200', '::ffff:64.38.212.17']) expect(ipAllowed(ranges, ip), ip).toBe(true)
    for (const ip of ['64.38.213.1', '64.38.242.1', '127.0.0.1', '10.0.0.1', '::1', 'not-an-ip', '']) expect(ipAllowed(ranges, ip), ip).toBe(false)
    expect(ipAllowed(['2001:db8::/32', '192.0.2.7'], '2001:db8::42')).toBe(true)
    expect(ipAllowed(['2001:db8::/32', '192.0.2.7'], '192.0.2.7')).toBe(true)
    expect(ipAllowed(['2001:db8::/32', '192.0.2.7'], '192.0.2.8')).toBe(false)
  })

  const provider = billingProvider(billing.ccbill)
  const sale = fixture('ccbill', 'NewSaleSuccess')

  it('cannot price a plan in a currency CCBill has no code for: the checkout is unavailable', () => {
    const plan = {
      id: 1,
      sid: 'chf-monthly',
      name: 'CHF',
      period: 'monthly' as const,
      priceCents: 1000,
      currency: 'CHF',
      trialDays: null,
      trialPriceCents: null,
    }
    expect(() =>
      provider.checkoutUrl({ plan, userId: 1, locale: 'de', subscriptionId: null, returnUrl: 'https://club.example/account/plan', now: new Date() }),
    ).toThrow(CheckoutUnavailable)
  })

  it('refuses other sources, other accounts and a sale without the right digest', () => {
    expect(provider.receive(webhookRequest(sale, billing.ccbill)).event.kind).toBe('sale')
    expect(rejection(() => provider.receive({ ...webhookRequest(sale, billing.ccbill), sourceIp: '203.0.113.9' }))).toMatchObject({
      status: 403,
      reason: 'source address not allowed',
    })
    const other = withFields(sale, { clientAccnum: '900101' })
    expect(rejection(() => provider.receive(webhookRequest(other, billing.ccbill, { sign: false })))).toMatchObject({ status: 403 })
    const forged = withFields(sale, { dynamicPricingValidationDigest: md5(`0312101101000000193${'1'}wrong-salt-wrong-salt`) })
    const unsigned = webhookRequest(withFields(forged, { clientAccnum: '900100' }), billing.ccbill, { sign: false })
    expect(rejection(() => provider.receive(unsigned))).toMatchObject({ status: 401, reason: 'invalid digest' })
    // A digest made for another subscription does not carry over.
    const moved = withFields(withSaleDigest(sale), { subscriptionId: '0312101101000000999' })
    expect(rejection(() => provider.receive(webhookRequest(moved, billing.ccbill, { sign: false })))).toMatchObject({ status: 401 })
  })

  it('reads JSON with 19-digit ids exactly, and the pass-through fields from a passThrough object', () => {
    const request = webhookRequest(sale, billing.ccbill)
    const json = JSON.parse(request.rawBody.toString())
    const { 'X-userId': userId, 'X-planSid': planSid, ...rest } = json
    const body = JSON.stringify({ ...rest, passThrough: { 'X-userId': userId, 'X-planSid': planSid } })
      .replace('"subscriptionId":"0312101101000000193"', '"subscriptionId":3121011010000001930')
      .replace('"clientSubacc":"0000"', '"clientSubacc":0')
    const digest = saleDigest(salt, '3121011010000001930')
    const read = provider.receive({ ...request, rawBody: Buffer.from(body.replace(json.dynamicPricingValidationDigest, digest)) })
    expect(read.event).toMatchObject({ kind: 'sale', subscriptionId: '3121011010000001930', userId: 1, planSid: 'basic-monthly', trial: true, trialDays: 2 })
  })
})

/** A CCBill sale with the digest of its own subscription id, to change after signing. */
function withSaleDigest(notification: ReturnType<typeof fixture>) {
  return withFields(notification, { dynamicPricingValidationDigest: saleDigest('7d901dad245fd0ff6bc20d06', fieldsOf(notification).subscriptionId!) })
}

describe('Verotel FlexPay', () => {
  const key = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J'
  // The parameters and signatures of Verotel's own client library tests (flexpay-php-client).
  const params = {
    saleID: '433456',
    priceAmount: '0.00',
    referenceID: 'reference1234',
    priceCurrency: 'USD',
    custom1: 'My',
    description: 'My Dščřčřřěřě&?=blah123',
    subscriptionType: 'RECURRING',
    period: 'P1M',
    name: 'My name',
    trialAmount: '0.01',
    trialPeriod: 'P3D',
    successURL: 'http://backURL.test',
    declineURL: 'http://declineURL.test',
    cancelDiscountPercentage: '30',
    blah: 'something',
    shopID: '68849',
  }

  it('signs as Verotel’s client does: SHA-256 over the FlexPay parameters; postbacks also in the old SHA-1 form', () => {
    expect(signRequest(key, params).signature).toBe('ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2')
    expect(signRequest(key, { ...params, custom2: '' })).not.toHaveProperty('custom2')
    expect(flexpaySignature(key, params, 'sha1')).toBe('fc63f38e2722d2e5bc4f2044ad3ffb2051e89643')
  })

  const provider = billingProvider(billing.verotel)
  const initial = fixture('verotel', 'initial')

  it('refuses a wrong or missing signature, another shop, changed parameters', () => {
    expect(provider.receive(webhookRequest(initial, billing.verotel)).event.kind).toBe('sale')
    const signed = webhookRequest(initial, billing.verotel)
    expect(rejection(() => provider.receive({ ...signed, query: signed.query.replace('custom1=1', 'custom1=2') }))).toMatchObject({
      status: 401,
      reason: 'invalid signature',
    })
    expect(rejection(() => provider.receive({ ...signed, query: signed.query.replace(/&?signature=[0-9a-f]+/, '') }))).toMatchObject({ status: 401 })
    // Signed with the key, but for another shop.
    const otherShop = withFields(initial, { shopID: '1', signature: flexpaySignature(key, { ...fieldsOf(initial), shopID: '1' }) })
    expect(rejection(() => provider.receive(webhookRequest(otherShop, billing.verotel, { sign: false })))).toMatchObject({
      status: 403,
      reason: 'not for the configured shop',
    })
  })

  it('links the member to the signed cancel page of the sale', () => {
    const links = provider.accountLinks('433456')
    const url = new URL(links.cancelUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://secure.verotel.com/cancel-subscription')
    const { signature, ...rest } = Object.fromEntries(url.searchParams)
    expect(rest).toEqual({ saleID: '433456', shopID: '68849', version: '4' })
    expect(signature).toBe(flexpaySignature(key, rest))
    expect(links.updatePaymentUrl).toBeNull()
  })
})

describe('Segpay', () => {
  const provider = billingProvider(billing.segpay)
  const sale = fixture('segpay', 'auth-sale-initial')

  it('refuses a wrong secret and sources outside the allow-list; the secret is not kept with the fields', () => {
    const read = provider.receive(webhookRequest(sale, billing.segpay))
    expect(read.event.kind).toBe('sale')
    expect(read.fields).not.toHaveProperty('secret')
    expect(rejection(() => provider.receive(webhookRequest(withFields(sale, { secret: 'x'.repeat(40) }), billing.segpay, { sign: false })))).toMatchObject({
      status: 401,
      reason: 'invalid secret',
    })
    expect(rejection(() => provider.receive(webhookRequest(sale, billing.segpay, { sign: false })))).toMatchObject({ status: 401 })
    expect(rejection(() => provider.receive({ ...webhookRequest(sale, billing.segpay), sourceIp: '203.0.113.9' }))).toMatchObject({ status: 403 })
  })

  it('reads the days of its periods into the next billing date, through that day', () => {
    // Received 2026-11-24 12:00 UTC (webhookRequest): a 2-day trial, then every 30 days.
    expect(provider.receive(webhookRequest(sale, billing.segpay)).event).toMatchObject({
      kind: 'sale',
      trial: true,
      trialDays: 2,
      nextRenewalAt: new Date('2026-11-27T00:00:00Z'),
    })
    expect(provider.receive(webhookRequest(fixture('segpay', 'auth-sale-rebill'), billing.segpay)).event).toMatchObject({
      kind: 'renewal',
      nextRenewalAt: new Date('2026-12-25T00:00:00Z'),
    })
  })

  it('answers with the configured response string', () => {
    expect(provider.answer({ result: 'processed', eventId: 'x' })).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' })
    const custom = billingProvider(testConfig({ ...PROVIDER_ENV.segpay, SEGPAY_POSTBACK_RESPONSE: 'ACCEPTED' }).billing)
    expect(custom.answer({ result: 'duplicate', eventId: 'x' }).body).toBe('ACCEPTED')
    expect(custom.answer(new WebhookRejected(503, 'later'))).toMatchObject({ status: 503, body: 'ERROR' })
  })
})

describe('every stored notification', () => {
  for (const id of BILLING_PROVIDERS) {
    for (const { file, notification } of fixturesOf(id)) {
      it(`${file} reads as ${notification.expect!.kind}`, () => {
        const { event, fields } = billingProvider(billing[id]).receive(webhookRequest(notification, billing[id]))
        expect(event.kind === 'ignored' ? event.type : event.kind).toBe(notification.expect!.kind)
        expect(event.eventId.length).toBeLessThanOrEqual(128)
        if (notification.expect!.result === 'ignored') expect(event.kind).toBe('ignored')
        else expect(event.kind).not.toBe('ignored')
        expect(Object.keys(fields)).not.toContain('secret')
      })
    }
  }

  it('each gets its own event id, and a redelivery the same one', () => {
    for (const id of BILLING_PROVIDERS) {
      const ids = fixturesOf(id).map(({ notification }) => billingProvider(billing[id]).receive(webhookRequest(notification, billing[id])).event.eventId)
      expect(new Set(ids).size, id).toBe(ids.length)
      const again = fixturesOf(id).map(({ notification }) => billingProvider(billing[id]).receive(webhookRequest(notification, billing[id])).event.eventId)
      expect(again).toEqual(ids)
    }
  })
})
