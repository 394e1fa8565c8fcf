/**
 * CCBill (ccbill.com/doc): joins through a FlexForms payment flow with Dynamic Pricing, and
 * Webhooks for everything that follows.
 *
 * Join: https://api.ccbill.com/wap-frontflex/flexforms/<Flex ID>?clientSubacc=…&initialPrice=…
 * &initialPeriod=…&recurringPrice=…&recurringPeriod=…&numRebills=…&currencyCode=…&formDigest=…
 * where formDigest = md5(initialPrice + initialPeriod + recurringPrice + recurringPeriod +
 * numRebills + currencyCode + salt) (single billing: md5(initialPrice + initialPeriod +
 * currencyCode + salt)); prices with two decimals, periods in days, currencyCode ISO 4217
 * numeric. A trial is the initial price and period. The member and the plan ride along as
 * the pass-through fields X-userId and X-planSid and come back in the webhooks.
 *
 * Webhooks: POST to the configured URL with ?clientAccnum=…&clientSubacc=…&eventType=…
 * &eventGroupType=…, body form-encoded or JSON. CCBill signs nothing, so a notification counts
 * only from CCBill's published source ranges (CCBILL_ALLOWED_IPS), for the configured account
 * and subaccount, and a NewSaleSuccess only with dynamicPricingValidationDigest =
 * md5(subscriptionId + "1" + salt), which proves the sale came from a form this site signed.
 * Any 200 answer acknowledges; the body is "OK".
 */
import { z } from 'zod'
import type { CcbillConfig } from '../../../config.js'
import { centsToDecimal, type BillingEventInput, type MoneyBackKind } from '../../../domain/billing/billing.js'
import type { PlanPeriod } from '../../../domain/billing/prices.js'
import type { AccountLinks, BillingProvider, CheckoutRequest, EventOutcome, Notification, WebhookAnswer, WebhookRequest } from '../provider.js'
import { CheckoutUnavailable, WebhookRejected } from '../provider.js'
import { ProcessorAdapter, textAnswer } from './processor.js'
import {
  billingDate,
  bodyFields,
  count,
  currency,
  currencyNumber,
  eventKey,
  formFields,
  id,
  instant,
  md5Hex,
  mergeFields,
  money,
  read,
  sameText,
  type Fields,
} from './fields.js'

const FLEXFORMS_URL = 'https://api.ccbill.com/wap-frontflex/flexforms'
/** CCBill's consumer support site, where members look up, cancel and update their subscriptions. */
const CCBILL_SUPPORT_URL = 'https://support.ccbill.com'
/** Rebills of an open-ended subscription. */
const NUM_REBILLS = 99
/** Billing periods in days (CCBill's periods are days). */
const PERIOD_DAYS: Record<PlanPeriod, number> = { monthly: 30, yearly: 365, biyearly: 730 }

/** The FlexForms formDigest of a recurring price (initial, then recurring) or a single one. */
export function formDigest(
  salt: string,
  price: { initialPrice: string; initialPeriod: number; currencyCode: string; recurringPrice?: string; recurringPeriod?: number; numRebills?: number },
): string {
  const recurring = price.recurringPrice === undefined ? '' : `${price.recurringPrice}${price.recurringPeriod}${price.numRebills}`
  return md5Hex(`${price.initialPrice}${price.initialPeriod}${recurring}${price.currencyCode}${salt}`)
}

/** The digest a webhook of an approved Dynamic Pricing sale carries. */
export const saleDigest = (salt: string, subscriptionId: string) => md5Hex(`${subscriptionId}1${salt}`)

