/**
 * Segpay (gethelp.segpay.com): joins through the payment page of a package and price point,
 * notifications through postbacks whose URL the merchant writes as a template in the Segpay
 * Merchant Portal.
 *
 * Join: https://secure2.segpay.com/billing/poset.cgi?x-eticketid=<package>:<price point>
 * &userid=…&plansid=…&x-auth-link=<back to the site>. Segpay holds the prices (one price point
 * per plan, SEGPAY_PRICE_POINTS); userid and plansid are pass-through values that a postback
 * template returns with <extra userid> and <extra plansid>.
 *
 * Postbacks: the template (docs/billing.md, "Segpay") names the values: action (Auth, Void; Enable, Disable,
 * Cancel, Reactivation, Probe), stage (Initial, Conversion, Rebill, Instantconversion),
 * approved, trantype (sale, credit, chargeback), purchaseid, tranid, price, currencycode, the
 * initial and recurring value and period, and the extras. Segpay signs nothing: a postback
 * counts only from the allow-listed source addresses and with the secret the template carries
 * (?secret=…, compared in constant time and never stored or logged). The answer is the
 * configured response string (SEGPAY_POSTBACK_RESPONSE, "OK" by default) with status 200;
 * a refusal is "ERROR" with a 4xx/5xx status.
 */
import { z } from 'zod'
import type { SegpayConfig } from '../../../config.js'
import type { BillingEventInput } from '../../../domain/billing/billing.js'
import type { AccountLinks, BillingProvider, CheckoutRequest, EventOutcome, Notification, WebhookAnswer, WebhookRequest } from '../provider.js'
import { CheckoutUnavailable, WebhookRejected } from '../provider.js'
import { ProcessorAdapter, postbackFields, textAnswer } from './processor.js'
import { count, currency, daysLater, eventKey, id, money, read, sameText, type Fields } from './fields.js'

/** Segpay's consumer portal, where members look up, cancel and update their purchases. */
const SEGPAY_SUPPORT_URL = 'https://cs.segpay.com'
/** The query field that carries the postback secret (never stored or logged). */
export const SECRET_FIELD = 'secret'

const purchase = z.object({ purchaseid: id })
const transaction = purchase.extend({ tranid: id, price: money, currencycode: currency, recurringperiod: count(10_000).optional() })
const sale = transaction.extend({
  userid: count(2_147_483_647),
  plansid: z.string().min(1).max(64),
  initialvalue: money.optional(),
  initialperiod: count(10_000).optional(),
  recurringvalue: money.optional(),
})

const RENEWAL_STAGES = new Set(['conversion', 'rebill', 'instantconversion'])

export class SegpayProvider extends ProcessorAdapter<SegpayConfig> implements BillingProvider {
  readonly id = 'segpay' as const
  /** A price point is one plan; switching plans is a new purchase. */
  readonly changesPlans = false

  checkoutUrl({ plan, userId, subscriptionId, returnUrl }: CheckoutRequest): string {
    if (subscriptionId) throw new Error('Segpay joins cannot switch a running subscription')
    const pricePoint = Object.hasOwn(this.settings.pricePoints, plan.sid) ? this.settings.pricePoints[plan.sid] : undefined
    if (!pricePoint) throw new CheckoutUnavailable(`no Segpay price point for plan ${plan.sid} (SEGPAY_PRICE_POINTS)`)
    const params = new URLSearchParams({
      'x-eticketid': `${this.settings.packageId}:${pricePoint}`,
      userid: String(userId),
      plansid: plan.sid,
      'x-auth-link': returnUrl,
    })
    return `${this.settings.joinUrl}?${params}`
  }

  accountLinks(): AccountLinks {
    return this.supportSiteLinks(SEGPAY_SUPPORT_URL)
  }

  receive(request: WebhookRequest): Notification {
    this.requireAllowedSource(request)
    const { [SECRET_FIELD]: secret = '', ...fields } = postbackFields(request)
    if (!sameText(this.settings.postbackSecret, secret)) throw new WebhookRejected(401, 'invalid secret')
    return { event: this.toEvent(fields, request.receivedAt), fields }
  }

  private toEvent(fields: Fields, at: Date): BillingEventInput {
    const action = (fields.action ?? '').toLowerCase()
    const trantype = (fields.trantype ?? '').toLowerCase()
    if (!/^[a-z]{0,32}$/.test(trantype)) throw new WebhookRejected(400, 'malformed: trantype')
    const transactionKey = eventKey(action, trantype, fields.tranid ?? '')
    const memberKey = eventKey(action, fields.purchaseid ?? '', (fields.transtime ?? '').replace(/\W/g, ''))
    if (action === 'auth' && (fields.approved ?? '').toLowerCase() === 'yes') {
      if (trantype === 'sale') {
        const stage = (fields.stage ?? '').toLowerCase()
        if (stage === 'initial') {
          const e = read(sale, fields, transactionKey)
          const stated = e.initialperiod !== undefined && e.recurringperiod !== undefined
          return {
            kind: 'sale',
            eventId: transactionKey,
            occurredAt: at,
            subscriptionId: e.purchaseid,
            userId: e.userid,
            planSid: e.plansid,
            trial: stated ? e.initialperiod !== e.recurringperiod : null,
            trialDays: stated && e.initialperiod !== e.recurringperiod ? e.initialperiod! : null,
            initialCents: e.price,
            recurringCents: e.recurringvalue ?? null,
            currency: e.currencycode,
            // Segpay sends periods in days: the first rebill is due the initial period later.
            nextRenewalAt: e.initialperiod ? daysLater(at, e.initialperiod) : null,
            replaces: null,
          }
        }
        if (RENEWAL_STAGES.has(stage)) {
          const e = read(transaction, fields, transactionKey)
          const nextRenewalAt = e.recurringperiod ? daysLater(at, e.recurringperiod) : null
          return {
            kind: 'renewal',
            eventId: transactionKey,
            occurredAt: at,
            subscriptionId: e.purchaseid,
            amountCents: e.price,
            currency: e.currencycode,
            nextRenewalAt,
          }
        }
      }
      if (trantype === 'credit' || trantype === 'chargeback') {
        const e = read(transaction, fields, transactionKey)
        const kind = trantype === 'credit' ? 'refund' : 'chargeback'
        return { kind, eventId: transactionKey, occurredAt: at, subscriptionId: e.purchaseid, amountCents: e.price, currency: e.currencycode }
      }
    }
    if (action === 'void') {
      const e = read(transaction, fields, transactionKey)
      return { kind: 'void', eventId: transactionKey, occurredAt: at, subscriptionId: e.purchaseid, amountCents: e.price, currency: e.currencycode }
    }
    const member = { cancel: 'cancel', disable: 'expire', reactivation: 'uncancel' } as const
    if (Object.hasOwn(member, action)) {
      const e = read(purchase, fields, memberKey)
      return { kind: member[action as keyof typeof member], eventId: memberKey, occurredAt: at, subscriptionId: e.purchaseid }
    }
    // Declined authorisations, Enable and Probe (inquiries), other transaction types.
    if (!/^[a-z]{1,32}$/.test(action)) throw new WebhookRejected(400, 'malformed: action missing')
    return { kind: 'ignored', eventId: fields.tranid ? transactionKey : memberKey, occurredAt: at, type: [action, trantype].filter(Boolean).join(':') }
  }

  answer(result: EventOutcome | WebhookRejected): WebhookAnswer {
    if (result instanceof WebhookRejected) return textAnswer(result.status, 'ERROR')
    return textAnswer(200, this.settings.response)
  }
}
