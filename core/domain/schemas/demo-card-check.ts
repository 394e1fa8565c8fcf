/**
 * Payloads of the demo processor's card-check page (/demo-card-check). The link's fields come
 * from the URL the site signed; whether they hold is the page's answer, not a field message.
 * The card's fields are checked by `cardProblems` (core/domain/billing/card-check.ts), whose
 * answers the page translates.
 */
import { z } from 'zod'
import { text } from './text.js'

export const demoCardCheckLink = z.object({
  ref: text().max(200),
  returnUrl: text().max(2000),
  sig: text().max(128),
})
export type DemoCardCheckLink = z.infer<typeof demoCardCheckLink>

export const demoCardCheckAnswer = demoCardCheckLink.extend({
  action: z.enum(['authorise', 'cancel']),
  number: text().max(40),
  expiry: text().max(10),
  cvc: text().max(10),
})
export type DemoCardCheckAnswer = z.infer<typeof demoCardCheckAnswer>
