/** Inputs of the age-verification procedures (server/trpc/routers/age.ts). */
import { z } from 'zod'
import { text } from './text.js'

const methodId = text().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'ageMethodUnavailable')
const checkId = text().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ageCheckExpired')

export const ageStartInput = z.object({
  method: methodId,
  /** Where the visitor goes once verified: a path of this site (anything else: the home page). */
  returnTo: text().max(2048, 'textTooLong').default('/'),
})

export const ageDevCheckInput = z.object({ check: checkId })
export const ageDevAnswerInput = z.object({ check: checkId, over18: z.boolean() })