const common = z.object({ timestamp: instant, subscriptionId: id })
const transaction = common.extend({ transactionId: id })
const sale = transaction.extend({
  'X-userId': count(2_147_483_647).optional(),
  'X-planSid': z.string().min(1).max(64),
  billedInitialPrice: money,
  billedRecurringPrice: money.optional(),
  billedCurrencyCode: currency,
  initialPeriod: count(10_000),
  recurringPeriod: count(10_000).optional(),
  nextRenewalDate: billingDate.optional(),
  originalSubscriptionId: id.optional(),
})
const renewal = transaction.extend({ billedAmount: money, billedCurrencyCode: currency, nextRenewalDate: billingDate.optional() })
/** Refund, Chargeback, Void: the amount with currencyCode (number) or currency (letters). */
const moneyBack = transaction.extend({ amount: money, currencyCode: currency.optional(), currency: currency.optional() })
const dateChange = common.extend({ nextRenewalDate: billingDate })

/** The account numbers zero-filled (a JSON body may send subaccount 0000 as the number 0). */
function account(fields: Fields): Fields {
  const filled = { ...fields }
  if (/^\d{1,6}$/.test(filled.clientAccnum ?? '')) filled.clientAccnum = filled.clientAccnum!.padStart(6, '0')
  if (/^\d{1,4}$/.test(filled.clientSubacc ?? '')) filled.clientSubacc = filled.clientSubacc!.padStart(4, '0')
  return filled
}

/** "2012-08-05 15:18:17" → "20120805151817", for event keys. */
const compact = (timestamp: string) => timestamp.replace(/\D/g, '')

export class CcbillProvider extends ProcessorAdapter<CcbillConfig> implements BillingProvider {
  readonly id = 'ccbill' as const
  /** FlexForms joins start new subscriptions; switching a running one needs CCBill's upgrade setup. */
  readonly changesPlans = false

  checkoutUrl({ plan, userId, subscriptionId }: CheckoutRequest): string {
    if (subscriptionId) throw new Error('CCBill joins cannot switch a running subscription')
    const currencyCode = currencyNumber(plan.currency)
    if (!currencyCode) throw new CheckoutUnavailable(`CCBill Dynamic Pricing has no currency code for ${plan.currency} (plan ${plan.sid})`)
    const trial = plan.trialDays && plan.trialDays > 0 ? plan.trialDays : null
    const recurringPrice = centsToDecimal(plan.priceCents)
    const recurringPeriod = PERIOD_DAYS[plan.period]
    const price = {
      initialPrice: trial ? centsToDecimal(plan.trialPriceCents ?? 0) : recurringPrice,
      initialPeriod: trial ?? recurringPeriod,
      recurringPrice,
      recurringPeriod,
      numRebills: NUM_REBILLS,
      currencyCode,
    }
    const params = new URLSearchParams({
      clientSubacc: this.settings.clientSubacc,
      initialPrice: price.initialPrice,
      initialPeriod: String(price.initialPeriod),
      recurringPrice: price.recurringPrice,
      recurringPeriod: String(price.recurringPeriod),
      numRebills: String(price.numRebills),
      currencyCode,
      formDigest: formDigest(this.settings.salt, price),
      'X-userId': String(userId),
      'X-planSid': plan.sid,
    })
    return `${FLEXFORMS_URL}/${encodeURIComponent(this.settings.flexFormId)}?${params}`
  }

  accountLinks(): AccountLinks {
    return this.supportSiteLinks(CCBILL_SUPPORT_URL)
  }

  receive(request: WebhookRequest): Notification {
    this.requireAllowedSource(request)
    const body = bodyFields(request, 'ignore')
    const fields = mergeFields(account(formFields(request.query)), account(body.fields))
    // JSON webhooks may carry the pass-through fields in an object of their own.
    for (const [key, value] of Object.entries(body.objects.passThrough ?? {})) {
      if (typeof value === 'string' && !Object.hasOwn(fields, key)) fields[key] = value
    }
    if (!sameText(this.settings.clientAccnum, fields.clientAccnum ?? '') || !sameText(this.settings.clientSubacc, fields.clientSubacc ?? '')) {
      throw new WebhookRejected(403, 'not for the configured account')
    }
    const eventType = fields.eventType ?? ''
    if (!/^[A-Za-z]{1,64}$/.test(eventType)) throw new WebhookRejected(400, 'malformed: eventType missing')
    if (eventType === 'NewSaleSuccess' || (eventType === 'UpgradeSuccess' && fields.dynamicPricingValidationDigest !== undefined)) {
      const expected = saleDigest(this.settings.salt, fields.subscriptionId ?? '')
      if (!sameText(expected, (fields.dynamicPricingValidationDigest ?? '').toLowerCase())) throw new WebhookRejected(401, 'invalid digest')
    }
    return { event: this.toEvent(eventType, fields), fields }
  }

