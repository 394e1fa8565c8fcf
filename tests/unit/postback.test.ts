import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { WebhookRejected } from '../../server/services/billing/provider.js'
import { decodeFields, parsePostback, PostbackProvider, sameDigest } from '../../server/services/billing/postback.js'

const SECRET = 'a-shared-secret-of-at-least-32-chars!'
const provider = new PostbackProvider(SECRET, 'https://pay.example.com/form?site=7')
const sign = (body: string, secret = SECRET) => `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`

const SALE = {
  eventType: 'NewSaleSuccess',
  eventId: 'evt-1',
  timestamp: '2026-11-23 10:15:00',
  subscriptionId: '0912191101000000159',
  transactionId: '0912191101000000160',
  'X-userId': '42',
  'X-planSid': 'premium-monthly',
  billedInitialPrice: '0.00',
  billedRecurringPrice: '24.99',
  billedCurrency: 'EUR',
  trialDays: '3',
}

function rejection(fn: () => unknown): WebhookRejected {
  try {
    fn()
  } catch (error) {
    if (error instanceof WebhookRejected) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('signature', () => {
  const body = Buffer.from(new URLSearchParams(SALE).toString())

  it('accepts the HMAC-SHA256 of the raw body with the shared secret', () => {
    expect(provider.verify(body, { 'x-postback-signature': sign(body.toString()) })).toBe(true)
    expect(provider.verify(body, { 'x-postback-signature': sign(body.toString()).toUpperCase().replace('SHA256=', 'sha256=') })).toBe(true)
  })

  it('refuses another secret, another body, a missing or odd header', () => {
    expect(provider.verify(body, { 'x-postback-signature': sign(body.toString(), 'another-secret-another-secret-1234') })).toBe(false)
    expect(provider.verify(Buffer.from(body.toString() + '&x=1'), { 'x-postback-signature': sign(body.toString()) })).toBe(false)
    expect(provider.verify(body, {})).toBe(false)
    expect(provider.verify(body, { 'x-postback-signature': ['a', 'b'] })).toBe(false)
    expect(provider.verify(body, { 'x-postback-signature': sign(body.toString()).slice('sha256='.length) })).toBe(false)
    expect(provider.verify(body, { 'x-postback-signature': 'sha256=' })).toBe(false)
  })

  it('compares digests of different lengths without throwing', () => {
    expect(sameDigest('abc', 'abcd')).toBe(false)
    expect(sameDigest('abc', 'abc')).toBe(true)
  })

  it('signs the notifications it encodes the way it verifies them', () => {
    const { payload, headers } = provider.encode(SALE)
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(provider.verify(Buffer.from(payload), headers)).toBe(true)
    expect(provider.parse(Buffer.from(payload), headers['content-type']).event.kind).toBe('sale')
  })
})

describe('event parsing', () => {
  it('reads a form-encoded new sale with trial, prices in integer cents', () => {
    const { event, fields } = provider.parse(Buffer.from(new URLSearchParams(SALE).toString()), 'application/x-www-form-urlencoded; charset=utf-8')
    expect(event).toEqual({
      kind: 'sale', eventId: 'evt-1', occurredAt: new Date('2026-11-23T10:15:00Z'), subscriptionId: '0912191101000000159', userId: 42,
      planSid: 'premium-monthly', trialDays: 3, initialCents: 0, recurringCents: 2499, currency: 'EUR', nextRenewalAt: null,
    })
    expect(fields['X-planSid']).toBe('premium-monthly')
  })

  it('reads JSON with numbers as text, and a sale without trial', () => {
    const { trialDays: _omit, ...noTrial } = SALE
    const json = JSON.stringify({ ...noTrial, 'X-userId': 42, billedInitialPrice: '24.99', nextRenewalDate: '2026-12-23' })
    const { event } = provider.parse(Buffer.from(json), 'application/json')
    expect(event).toMatchObject({ kind: 'sale', userId: 42, trialDays: null, initialCents: 2499, nextRenewalAt: new Date('2026-12-23T00:00:00Z') })
  })

  it('maps every event type', () => {
    const common = { eventId: 'e', timestamp: '2026-11-23T10:00:00+01:00', subscriptionId: 's' }
    expect(parsePostback({ ...common, eventType: 'RenewalSuccess', billedAmount: '24.99', billedCurrency: 'EUR' })).toMatchObject({ kind: 'renewal', amountCents: 2499, occurredAt: new Date('2026-11-23T09:00:00Z') })
    expect(parsePostback({ ...common, eventType: 'Cancellation', reason: 'customer' })).toMatchObject({ kind: 'cancel', subscriptionId: 's' })
    expect(parsePostback({ ...common, eventType: 'PlanChangeScheduled', newPlanSid: 'basic-monthly' })).toMatchObject({ kind: 'change', planSid: 'basic-monthly', effectiveAt: null })
    expect(parsePostback({ ...common, eventType: 'Expiration' })).toMatchObject({ kind: 'expire' })
    expect(parsePostback({ ...common, eventType: 'Refund', amount: '24.99', currency: 'EUR' })).toMatchObject({ kind: 'refund', amountCents: 2499 })
    expect(parsePostback({ ...common, eventType: 'Chargeback', amount: '5', currency: 'EUR' })).toMatchObject({ kind: 'chargeback', amountCents: 500 })
    expect(parsePostback({ ...common, eventType: 'RenewalFailure' })).toMatchObject({ kind: 'ignored', type: 'RenewalFailure' })
  })

  it('refuses malformed notifications with 400, naming the field', () => {
    expect(rejection(() => parsePostback({ ...SALE, billedRecurringPrice: '24.999' })).reason).toMatch(/billedRecurringPrice/)
    expect(rejection(() => parsePostback({ ...SALE, 'X-userId': '0' })).status).toBe(400)
    expect(rejection(() => parsePostback({ ...SALE, timestamp: '2026-13-45 99:00:00' })).reason).toMatch(/timestamp/)
    expect(rejection(() => parsePostback({ ...SALE, billedCurrency: 'eur' })).reason).toMatch(/billedCurrency/)
    const { eventId: _omit, ...noId } = SALE
    const missing = rejection(() => parsePostback(noId))
    expect(missing).toMatchObject({ status: 400, eventId: undefined })
    expect(rejection(() => parsePostback({ ...SALE, subscriptionId: '' })).eventId).toBe('evt-1')
  })

  it('refuses bodies that are not flat fields', () => {
    expect(rejection(() => decodeFields(Buffer.from('a=1&a=2'), 'application/x-www-form-urlencoded')).status).toBe(400)
    expect(rejection(() => decodeFields(Buffer.from('{"a":{"b":1}}'), 'application/json')).status).toBe(400)
    expect(rejection(() => decodeFields(Buffer.from('null'), 'application/json')).status).toBe(400)
    expect(rejection(() => decodeFields(Buffer.from('a=1'), 'text/plain')).status).toBe(415)
    expect(rejection(() => decodeFields(Buffer.from('a=1'), undefined)).status).toBe(415)
  })
})

describe('payment form link', () => {
  it('carries the plan, language, user and a signature over the parameters', () => {
    const url = new URL(provider.checkoutUrl({ planSid: 'premium-yearly', userId: 9, locale: 'es', subscriptionId: null, returnUrl: 'https://site.example/account/plan', now: new Date('2026-11-23T10:00:00Z') }))
    expect(url.origin + url.pathname).toBe('https://pay.example.com/form')
    const params = Object.fromEntries(url.searchParams)
    expect(params).toMatchObject({ site: '7', plan: 'premium-yearly', language: 'es', 'X-userId': '9', action: 'join', timestamp: '1795428000' })
    const { signature, site: _site, ...signed } = params
    const canonical = Object.keys(signed).sort().map((key) => `${key}=${signed[key]}`).join('\n')
    expect(signature).toBe(crypto.createHmac('sha256', SECRET).update(canonical).digest('hex'))
    const change = new URL(provider.checkoutUrl({ planSid: 'basic-yearly', userId: 9, locale: 'es', subscriptionId: 'sub-1', returnUrl: 'https://site.example/account/plan', now: new Date() }))
    expect(change.searchParams.get('action')).toBe('change')
    expect(change.searchParams.get('subscriptionId')).toBe('sub-1')
  })
})
