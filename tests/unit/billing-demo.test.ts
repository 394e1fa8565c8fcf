import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { WebhookRequest } from '../../core/services/billing/provider.js'
import { DemoProvider, parseDemoNotification } from '../../core/services/billing/providers/demo.js'
import { bodyFields, sameText } from '../../core/services/billing/providers/fields.js'
import { rejection } from '../support/billing.js'
import { testConfig } from '../support/config.js'

const config = testConfig().billing
const SECRET = config.demoSecret
const provider = new DemoProvider(config)
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

const request = (body: string, contentType: string | undefined, headers: Record<string, string> = {}): WebhookRequest => ({
  method: 'POST',
  query: '',
  rawBody: Buffer.from(body),
  contentType,
  headers,
  sourceIp: '127.0.0.1',
  receivedAt: new Date(),
})

describe('signature', () => {
  const body = new URLSearchParams(SALE).toString()
  const form = 'application/x-www-form-urlencoded'

  it('accepts the HMAC-SHA256 of the raw body with the demo key', () => {
    expect(provider.receive(request(body, form, { 'x-postback-signature': sign(body) })).event.kind).toBe('sale')
    expect(provider.verify(Buffer.from(body), sign(body).toUpperCase().replace('SHA256=', 'sha256='))).toBe(true)
  })

  it('refuses another key, another body, a missing or odd header', () => {
    expect(rejection(() => provider.receive(request(body, form, { 'x-postback-signature': sign(body, 'another-secret-another-secret-1234') }))).status).toBe(
      401,
    )
    expect(provider.verify(Buffer.from(body + '&x=1'), sign(body))).toBe(false)
    expect(provider.verify(Buffer.from(body), undefined)).toBe(false)
    expect(provider.verify(Buffer.from(body), ['a', 'b'])).toBe(false)
    expect(provider.verify(Buffer.from(body), sign(body).slice('sha256='.length))).toBe(false)
    expect(provider.verify(Buffer.from(body), 'sha256=')).toBe(false)
  })

  it('compares digests of different lengths without throwing', () => {
    expect(sameText('abc', 'abcd')).toBe(false)
    expect(sameText('abc', 'abc')).toBe(true)
  })

  it('signs the notifications it encodes the way it verifies them', () => {
    const { payload, headers } = provider.encode(SALE)
    expect(headers['content-type']).toBe(form)
    expect(provider.receive(request(payload, headers['content-type'], headers)).event.kind).toBe('sale')
  })
})

