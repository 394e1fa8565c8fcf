/**
 * The console inbox's and users pages' lists: their filters and limits. Without a schema
 * library, so the console's route options (part of every page's entry script) can read them;
 * the inputs that use them are in schemas/console-inbox.ts.
 */
import { REPORT_STATES } from './reports.js'

export const NOTE_MAX = 2000
export const EMAIL_SEARCH_MAX = 320

/** Which reports a list shows: open ones (new or in review, the most urgent first), overdue ones, one state, or all (newest first). */
export const REPORT_FILTERS = ['open', 'overdue', ...REPORT_STATES, 'all'] as const
export type ReportFilter = (typeof REPORT_FILTERS)[number]

export const MESSAGE_FILTERS = ['open', 'handled', 'all'] as const
