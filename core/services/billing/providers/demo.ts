/**
 * The demo processor: the local demo checkout (/demo-checkout) stands in for a payment form,
 * and its "pay" posts this adapter's notification through the server's own HTTP stack to
 * POST /billing/webhook/demo, so a membership comes only from a verified webhook here too.
 *
 * The wire format follows an adult-industry processor's webhooks (CCBill's names: eventType
 * NewSaleSuccess, RenewalSuccess, Cancellation…; flat fields, form- or JSON-encoded; prices
 * as decimal text; pass-through fields X-…) with what a self-made processor must add:
 *  - the header X-Postback-Signature: sha256=<hex HMAC-SHA256 of the raw body>, checked in
 *    constant time before anything is read (the key is derived from APP_SECRET);
 *  - eventId, unique per notification, and eventType inside the signed body;
 *  - PlanChangeScheduled: a plan change (downgrade) from the end of the paid period.
 * docs/billing.md, "The demo processor", lists every field.
 */
import { z } from 'zod'
import type { BillingConfig } from '../../../config.js'
import type { BillingEventInput, MoneyBackKind } from '../../../domain/billing/billing.js'
import type { AccountLinks, BillingProvider, CheckoutRequest, EventOutcome, Notification, WebhookAnswer, WebhookRequest } from '../provider.js'
import { WebhookRejected } from '../provider.js'
import { bodyFields, count, currency, hmacHex, id, instant, money, read, sameText, type Fields } from './fields.js'

export const SIGNATURE_HEADER = 'x-postback-signature'

const base = z.object({ eventType: z.string().regex(/^[A-Za-z]{1,64}$/, 'invalid event type'), eventId: id, timestamp: instant })
const withSubscription = base.extend({ subscriptionId: id, transactionId: id.optional() })

const sale = withSubscription.extend({
  'X-userId': count(2_147_483_647),
  'X-planSid': z.string().min(1).max(64),
  billedInitialPrice: money,
  billedRecurringPrice: money,
  billedCurrency: currency,
  trialDays: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .optional(),
  nextRenewalDate: instant.optional(),
})
const renewal = withSubscription.extend({ billedAmount: money, billedCurrency: currency, nextRenewalDate: instant.optional() })
const change = withSubscription.extend({ newPlanSid: z.string().min(1).max(64), effectiveDate: instant.optional() })
const moneyBack = withSubscription.extend({ amount: money, currency })

/** The fields every event about a subscription carries, as the product names them. */
const about = (e: z.infer<typeof withSubscription>) => ({ eventId: e.eventId, occurredAt: e.timestamp, subscriptionId: e.subscriptionId })

/** The event types of the wire format and how each becomes a product event. */
const EVENTS: Record<string, (fields: Fields, eventId: string) => BillingEventInput> = {
  NewSaleSuccess: (fields, eventId) => {
    const e = read(sale, fields, eventId)
    return {
      kind: 'sale',
      ...about(e),
      userId: e['X-userId'],
      planSid: e['X-planSid'],
      trial: Boolean(e.trialDays),
      trialDays: e.trialDays ? e.trialDays : null,
      initialCents: e.billedInitialPrice,
      recurringCents: e.billedRecurringPrice,
      currency: e.billedCurrency,
      nextRenewalAt: e.nextRenewalDate ?? null,
      replaces: null,
    }
  },
  RenewalSuccess: (fields, eventId) => {
    const e = read(renewal, fields, eventId)
    return { kind: 'renewal', ...about(e), amountCents: e.billedAmount, currency: e.billedCurrency, nextRenewalAt: e.nextRenewalDate ?? null }
  },
  Cancellation: (fields, eventId) => ({ kind: 'cancel', ...about(read(withSubscription, fields, eventId)) }),
  PlanChangeScheduled: (fields, eventId) => {
    const e = read(change, fields, eventId)
    return { kind: 'change', ...about(e), planSid: e.newPlanSid, effectiveAt: e.effectiveDate ?? null }
  },
  Expiration: (fields, eventId) => ({ kind: 'expire', ...about(read(withSubscription, fields, eventId)) }),
  Refund: (fields, eventId) => moneyBackEvent('refund', fields, eventId),
  Chargeback: (fields, eventId) => moneyBackEvent('chargeback', fields, eventId),
}

function moneyBackEvent(kind: MoneyBackKind, fields: Fields, eventId: string): BillingEventInput {
  const e = read(moneyBack, fields, eventId)
  return { kind, ...about(e), amountCents: e.amount, currency: e.currency }
}

/** Turns decoded fields into a product event; a malformed notification is rejected with 400. */
export function parseDemoNotification(fields: Fields): BillingEventInput {
  const eventId = id.safeParse(fields.eventId).success ? fields.eventId : undefined
  const { eventType, timestamp } = read(base, fields, eventId)
  const toEvent = Object.hasOwn(EVENTS, eventType) ? EVENTS[eventType] : undefined
  if (!toEvent) return { kind: 'ignored', eventId: fields.eventId!, occurredAt: timestamp, type: eventType }
  return toEvent(fields, fields.eventId!)
}

export class DemoProvider implements BillingProvider {
  readonly id = 'demo' as const
  readonly changesPlans = true

  constructor(private readonly config: BillingConfig) {}

  /** The demo checkout page (the join link only goes there while it is switched on). */
  checkoutUrl(request: CheckoutRequest): string {
    return `/demo-checkout?${new URLSearchParams({ plan: request.plan.sid, locale: request.locale })}`
  }

  accountLinks(): AccountLinks {
    return { cancelUrl: this.config.cancelUrl!, updatePaymentUrl: this.config.updateUrl! }
  }

  /** True when the raw body carries the HMAC of the demo's key (constant-time compare). */
  verify(rawBody: Buffer, header: string | string[] | undefined): boolean {
    if (typeof header !== 'string' || !header.startsWith('sha256=')) return false
    return sameText(hmacHex(this.config.demoSecret, rawBody), header.slice('sha256='.length).trim().toLowerCase())
  }

  receive(request: WebhookRequest): Notification {
    if (!this.verify(request.rawBody, request.headers[SIGNATURE_HEADER])) throw new WebhookRejected(401, 'invalid signature')
    const { fields } = bodyFields(request, 'reject')
    return { event: parseDemoNotification(fields), fields }
  }

  answer(result: EventOutcome | WebhookRejected): WebhookAnswer {
    const body = result instanceof WebhookRejected ? { ok: false, error: result.reason } : { ok: true, result: result.result }
    return { status: result instanceof WebhookRejected ? result.status : 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) }
  }

  /** A notification as the demo checkout sends it: form-encoded fields and their signature. */
  encode(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
    const payload = new URLSearchParams(fields).toString()
    return {
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: `sha256=${hmacHex(this.config.demoSecret, payload)}` },
    }
  }
}
