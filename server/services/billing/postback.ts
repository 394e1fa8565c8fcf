/**
 * The postback adapter: notifications shaped like an adult-industry processor's webhooks
 * (CCBill's Webhooks are the model: event names such as NewSaleSuccess, RenewalSuccess,
 * Cancellation, Expiration, Refund, Chargeback; a flat set of fields, form- or JSON-encoded;
 * prices as decimal text; custom fields passed through the payment form come back as X-…).
 *
 * What this product adds to that shape, and a processor account must be set up to send:
 *  - the header X-Postback-Signature: sha256=<hex HMAC-SHA256 of the raw body with the
 *    shared secret>, checked in constant time before anything is read;
 *  - eventId, unique per notification (the product ignores a notification it has seen);
 *  - eventType inside the signed body (a query parameter would not be covered by the
 *    signature);
 *  - PlanChangeScheduled: a plan change (downgrade) from the end of the paid period.
 * Every field is documented in the README (Billing).
 */
import crypto from 'node:crypto'
import { z } from 'zod'
import { parseCents, type BillingEventInput } from '../../domain/billing.js'
import type { BillingProvider, CheckoutRequest, ParsedNotification } from './provider.js'
import { WebhookRejected } from './provider.js'

export const SIGNATURE_HEADER = 'x-postback-signature'

export function hmacHex(secret: string, data: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(data).digest('hex')
}

/** Constant-time comparison of two hex digests (different lengths are simply unequal). */
export function sameDigest(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

const id = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'invalid id')
const money = z.string().transform((text, ctx) => {
  const cents = parseCents(text)
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid amount' })
    return z.NEVER
  }
  return cents
})
const currency = z.string().regex(/^[A-Z]{3}$/, 'invalid currency')
/** ISO 8601 with a zone, or the processor's "YYYY-MM-DD HH:MM:SS" (UTC), or a date (00:00 UTC). */
const instant = z.string().transform((text, ctx) => {
  const value = text.trim()
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
        ? value
        : null
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'invalid date' })
    return z.NEVER
  }
  return date
})
const positiveInt = (max: number) => z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().min(1).max(max))

const base = z.object({ eventType: z.string().regex(/^[A-Za-z]{1,64}$/), eventId: id, timestamp: instant })
const withSubscription = base.extend({ subscriptionId: id, transactionId: id.optional() })

const sale = withSubscription.extend({
  'X-userId': positiveInt(2_147_483_647),
  'X-planSid': z.string().min(1).max(64),
  billedInitialPrice: money,
  billedRecurringPrice: money,
  billedCurrency: currency,
  trialDays: z.string().regex(/^\d{1,3}$/).transform(Number).optional(),
  nextRenewalDate: instant.optional(),
})
const renewal = withSubscription.extend({ billedAmount: money, billedCurrency: currency, nextRenewalDate: instant.optional() })
const change = withSubscription.extend({ newPlanSid: z.string().min(1).max(64), effectiveDate: instant.optional() })
const moneyBack = withSubscription.extend({ amount: money, currency })

/** The fields every event about a subscription carries, as the product names them. */
const about = (e: z.infer<typeof withSubscription>) => ({ eventId: e.eventId, occurredAt: e.timestamp, subscriptionId: e.subscriptionId })

/** The event types of the wire format and how each becomes a product event. */
const EVENTS: Record<string, (fields: Fields) => BillingEventInput> = {
  NewSaleSuccess: (fields) => {
    const e = sale.parse(fields)
    return {
      kind: 'sale',
      ...about(e),
      userId: e['X-userId'],
      planSid: e['X-planSid'],
      trialDays: e.trialDays ? e.trialDays : null,
      initialCents: e.billedInitialPrice,
      recurringCents: e.billedRecurringPrice,
      currency: e.billedCurrency,
      nextRenewalAt: e.nextRenewalDate ?? null,
    }
  },
  RenewalSuccess: (fields) => {
    const e = renewal.parse(fields)
    return { kind: 'renewal', ...about(e), amountCents: e.billedAmount, currency: e.billedCurrency, nextRenewalAt: e.nextRenewalDate ?? null }
  },
  Cancellation: (fields) => ({ kind: 'cancel', ...about(withSubscription.parse(fields)) }),
  PlanChangeScheduled: (fields) => {
    const e = change.parse(fields)
    return { kind: 'change', ...about(e), planSid: e.newPlanSid, effectiveAt: e.effectiveDate ?? null }
  },
  Expiration: (fields) => ({ kind: 'expire', ...about(withSubscription.parse(fields)) }),
  Refund: (fields) => moneyBackEvent('refund', fields),
  Chargeback: (fields) => moneyBackEvent('chargeback', fields),
}

