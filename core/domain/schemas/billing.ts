/**
 * Payloads of the membership screens, each defined once (tRPC input and client). Messages
 * are keys of the `errors` dictionary.
 */
import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { text } from './text.js'

/** A plan's sid as the join link and the demo checkout carry it. */
const planSidField = text().trim().min(1, 'planRequired').max(64, 'planUnknown')

/** The demo checkout page: which plan, in which language. */
export const demoCheckoutInput = z.object({ plan: planSidField, locale: z.enum(LOCALES) })

/** "Pay" in the demo checkout. */
export const demoPaySchema = z.object({ plan: planSidField })
