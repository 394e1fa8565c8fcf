/**
 * A card check through the billing processor: a zero-amount authorisation on the processor's
 * page, which sends the browser back with a signed result: approved or not, and the card's
 * funding type. The age method built on it (core/services/age/methods/card.ts) decides what
 * the type proves.
 *
 * Only the demo processor implements it. CCBill, Verotel and Segpay publish no card-check
 * interface that says a card's funding type to the merchant (docs/age-assurance.md,
 * "Verification methods"), so with them there is no card check (providers/card-checks.ts).
 */
import type { CardCheckOutcome, CardFunding } from '../../domain/billing/card-check.js'
import type { Locale } from '../../domain/locale.js'

export interface CardCheckRequest {
  /** Ours: the age check's id, given back with the result. */
  reference: string
  /** Where the processor sends the browser with the result. */
  returnUrl: string
  locale: Locale
}

export interface CardCheckResult {
  reference: string
  outcome: CardCheckOutcome
  /** Known for an approved card. */
  funding: CardFunding | null
  /** When the processor answered. */
  at: Date
}

export interface CardCheckProcessor {
  /** Shown to the visitor and kept with the proof. */
  readonly name: string
  /** The processor's page for this check (site-relative for the demo processor). */
  cardCheckUrl(request: CardCheckRequest): string
  /** The result the browser brought back to the return URL; null when its signature does not hold. */
  readResult(query: URLSearchParams): CardCheckResult | null
}
