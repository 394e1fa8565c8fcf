import type { IncomingHttpHeaders } from 'node:http'
import type { BillingProviderId } from '../../config.js'
import type { BillingEventInput, PlanTerms } from '../../domain/billing/billing.js'
import type { Locale } from '../../domain/locale.js'

/** The plan a checkout is for, as the payment form needs it. */
interface CheckoutPlan extends PlanTerms {
  sid: string
  /** In the buyer's language (shown on the processor's form where it has a field for it). */
  name: string
}

/** What the join link hands to the processor's payment form. */
export interface CheckoutRequest {
  plan: CheckoutPlan
  userId: number
  locale: Locale
  /** Set when a member switches plans: the processor's id of the running subscription. */
  subscriptionId: string | null
  /** Where the processor sends the customer back to. */
  returnUrl: string
  now: Date
}

/** A notification as it reached the webhook route. */
export interface WebhookRequest {
  method: string
  /** The query string as received, without the '?'. */
  query: string
  rawBody: Buffer
  contentType: string | undefined
  headers: IncomingHttpHeaders
  /** The client's address (taken from X-Forwarded-For only behind TRUST_PROXY). */
  sourceIp: string
  /** When it arrived (the event's time for processors that send none). */
  receivedAt: Date
}

/** An authenticated notification as the product's event, with its fields as received. */
export interface Notification {
  event: BillingEventInput
  fields: Record<string, string>
}

/** What applying an event did. */
export interface EventOutcome {
  /** processed: applied now; duplicate: seen before, nothing changed; ignored: a type without effect. */
  result: 'processed' | 'duplicate' | 'ignored'
  eventId: string
}

/** The HTTP answer a processor expects. */
export interface WebhookAnswer {
  status: number
  contentType: string
  body: string
}

/** The processor's pages where a member cancels and changes the payment method. */
export interface AccountLinks {
  cancelUrl: string
  /** null: the processor has no such page for members (and none is configured). */
  updatePaymentUrl: string | null
}

/**
 * A notification the product refuses: answered with `status`, nothing changes, logged
 * (without secrets). 503 means "not yet": the processor delivers it again later (a renewal
 * that arrived before its sale).
 */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 415 | 422 | 503,
    readonly reason: string,
    readonly eventId?: string,
  ) {
    super(reason)
  }
}

/**
 * One billing processor. The join link asks it for the payment form's address; its webhook
 * route (POST|GET /billing/webhook/<id>) hands it each request to authenticate and turn into
 * the product's event (core/domain/billing/billing.ts), which the billing service applies exactly
 * once; it then answers the way the processor expects.
 */
export interface BillingProvider {
  /** The name in the webhook path and in billing_event.provider. */
  readonly id: BillingProviderId
  /** Whether the processor's pages can switch a running subscription to another plan. */
  readonly changesPlans: boolean
  /**
   * The payment form for a plan (or, with `subscriptionId`, for switching to it; only when
   * changesPlans). Throws CheckoutUnavailable when the processor cannot take it.
   */
  checkoutUrl(request: CheckoutRequest): string
  /** Where the member of this subscription cancels and changes the payment method. */
  accountLinks(subscriptionId: string): AccountLinks
  /**
   * Authenticates a notification (source address, signature, digest or secret) and reads it.
   * Throws WebhookRejected: 401/403 not from the processor, 400/415 malformed.
   */
  receive(request: WebhookRequest): Notification
  /** The answer for an applied or acknowledged notification, or for a refusal. */
  answer(result: EventOutcome | WebhookRejected): WebhookAnswer
}

/** The processor cannot take this checkout (for example no Segpay price point for the plan). */
export class CheckoutUnavailable extends Error {
  override name = 'CheckoutUnavailable'
}