  /** CCBill's event types as the product's events (types without effect are acknowledged). */
  private toEvent(eventType: string, fields: Fields): BillingEventInput {
    const key = (ref: string | undefined) => eventKey(eventType, ref ?? `${fields.subscriptionId ?? ''}:${compact(fields.timestamp ?? '')}`)
    const transactionKey = key(fields.transactionId)
    const stateKey = key(undefined)
    switch (eventType) {
      case 'NewSaleSuccess':
      case 'UpgradeSuccess': {
        const e = read(sale, fields, transactionKey)
        const replaces = eventType === 'UpgradeSuccess' ? (e.originalSubscriptionId ?? null) : null
        if (!replaces && e['X-userId'] === undefined) throw new WebhookRejected(400, 'malformed: X-userId missing', transactionKey)
        return {
          kind: 'sale',
          eventId: transactionKey,
          occurredAt: e.timestamp,
          subscriptionId: e.subscriptionId,
          userId: e['X-userId'] ?? null,
          planSid: e['X-planSid'],
          trial: e.recurringPeriod === undefined ? null : e.initialPeriod !== e.recurringPeriod,
          trialDays: e.recurringPeriod !== undefined && e.initialPeriod !== e.recurringPeriod ? e.initialPeriod : null,
          initialCents: e.billedInitialPrice,
          recurringCents: e.billedRecurringPrice ?? null,
          currency: e.billedCurrencyCode,
          nextRenewalAt: e.nextRenewalDate ?? null,
          replaces,
        }
      }
      case 'RenewalSuccess': {
        const e = read(renewal, fields, transactionKey)
        return {
          kind: 'renewal',
          eventId: transactionKey,
          occurredAt: e.timestamp,
          subscriptionId: e.subscriptionId,
          amountCents: e.billedAmount,
          currency: e.billedCurrencyCode,
          nextRenewalAt: e.nextRenewalDate ?? null,
        }
      }
      case 'Refund':
      case 'Chargeback':
      case 'Void': {
        const kind = eventType.toLowerCase() as MoneyBackKind
        const e = read(moneyBack, fields, transactionKey)
        const paid = e.currencyCode ?? e.currency
        if (!paid) throw new WebhookRejected(400, 'malformed: currencyCode missing', transactionKey)
        return { kind, eventId: transactionKey, occurredAt: e.timestamp, subscriptionId: e.subscriptionId, amountCents: e.amount, currency: paid }
      }
      case 'Cancellation':
      case 'Expiration': {
        const e = read(common, fields, stateKey)
        return { kind: eventType === 'Cancellation' ? 'cancel' : 'expire', eventId: stateKey, occurredAt: e.timestamp, subscriptionId: e.subscriptionId }
      }
      case 'BillingDateChange': {
        const e = read(dateChange, fields, stateKey)
        return { kind: 'extend', eventId: stateKey, occurredAt: e.timestamp, subscriptionId: e.subscriptionId, until: e.nextRenewalDate }
      }
      default: {
        // NewSaleFailure, RenewalFailure, CustomerDataUpdate and the rest: nothing to change.
        const { timestamp } = read(z.object({ timestamp: instant }), fields)
        return { kind: 'ignored', eventId: fields.transactionId ? transactionKey : stateKey, occurredAt: timestamp, type: eventType }
      }
    }
  }

  answer(result: EventOutcome | WebhookRejected): WebhookAnswer {
    if (result instanceof WebhookRejected) return textAnswer(result.status, `ERROR: ${result.reason}`)
    return textAnswer(200, 'OK')
  }
}
