/**
 * The card check as an age method: a zero-amount authorisation at the billing processor, and
 * only a credit card proves the holder is 18 or older. UK: Ofcom's guidance on highly
 * effective age assurance (16 Jan 2025) lists credit card checks and excludes debit cards,
 * which UK banks issue from 11 to 16; prepaid cards carry no age either. The age policy
 * offers this method only where such a check counts (GB).
 */
import type { CardFunding } from '../../../domain/billing/card-check.js'
import type { CardCheckProcessor } from '../../billing/card-check.js'
import type { AgeCheckStart, AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from '../method.js'
import { AgeResponseRejected } from './errors.js'

/** The funding types whose holders must be adults. */
const PROVES_AGE: readonly CardFunding[] = ['credit']

/** A result older than the check it answers, or from the future, is not this check's (a clock skew allowed). */
const SKEW_MS = 60_000

export class CardCheckAgeMethod implements AgeMethod {
  readonly id = 'card'
  readonly kind = 'card' as const
  readonly doubleAnonymous = false
  readonly provider: string

  constructor(
    private readonly processor: CardCheckProcessor,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.provider = processor.name
  }

  async start(input: AgeCheckStart): Promise<AgeStartResult> {
    const page = this.processor.cardCheckUrl({ reference: input.checkId, returnUrl: input.callbackUrl, locale: input.locale })
    return { kind: 'redirect', url: new URL(page, input.origin).href }
  }

  async complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult> {
    const result = input.query ? this.processor.readResult(input.query) : null
    if (!result) throw new AgeResponseRejected(401, 'not a signed card-check result')
    if (result.reference !== check.id) throw new AgeResponseRejected(400, 'the result is about another check')
    if (result.at.getTime() < check.createdAt.getTime() - SKEW_MS || result.at.getTime() > this.now().getTime() + SKEW_MS) {
      throw new AgeResponseRejected(400, 'the result is not from this check’s time')
    }
    if (result.outcome === 'cancelled') return { ok: false, reason: 'the card check was cancelled' }
    if (result.outcome === 'declined') return { ok: false, reason: 'the card was declined' }
    if (!result.funding || !PROVES_AGE.includes(result.funding))
      return { ok: false, reason: `${result.funding ? `a ${result.funding} card` : 'a card of unknown type'} does not prove age; a credit card does` }
    return { ok: true, over18: true, assurance: 'verified' }
  }
}
