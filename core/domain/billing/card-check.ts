/**
 * A card check: a zero-amount authorisation that tells whether a card is real, live, and of
 * which funding type. Only the type matters for age (core/services/age/methods/card.ts); the
 * rules here are the demo processor's, which knows nothing but its test cards.
 */

export const CARD_FUNDINGS = ['credit', 'debit', 'prepaid'] as const
export type CardFunding = (typeof CARD_FUNDINGS)[number]

export const CARD_CHECK_OUTCOMES = ['approved', 'declined', 'cancelled'] as const
export type CardCheckOutcome = (typeof CARD_CHECK_OUTCOMES)[number]

export interface DemoTestCard {
  number: string
  brand: 'Visa' | 'Mastercard'
  funding: CardFunding
  /** The issuer declines it. */
  declines: boolean
}

/** The demo processor's test cards (the numbers card networks publish for testing). */
export const DEMO_TEST_CARDS: readonly DemoTestCard[] = [
  { number: '4111111111111111', brand: 'Visa', funding: 'credit', declines: false },
  { number: '5555555555554444', brand: 'Mastercard', funding: 'credit', declines: false },
  { number: '4000056655665556', brand: 'Visa', funding: 'debit', declines: false },
  { number: '5200828282828210', brand: 'Mastercard', funding: 'debit', declines: false },
  { number: '5105105105105100', brand: 'Mastercard', funding: 'prepaid', declines: false },
  { number: '4000000000000002', brand: 'Visa', funding: 'credit', declines: true },
]

/** The digits of a card number as people type it (spaces and dashes allowed). */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '')
  return /^\d{12,19}$/.test(digits) ? digits : null
}

/** The Luhn checksum every payment card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** "MM/YY" (or MM/YYYY) of a card that has not expired at `now` (a card is valid through its month). */
export function expiryValid(input: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input)
  if (!match) return false
  const month = Number(match[1])
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  if (month < 1 || month > 12) return false
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
}

export type CardField = 'number' | 'expiry' | 'cvc'
export type CardFieldProblem = 'numberInvalid' | 'expiryInvalid' | 'cvcInvalid'

/** What is wrong with a typed card, field by field (nothing: the processor may try it). */
export function cardProblems(card: { number: string; expiry: string; cvc: string }, now: Date): Partial<Record<CardField, CardFieldProblem>> {
  const problems: Partial<Record<CardField, CardFieldProblem>> = {}
  const digits = cardDigits(card.number)
  if (!digits || !luhnValid(digits)) problems.number = 'numberInvalid'
  if (!expiryValid(card.expiry, now)) problems.expiry = 'expiryInvalid'
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = 'cvcInvalid'
  return problems
}

/** The demo processor's zero-amount authorisation: its test cards answer as listed, any other card is declined. */
export function demoAuthorisation(digits: string): { outcome: 'approved' | 'declined'; funding: CardFunding | null } {
  const card = DEMO_TEST_CARDS.find((candidate) => candidate.number === digits)
  if (!card || card.declines) return { outcome: 'declined', funding: card?.funding ?? null }
  return { outcome: 'approved', funding: card.funding }
}
