/**
 * What the adapters of the card processors (CCBill, Segpay, Verotel) share: their own settings
 * beside the site's billing settings, the member pages (the site's own where configured, else
 * the processor's), the source-address check of a notification, the fields of a postback, and
 * the plain-text answers processors read.
 */
import type { BillingConfig } from '../../../config.js'
import { WebhookRejected, type AccountLinks, type WebhookAnswer, type WebhookRequest } from '../provider.js'
import { bodyFields, formFields, ipAllowed, mergeFields, type Fields } from './fields.js'

export abstract class ProcessorAdapter<Settings extends { allowedIps: readonly string[] | null }> {
  protected readonly settings: Settings

  /** `settings`: the processor's own (config.ccbill, config.segpay …), present when BILLING_PROVIDER names it. */
  constructor(
    protected readonly billing: BillingConfig,
    settings: Settings | null,
  ) {
    if (!settings) throw new Error(`the settings of BILLING_PROVIDER=${billing.provider} are missing`)
    this.settings = settings
  }

  /** The site's own cancel and payment pages where configured, otherwise the processor's support site. */
  protected supportSiteLinks(supportUrl: string): AccountLinks {
    return { cancelUrl: this.billing.cancelUrl ?? supportUrl, updatePaymentUrl: this.billing.updateUrl ?? supportUrl }
  }

  /** A notification counts only from the allow-listed ranges (when the processor has a list). */
  protected requireAllowedSource(request: WebhookRequest): void {
    const ranges = this.settings.allowedIps
    if (ranges && !ipAllowed(ranges, request.sourceIp)) throw new WebhookRejected(403, 'source address not allowed')
  }
}

/** A postback's fields: the query's, and on a POST the form or JSON body's too (nested values refused). */
export const postbackFields = (request: WebhookRequest): Fields =>
  mergeFields(formFields(request.query), request.method === 'POST' ? bodyFields(request, 'reject').fields : {})

/** A plain-text answer to a notification. */
export const textAnswer = (status: number, body: string): WebhookAnswer => ({ status, contentType: 'text/plain; charset=utf-8', body })
