/**
 * Verotel FlexPay (controlcenter.verotel.com/flexpay-doc, and Verotel's own client libraries):
 *
 * Join: <brand host>/startorder?version=4&shopID=…&type=subscription&subscriptionType=recurring
 * &priceAmount=…&priceCurrency=…&period=P1M[&trialAmount=…&trialPeriod=P2D]&name=…&custom1=<user>
 * &custom2=<plan>&successURL=…&signature=…, signed as Verotel's clients sign: the lowercase hex
 * SHA-256 of "<signature key>:k1=v1:k2=v2…" over the FlexPay parameters, sorted by name, empty
 * ones left out. A member switching plans gets type=upgradesubscription&precedingSaleID=<sale>.
 * The member cancels at <brand host>/cancel-subscription?saleID=…&shopID=…&version=4&signature=….
 *
 * Postbacks: GET to the configured postback URL with event = initial, rebill, extend, downgrade,
 * cancel, uncancel, expiry, credit, chargeback, upgrade (none: a one-time purchase), saleID,
 * transactionID, shopID, amounts, custom1-3 and signature over every other parameter (the older
 * SHA-1 form is accepted too, as Verotel's clients do). The answer to a postback taken is the
 * body "OK"; anything else makes Verotel deliver it again.
 */
import crypto from 'node:crypto'
import { z } from 'zod'
import type { VerotelConfig } from '../../../config.js'
import { centsToDecimal, type BillingEventInput, type MoneyBackKind } from '../../../domain/billing/billing.js'
import type { PlanPeriod } from '../../../domain/billing/prices.js'
import type { AccountLinks, BillingProvider, CheckoutRequest, EventOutcome, Notification, WebhookAnswer, WebhookRequest } from '../provider.js'
import { WebhookRejected } from '../provider.js'
import { ProcessorAdapter, postbackFields, textAnswer } from './processor.js'
import { billingDate, count, currency, eventKey, id, money, read, sameText, sha256Hex, type Fields } from './fields.js'

const FLEXPAY_VERSION = '4'
/** The FlexPay parameters a startorder or cancel signature covers (Verotel's client libraries). */
const SIGNED =
  /^(version|shopID|price(Amount|Currency)|paymentMethod|description|referenceID|saleID|custom[123]|subscriptionType|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|precedingSaleID|upgradeOption|mcc|subCreditorName|subCreditorId|subCreditorCountry)$/
const PERIODS: Record<PlanPeriod, string> = { monthly: 'P1M', yearly: 'P12M', biyearly: 'P24M' }

/** "<key>:a=1:b=2" over the parameters sorted by name, hashed (lowercase hex). */
export function flexpaySignature(key: string, params: Record<string, string>, algorithm: 'sha256' | 'sha1' = 'sha256'): string {
  const sorted = Object.keys(params).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const text = [key, ...sorted.map((name) => `${name}=${params[name]}`)].join(':')
  return algorithm === 'sha256' ? sha256Hex(text) : crypto.createHash('sha1').update(text, 'utf8').digest('hex')
}

/** The signed parameters of a FlexPay request: empty values left out, then the signature over the FlexPay ones. */
export function signRequest(key: string, params: Record<string, string>): Record<string, string> {
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''))
  const signed = Object.fromEntries(Object.entries(present).filter(([name]) => SIGNED.test(name)))
  return { ...present, signature: flexpaySignature(key, signed) }
}

const toQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .concat('signature')
    .map((name) => `${name}=${encodeURIComponent(params[name]!)}`)
    .join('&')

const saleFields = z.object({ saleID: id })
const paid = saleFields.extend({
  transactionID: id,
  amount: money.optional(),
  currency: currency.optional(),
  priceAmount: money.optional(),
  priceCurrency: currency.optional(),
})
const initial = paid.extend({
  custom1: count(2_147_483_647).optional(),
  custom2: z.string().min(1).max(64),
  trialAmount: money.optional(),
  subscriptionPhase: z.enum(['trial', 'normal']).optional(),
  nextChargeOn: billingDate.optional(),
  precedingSaleID: id.optional(),
})
const dated = saleFields.extend({ nextChargeOn: billingDate.optional(), expiresOn: billingDate.optional() })

/** The amount a paid postback charged and its currency (amount/currency, or priceAmount/priceCurrency). */
function charged(e: z.infer<typeof paid>, eventId: string): { cents: number; currency: string } {
  const cents = e.amount ?? e.priceAmount
  const code = e.currency ?? e.priceCurrency
  if (cents === undefined || !code) throw new WebhookRejected(400, 'malformed: amount missing', eventId)
  return { cents, currency: code }
}

export class VerotelProvider extends ProcessorAdapter<VerotelConfig> implements BillingProvider {
  readonly id = 'verotel' as const
  /** FlexPay's upgradesubscription replaces the running subscription with the new plan's. */
  readonly changesPlans = true

