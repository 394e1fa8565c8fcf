import type { BillingEventInput } from '../../domain/billing.js'
import type { Locale } from '../../domain/locale.js'

/** What the join link hands to the processor's payment form. */
export interface CheckoutRequest {
  planSid: string
  userId: number
  locale: Locale
  /** Set when a member switches plans: the processor's id of the running subscription. */
  subscriptionId: string | null
  /** Where the processor sends the customer back to. */
  returnUrl: string
  now: Date
}

/** A webhook the product refuses: answered with `status`, nothing changes, logged. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected'
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 415 | 422,
    readonly reason: string,
    readonly eventId?: string,
  ) {
    super(reason)
  }
}

/**
 * One billing processor. The join link asks it for the payment form's address; its webhook
 * route (POST /billing/webhook/<id>) verifies each notification and turns it into the
 * product's events (server/domain/billing.ts), which the billing service applies.
 */
export interface BillingProvider {
  /** The name in the webhook path and in billing_event.provider. */
  readonly id: string
  /** The payment form for a plan, signed so the processor can trust the parameters. */
  checkoutUrl(request: CheckoutRequest): string
  /** True when the raw body carries a valid signature (constant-time compare). */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean
  /** A verified body as an event; throws WebhookRejected (400, 415) when it is malformed. */
  parse(rawBody: Buffer, contentType: string | undefined): ParsedNotification
}

export interface ParsedNotification {
  event: BillingEventInput
  /** The notification's fields as received, kept with the event. */
  fields: Record<string, string>
}
