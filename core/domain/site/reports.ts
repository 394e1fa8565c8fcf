/**
 * Removal reports in the operations console: their states, the due date the report page
 * promises (REPORT_PROCESSING_BUSINESS_DAYS business days), and which item of this site a
 * reported URL names. Pure: shared by the server and the client.
 */
import { isLocale } from '../locale.js'
import { isOwnSiteUrl, REPORT_PROCESSING_BUSINESS_DAYS, SUPPORT_TIME_ZONE } from './site.js'

export const REPORT_STATES = ['new', 'inReview', 'removed', 'rejected'] as const
export type ReportState = (typeof REPORT_STATES)[number]

/** States of a report still waiting for a decision: only these can be overdue. */
export const OPEN_REPORT_STATES = ['new', 'inReview'] as const satisfies readonly ReportState[]

function isOpenReport(state: ReportState): boolean {
  return (OPEN_REPORT_STATES as readonly ReportState[]).includes(state)
}

const DAY_MS = 86_400_000

/** The zone's wall clock (formatters are costly to make: one per zone). */
const clocks = new Map<string, Intl.DateTimeFormat>()
function wallClock(at: Date, timeZone: string) {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    clocks.set(timeZone, clock)
  }
  const parts = clock.formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
}

/** The calendar day of an instant in a time zone, as midnight UTC of that date (for day arithmetic). */
function dayIn(at: Date, timeZone: string): Date {
  const clock = wallClock(at, timeZone)
  return new Date(Date.UTC(clock.year, clock.month - 1, clock.day))
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: Date, timeZone: string): number {
  const clock = wallClock(at, timeZone)
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - Math.floor(at.getTime() / 1000) * 1000
}

/** The instant the zone's clock shows midnight starting `day` (a UTC-midnight date). */
function midnightIn(day: Date, timeZone: string): Date {
  // Midnight is never skipped by the zones of this product; the second pass settles a DST change.
  let guess = day.getTime() - zoneOffset(day, timeZone)
  guess = day.getTime() - zoneOffset(new Date(guess), timeZone)
  return new Date(guess)
}

const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6

export interface ReportDue {
  /** The last day to decide the report on, YYYY-MM-DD in the support time zone. */
  day: string
  /** When that day ends there: from this instant on an open report is overdue. */
  at: Date
}

/** The due day (a UTC-midnight date) of a report that arrived on `arrival` (same form). */
function dueDayAfter(arrival: Date, businessDays: number): Date {
  let day = arrival
  for (let counted = 0; counted < businessDays;) {
    day = new Date(day.getTime() + DAY_MS)
    if (!isWeekend(day)) counted++
  }
  return day
}

/** The instant `day` (a UTC-midnight date) ends in the zone. */
const endOf = (day: Date, timeZone: string) => midnightIn(new Date(day.getTime() + DAY_MS), timeZone)

/**
 * When a report received at `receivedAt` must be decided: by the end of the 7th business day
 * after the day it arrived (in the support time zone, Europe/Berlin). Business days are Monday
 * to Friday; the day of arrival does not count, whatever the hour (a report at 09:00 on a
 * Monday and one at 23:59 are due the same day), nor does a weekend it arrives on. Public
 * holidays are not known to this rule: they count as business days.
 */
export function reportDue(receivedAt: Date, timeZone: string = SUPPORT_TIME_ZONE, businessDays: number = REPORT_PROCESSING_BUSINESS_DAYS): ReportDue {
  const day = dueDayAfter(dayIn(receivedAt, timeZone), businessDays)
  return { day: day.toISOString().slice(0, 10), at: endOf(day, timeZone) }
}

/** An open report whose due moment has passed. */
export function isOverdue(report: { state: ReportState; receivedAt: Date }, now: Date): boolean {
  return isOpenReport(report.state) && now.getTime() >= reportDue(report.receivedAt).at.getTime()
}

/**
 * The overdue rule as a bound on the arrival, for a query: at `now`, an open report is overdue
 * exactly when it arrived before the instant returned (a later arrival is never due earlier,
 * so the overdue reports are the oldest ones). Found by walking back from today's arrivals.
 */
export function overdueIfReceivedBefore(now: Date, timeZone: string = SUPPORT_TIME_ZONE, businessDays: number = REPORT_PROCESSING_BUSINESS_DAYS): Date {
  let arrival = dayIn(now, timeZone)
  while (endOf(dueDayAfter(arrival, businessDays), timeZone).getTime() > now.getTime()) arrival = new Date(arrival.getTime() - DAY_MS)
  return endOf(arrival, timeZone)
}

export type ReportedKind = 'video' | 'imageSet' | 'model'

/** The site's detail paths: /{lang}/videos/{id}, /{lang}/images/{id}, /{lang}/models/{id}. */
const PATH_KINDS: Record<string, ReportedKind> = { videos: 'video', images: 'imageSet', models: 'model' }
const ID = /^[1-9]\d{0,9}$/

/**
 * The item of this site a reported URL names (a video, an image set or a model page, in any
 * language, with or without query and trailing slash), or null for any other address.
 */
export function reportedItemOf(url: string, siteUrl: string): { kind: ReportedKind; id: number } | null {
  if (!isOwnSiteUrl(url, siteUrl)) return null
  const segments = new URL(url.trim()).pathname.split('/').filter(Boolean)
  if (segments.length === 3 && isLocale(segments[0])) segments.shift()
  if (segments.length !== 2) return null
  const kind = PATH_KINDS[segments[0]!]
  const id = ID.test(segments[1]!) ? Number(segments[1]) : NaN
  return kind && id <= 2_147_483_647 ? { kind, id } : null
}