  checkoutUrl({ plan, userId, subscriptionId, returnUrl }: CheckoutRequest): string {
    const trial = plan.trialDays && plan.trialDays > 0 && !subscriptionId ? plan.trialDays : null
    const params = signRequest(this.settings.signatureKey, {
      version: FLEXPAY_VERSION,
      shopID: this.settings.shopId,
      type: subscriptionId ? 'upgradesubscription' : 'subscription',
      subscriptionType: 'recurring',
      priceAmount: centsToDecimal(plan.priceCents),
      priceCurrency: plan.currency,
      period: PERIODS[plan.period],
      trialAmount: trial ? centsToDecimal(plan.trialPriceCents ?? 0) : '',
      trialPeriod: trial ? `P${trial}D` : '',
      name: plan.name.slice(0, 100),
      custom1: String(userId),
      custom2: plan.sid,
      precedingSaleID: subscriptionId ?? '',
      successURL: returnUrl,
    })
    return `${this.settings.baseUrl}/startorder?${toQuery(params)}`
  }

  /** The signed cancel page of the sale; the payment method only through a configured page. */
  accountLinks(subscriptionId: string): AccountLinks {
    const params = signRequest(this.settings.signatureKey, { saleID: subscriptionId, shopID: this.settings.shopId, version: FLEXPAY_VERSION })
    return {
      cancelUrl: this.billing.cancelUrl ?? `${this.settings.baseUrl}/cancel-subscription?${toQuery(params)}`,
      updatePaymentUrl: this.billing.updateUrl,
    }
  }

  receive(request: WebhookRequest): Notification {
    this.requireAllowedSource(request)
    const fields = postbackFields(request)
    const { signature = '', ...signed } = fields
    const given = signature.toLowerCase()
    const valid =
      sameText(flexpaySignature(this.settings.signatureKey, signed), given) || sameText(flexpaySignature(this.settings.signatureKey, signed, 'sha1'), given)
    if (!valid) throw new WebhookRejected(401, 'invalid signature')
    if (!sameText(this.settings.shopId, fields.shopID ?? '')) throw new WebhookRejected(403, 'not for the configured shop')
    const event = fields.event ?? ''
    if (!/^[a-z]{0,32}$/.test(event)) throw new WebhookRejected(400, 'malformed: event')
    return { event: this.toEvent(event, fields, request.receivedAt), fields }
  }

  private toEvent(event: string, fields: Fields, at: Date): BillingEventInput {
    const transactionKey = eventKey(event || 'purchase', fields.transactionID ?? fields.saleID ?? '')
    switch (event) {
      case 'initial':
      case 'upgrade': {
        const e = read(initial, fields, transactionKey)
        const money = charged(e, transactionKey)
        const replaces = event === 'upgrade' ? (e.precedingSaleID ?? null) : null
        if (!replaces && e.custom1 === undefined) throw new WebhookRejected(400, 'malformed: custom1 (the member) missing', transactionKey)
        const trial = e.trialAmount !== undefined ? true : e.subscriptionPhase ? e.subscriptionPhase === 'trial' : null
        return {
          kind: 'sale',
          eventId: transactionKey,
          occurredAt: at,
          subscriptionId: e.saleID,
          userId: e.custom1 ?? null,
          planSid: e.custom2,
          trial,
          trialDays: null,
          initialCents: e.trialAmount ?? money.cents,
          recurringCents: e.trialAmount !== undefined ? (e.priceAmount ?? null) : trial === false ? money.cents : null,
          currency: money.currency,
          nextRenewalAt: e.nextChargeOn ?? null,
          replaces,
        }
      }
      case 'rebill': {
        const e = read(paid.extend({ nextChargeOn: billingDate.optional() }), fields, transactionKey)
        const money = charged(e, transactionKey)
        return {
          kind: 'renewal',
          eventId: transactionKey,
          occurredAt: at,
          subscriptionId: e.saleID,
          amountCents: money.cents,
          currency: money.currency,
          nextRenewalAt: e.nextChargeOn ?? null,
        }
      }
      case 'credit':
      case 'chargeback': {
        const kind: MoneyBackKind = event === 'credit' ? 'refund' : 'chargeback'
        const e = read(paid, fields, transactionKey)
        const money = charged(e, transactionKey)
        return { kind, eventId: transactionKey, occurredAt: at, subscriptionId: e.saleID, amountCents: money.cents, currency: money.currency }
      }
      case 'extend':
      case 'cancel':
      case 'uncancel':
      case 'expiry': {
        const e = read(dated, fields)
        const until = e.nextChargeOn ?? e.expiresOn
        const eventId = eventKey(event, e.saleID, (fields.nextChargeOn ?? fields.expiresOn ?? '').replace(/\D/g, ''))
        if (event === 'extend') {
          if (!until) throw new WebhookRejected(400, 'malformed: nextChargeOn or expiresOn missing', eventId)
          return { kind: 'extend', eventId, occurredAt: at, subscriptionId: e.saleID, until }
        }
        return { kind: event === 'expiry' ? 'expire' : event, eventId, occurredAt: at, subscriptionId: e.saleID }
      }
      default:
        // downgrade (a lower price for later rebills; the plan stays), one-time purchases, new types.
        read(saleFields, fields)
        return {
          kind: 'ignored',
          eventId: eventKey(event || 'purchase', fields.transactionID ?? fields.saleID!, (fields.nextChargeOn ?? fields.priceAmount ?? '').replace(/\D/g, '')),
          occurredAt: at,
          type: event || 'purchase',
        }
    }
  }

  answer(result: EventOutcome | WebhookRejected): WebhookAnswer {
    if (result instanceof WebhookRejected) return textAnswer(result.status, `ERROR - ${result.reason}`)
    return textAnswer(200, 'OK')
  }
}