describe('event parsing', () => {
  it('reads a form-encoded new sale with trial, prices in integer cents', () => {
    const body = new URLSearchParams(SALE).toString()
    const { event, fields } = provider.receive(request(body, 'application/x-www-form-urlencoded; charset=utf-8', { 'x-postback-signature': sign(body) }))
    expect(event).toEqual({
      kind: 'sale',
      eventId: 'evt-1',
      occurredAt: new Date('2026-11-23T10:15:00Z'),
      subscriptionId: '0912191101000000159',
      userId: 42,
      planSid: 'premium-monthly',
      trial: true,
      trialDays: 3,
      initialCents: 0,
      recurringCents: 2499,
      currency: 'EUR',
      nextRenewalAt: null,
      replaces: null,
    })
    expect(fields['X-planSid']).toBe('premium-monthly')
  })

  it('reads JSON with numbers as text (long ids stay exact), and a sale without trial', () => {
    const { trialDays: _omit, ...noTrial } = SALE
    const json = JSON.stringify({ ...noTrial, 'X-userId': 42, billedInitialPrice: '24.99', nextRenewalDate: '2026-12-23' }).replace(
      '"0912191101000000159"',
      '912191101000000159',
    )
    const { event } = provider.receive(request(json, 'application/json', { 'x-postback-signature': sign(json) }))
    expect(event).toMatchObject({
      kind: 'sale',
      userId: 42,
      subscriptionId: '912191101000000159',
      trial: false,
      trialDays: null,
      initialCents: 2499,
      nextRenewalAt: new Date('2026-12-23T00:00:00Z'),
    })
  })

  it('maps every event type', () => {
    const common = { eventId: 'e', timestamp: '2026-11-23T10:00:00+01:00', subscriptionId: 's' }
    expect(parseDemoNotification({ ...common, eventType: 'RenewalSuccess', billedAmount: '24.99', billedCurrency: 'EUR' })).toMatchObject({
      kind: 'renewal',
      amountCents: 2499,
      occurredAt: new Date('2026-11-23T09:00:00Z'),
    })
    expect(parseDemoNotification({ ...common, eventType: 'Cancellation', reason: 'customer' })).toMatchObject({ kind: 'cancel', subscriptionId: 's' })
    expect(parseDemoNotification({ ...common, eventType: 'PlanChangeScheduled', newPlanSid: 'basic-monthly' })).toMatchObject({
      kind: 'change',
      planSid: 'basic-monthly',
      effectiveAt: null,
    })
    expect(parseDemoNotification({ ...common, eventType: 'Expiration' })).toMatchObject({ kind: 'expire' })
    expect(parseDemoNotification({ ...common, eventType: 'Refund', amount: '24.99', currency: 'EUR' })).toMatchObject({ kind: 'refund', amountCents: 2499 })
    expect(parseDemoNotification({ ...common, eventType: 'Chargeback', amount: '5', currency: '978' })).toMatchObject({
      kind: 'chargeback',
      amountCents: 500,
      currency: 'EUR',
    })
    expect(parseDemoNotification({ ...common, eventType: 'RenewalFailure' })).toMatchObject({ kind: 'ignored', type: 'RenewalFailure' })
  })

  it('refuses malformed notifications with 400, naming the field', () => {
    expect(rejection(() => parseDemoNotification({ ...SALE, billedRecurringPrice: '24.999' })).reason).toMatch(/billedRecurringPrice/)
    expect(rejection(() => parseDemoNotification({ ...SALE, 'X-userId': '0' })).status).toBe(400)
    expect(rejection(() => parseDemoNotification({ ...SALE, timestamp: '2026-13-45 99:00:00' })).reason).toMatch(/timestamp/)
    expect(rejection(() => parseDemoNotification({ ...SALE, billedCurrency: 'euro' })).reason).toMatch(/billedCurrency/)
    const { eventId: _omit, ...noId } = SALE
    const missing = rejection(() => parseDemoNotification(noId))
    expect(missing).toMatchObject({ status: 400, eventId: undefined })
    expect(rejection(() => parseDemoNotification({ ...SALE, subscriptionId: '' })).eventId).toBe('evt-1')
  })

  it('refuses bodies that are not flat fields', () => {
    const fields = (body: string, type: string | undefined) => () => bodyFields(request(body, type), 'reject')
    expect(rejection(fields('a=1&a=2', 'application/x-www-form-urlencoded')).status).toBe(400)
    expect(rejection(fields('{"a":{"b":1}}', 'application/json')).status).toBe(400)
    expect(rejection(fields('null', 'application/json')).status).toBe(400)
    expect(rejection(fields('a=1', 'text/plain')).status).toBe(415)
    expect(rejection(fields('a=1', undefined)).status).toBe(415)
    expect(bodyFields(request('', undefined), 'reject').fields).toEqual({})
    expect(bodyFields(request('{"a":{"b":"1"},"c":"2"}', 'application/json'), 'ignore')).toEqual({ fields: { c: '2' }, objects: { a: { b: '1' } } })
  })
})

describe('links', () => {
  it('the join link leads to the demo checkout; the account links are the configured pages', () => {
    const plan = {
      id: 1,
      sid: 'premium-yearly',
      name: 'Premium',
      period: 'yearly' as const,
      priceCents: 14388,
      currency: 'EUR',
      trialDays: 7,
      trialPriceCents: 199,
    }
    expect(provider.checkoutUrl({ plan, userId: 9, locale: 'es', subscriptionId: null, returnUrl: 'https://site.example/account/plan', now: new Date() })).toBe(
      '/demo-checkout?plan=premium-yearly&locale=es',
    )
    expect(provider.accountLinks()).toEqual({
      cancelUrl: 'https://billing-support.example.com/subscriptions/cancel',
      updatePaymentUrl: 'https://billing-support.example.com/subscriptions/update',
    })
  })
})