type Fields = Record<string, string>

function moneyBackEvent(kind: 'refund' | 'chargeback', fields: Fields): BillingEventInput {
  const e = moneyBack.parse(fields)
  return { kind, ...about(e), amountCents: e.amount, currency: e.currency }
}

/** The body's fields as text: form-encoded, or a flat JSON object of strings and numbers. */
export function decodeFields(rawBody: Buffer, contentType: string | undefined): Fields {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  const text = rawBody.toString('utf8')
  if (type === 'application/x-www-form-urlencoded') {
    const fields: Fields = {}
    for (const [key, value] of new URLSearchParams(text)) {
      if (key in fields) throw new WebhookRejected(400, `malformed: field ${key} repeated`)
      fields[key] = value
    }
    return fields
  }
  if (type === 'application/json') {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new WebhookRejected(400, 'malformed: not JSON')
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WebhookRejected(400, 'malformed: not a JSON object')
    const fields: Fields = {}
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') fields[key] = value
      else if (typeof value === 'number' && Number.isFinite(value)) fields[key] = String(value)
      else if (value !== null) throw new WebhookRejected(400, `malformed: field ${key} is not text`)
    }
    return fields
  }
  throw new WebhookRejected(415, 'unsupported content type')
}

/** Turns decoded fields into a product event; a malformed notification is rejected with 400. */
export function parsePostback(fields: Fields): BillingEventInput {
  const header = base.safeParse(fields)
  if (!header.success) throw malformed(header.error, fields)
  const { eventType, eventId, timestamp } = header.data
  const toEvent = Object.hasOwn(EVENTS, eventType) ? EVENTS[eventType] : undefined
  if (!toEvent) return { kind: 'ignored', eventId, occurredAt: timestamp, type: eventType }
  try {
    return toEvent(fields)
  } catch (error) {
    if (error instanceof z.ZodError) throw malformed(error, fields)
    throw error
  }
}

function malformed(error: z.ZodError, fields: Fields): WebhookRejected {
  const issue = error.issues[0]
  const eventId = typeof fields.eventId === 'string' && id.safeParse(fields.eventId).success ? fields.eventId : undefined
  return new WebhookRejected(400, `malformed: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(), eventId)
}

/** The payment form's parameters in a fixed order, as signed. */
function canonical(params: URLSearchParams): string {
  return [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join('\n')
}

export class PostbackProvider implements BillingProvider {
  readonly id = 'postback'

  constructor(
    private readonly secret: string,
    private readonly joinUrl: string | null,
  ) {}

  checkoutUrl(request: CheckoutRequest): string {
    if (!this.joinUrl) throw new Error('no payment form configured (BILLING_JOIN_URL)')
    const params = new URLSearchParams({
      plan: request.planSid,
      language: request.locale,
      'X-userId': String(request.userId),
      'X-planSid': request.planSid,
      action: request.subscriptionId ? 'change' : 'join',
      returnUrl: request.returnUrl,
      timestamp: String(Math.floor(request.now.getTime() / 1000)),
    })
    if (request.subscriptionId) params.set('subscriptionId', request.subscriptionId)
    params.set('signature', hmacHex(this.secret, canonical(params)))
    const url = new URL(this.joinUrl)
    for (const [key, value] of params) url.searchParams.set(key, value)
    return url.toString()
  }

  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    const header = headers[SIGNATURE_HEADER]
    if (typeof header !== 'string' || !header.startsWith('sha256=')) return false
    return sameDigest(hmacHex(this.secret, rawBody), header.slice('sha256='.length).trim().toLowerCase())
  }

  parse(rawBody: Buffer, contentType: string | undefined): ParsedNotification {
    const fields = decodeFields(rawBody, contentType)
    return { event: parsePostback(fields), fields }
  }

  /** A notification as the processor sends it: form-encoded fields and their signature. */
  encode(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
    const payload = new URLSearchParams(fields).toString()
    return {
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: `sha256=${hmacHex(this.secret, payload)}` },
    }
  }
}
