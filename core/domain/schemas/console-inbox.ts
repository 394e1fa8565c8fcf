/**
 * Inputs of the console's inbox (removal reports, contact messages, error feedback) and users
 * pages: used by the tRPC inputs and by the forms that send them. Messages are keys of the
 * `errors` dictionary.
 */
import { z } from 'zod'
import { ROLES } from '../billing/membership.js'
import { EMAIL_SEARCH_MAX, MESSAGE_FILTERS, NOTE_MAX, REPORT_FILTERS } from '../site/inbox.js'
import { REPORT_STATES } from '../site/reports.js'
import { text } from './text.js'

const id = z.number().int().min(1).max(2_147_483_647)
const page = z.number().int().min(1).max(100_000).default(1)

export const reportListSchema = z.object({ filter: z.enum(REPORT_FILTERS).default('open'), page })
export const reportRefSchema = z.object({ id })

const note = text().trim().max(NOTE_MAX, 'noteTooLong')

/** A report's new state, with an optional note (kept on the report and in the audit log). */
export const reportStateSchema = z.object({ id, state: z.enum(REPORT_STATES, 'reportStateInvalid'), note })
export type ReportStateChange = z.infer<typeof reportStateSchema>

/** The report's one action: its videos and image sets off the site, the report marked removed. */
export const reportUnpublishSchema = z.object({ id, note })

export const messageListSchema = z.object({ filter: z.enum(MESSAGE_FILTERS).default('open'), page })
export const messageHandledSchema = z.object({ id, handled: z.boolean() })

export const feedbackListSchema = z.object({ page })

/** The users page: addresses starting with `email` (any case); empty lists the newest accounts. */
export const userSearchSchema = z.object({ email: text().trim().max(EMAIL_SEARCH_MAX, 'searchTooLong').default(''), page })
export const userRefSchema = z.object({ id })
export const userRoleSchema = z.object({ id, role: z.enum(ROLES, 'roleInvalid') })
