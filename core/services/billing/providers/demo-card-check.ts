/**
 * The demo processor's card check (/demo-card-check): the stand-in for a processor's hosted
 * zero-amount authorisation page. The link to it is signed (so the page sends results only to
 * this site's own return addresses), and so is the result it sends the browser back with:
 *
 *   {returnUrl}?ref=<reference>&result=approved|declined|cancelled&funding=credit|debit|prepaid&at=<ISO time>&sig=<hex>
 *
 * Both signatures are HMAC-SHA256 with a key derived from the demo processor's, over the JSON
 * array of the purpose and the fields, compared in constant time.
 */
import { createHmac } from 'node:crypto'
import type { BillingConfig } from '../../../config.js'
import { CARD_CHECK_OUTCOMES, CARD_FUNDINGS, type CardCheckOutcome, type CardFunding } from '../../../domain/billing/card-check.js'
import type { CardCheckProcessor, CardCheckRequest, CardCheckResult } from '../card-check.js'
import { sameText } from './fields.js'

const DEMO_CARD_CHECK_PATH = '/demo-card-check'

export function demoCardCheckSecret(config: BillingConfig): string {
  return createHmac('sha256', config.demoSecret).update('streamclub:demo-card-check').digest('hex')
}

export class DemoCardCheck implements CardCheckProcessor {
  readonly name = 'Demo processor'

  constructor(private readonly secret: string) {}

  private sign(...fields: string[]): string {
    return createHmac('sha256', this.secret).update(JSON.stringify(fields)).digest('hex')
  }

  cardCheckUrl(request: CardCheckRequest): string {
    const sig = this.sign('request', request.reference, request.returnUrl)
    return `${DEMO_CARD_CHECK_PATH}?${new URLSearchParams({ ref: request.reference, return: request.returnUrl, locale: request.locale, sig })}`
  }

  /** Whether a link to the page is one this site made. */
  requestValid(request: { ref: string; returnUrl: string; sig: string }): boolean {
    return sameText(this.sign('request', request.ref, request.returnUrl), request.sig)
  }

  /** Where the page sends the browser with its answer. */
  resultUrl(request: { ref: string; returnUrl: string }, outcome: CardCheckOutcome, funding: CardFunding | null, at: Date): string {
    const fields = { ref: request.ref, result: outcome, funding: funding ?? '', at: at.toISOString() }
    const url = new URL(request.returnUrl)
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value)
    url.searchParams.set('sig', this.sign('result', fields.ref, fields.result, fields.funding, fields.at))
    return url.href
  }

  readResult(query: URLSearchParams): CardCheckResult | null {
    const [ref, result, funding, at, sig] = ['ref', 'result', 'funding', 'at', 'sig'].map((name) => query.get(name) ?? '') as [
      string,
      string,
      string,
      string,
      string,
    ]
    if (!sameText(this.sign('result', ref, result, funding, at), sig)) return null
    const outcome = CARD_CHECK_OUTCOMES.find((known) => known === result)
    const time = new Date(at)
    if (!ref || !outcome || Number.isNaN(time.getTime())) return null
    return { reference: ref, outcome, funding: CARD_FUNDINGS.find((known) => known === funding) ?? null, at: time }
  }
}
