/**
 * Intl formatters by locale and options, made once: making one costs far more than using it, and
 * a list page formats a date or a relative time on every card.
 */
type IntlFormatter = Intl.RelativeTimeFormat | Intl.DateTimeFormat | Intl.PluralRules
const formatters = new Map<string, IntlFormatter>()
function formatter<T extends IntlFormatter>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined
  if (!made) formatters.set(key, (made = make()))
  return made
}

export { formatNumber } from '../../i18n/numbers.js'

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  const mm = hours ? String(minutes).padStart(2, '0') : String(minutes)
  return `${hours ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'

const UNITS: Array<[RelativeUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/** The largest whole unit between two moments: negative in the past ("3 days ago" is -3 day). */
export function relativeTimeParts(date: Date, now: Date): { value: number; unit: RelativeUnit } {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return { value: Math.trunc(seconds / size), unit }
  }
  return { value: 0, unit: 'second' }
}

/** "3 days ago", "vor 3 Tagen" … in the page's language. */
export function formatRelativeTime(date: Date | string, locale: string, now = new Date()): string {
  const { value, unit } = relativeTimeParts(new Date(date), now)
  return formatter(`relative:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(value, unit)
}

/**
 * A calendar date in the page's language: short "12 Dec 2026" (cards, badges) or long
 * "12. Dezember 2026", "December 12, 2026" (plan pages).
 */
export function formatDate(date: Date | string, locale: string, style: 'short' | 'long' = 'short'): string {
  // In UTC, so the server's page and the browser's agree on the day.
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long', timeZone: 'UTC' } : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }
  return formatter(`date:${style}:${locale}`, () => new Intl.DateTimeFormat(locale, options)).format(new Date(date))
}

/** Picks the one/other text of a count by the language's plural rules. */
export function countText(texts: { one: (p: { count: number }) => string; other: (p: { count: number }) => string }, count: number, locale: string): string {
  return formatter(`plural:${locale}`, () => new Intl.PluralRules(locale)).select(count) === 'one' ? texts.one({ count }) : texts.other({ count })
}

/** Date and time in the reader's language and time zone ("12/24/26, 6:00:05 PM"): browser-only pages. */
export function formatDateTime(date: Date | string, locale: string): string {
  return formatter(`datetime:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' })).format(new Date(date))
}
