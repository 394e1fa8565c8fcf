/**
 * The demo processor's card-check page: what it shows, and its answer. "Check card" runs the
 * demo processor's zero-amount authorisation; the browser then goes back to the site's return
 * address with the signed result (core/services/billing/providers/demo-card-check.ts). Nothing
 * about the card is kept.
 */
import type { BillingConfig } from '../../config.js'
import {
  cardDigits,
  cardProblems,
  DEMO_TEST_CARDS,
  demoAuthorisation,
  type CardField,
  type CardFieldProblem,
  type DemoTestCard,
} from '../../domain/billing/card-check.js'
import { AppError } from '../../domain/errors.js'
import type { DemoCardCheckAnswer, DemoCardCheckLink } from '../../domain/schemas/demo-card-check.js'
import { demoCardCheck } from './providers/card-checks.js'

export interface DemoCardCheckView {
  /** The link is one this site made (else the page says so and offers nothing). */
  valid: boolean
  testCards: readonly DemoTestCard[]
}

export type DemoCardCheckReply = { redirectUrl: string } | { problems: Partial<Record<CardField, CardFieldProblem>> }

/** The page exists while the card check is on (AGE_CARD_CHECK) and the demo processor stands in. */
function processor(billing: BillingConfig, cardCheckOn: boolean) {
  const demo = cardCheckOn ? demoCardCheck(billing) : null
  if (!demo) throw new AppError('NOT_FOUND', 'checkoutUnavailable')
  return demo
}

export function demoCardCheckView(billing: BillingConfig, cardCheckOn: boolean, link: DemoCardCheckLink): DemoCardCheckView {
  return { valid: processor(billing, cardCheckOn).requestValid(link), testCards: DEMO_TEST_CARDS }
}

export function answerDemoCardCheck(billing: BillingConfig, cardCheckOn: boolean, input: DemoCardCheckAnswer, now: Date): DemoCardCheckReply {
  const demo = processor(billing, cardCheckOn)
  if (!demo.requestValid(input)) throw new AppError('NOT_FOUND', 'notFound')
  if (input.action === 'cancel') return { redirectUrl: demo.resultUrl(input, 'cancelled', null, now) }
  const problems = cardProblems(input, now)
  if (Object.keys(problems).length) return { problems }
  const authorisation = demoAuthorisation(cardDigits(input.number)!)
  return { redirectUrl: demo.resultUrl(input, authorisation.outcome, authorisation.funding, now) }
}
