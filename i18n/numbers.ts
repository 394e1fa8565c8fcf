/**
 * 12345 → "12,345" (en), "12.345" (de): the one way the site writes a number, for the
 * dictionaries' `grouped` formatter and the components alike. A whole number from 0 to 999
 * reads the same in every language of the site, so it skips Intl: the first Intl.NumberFormat
 * of a page loads ICU's number data (about 13 ms of a phone's main thread), which a page whose
 * counts are small then never pays.
 */
export function formatNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value)
  let made = numberFormats.get(locale)
  if (!made) numberFormats.set(locale, (made = new Intl.NumberFormat(locale)))
  return made.format(value)
}

const numberFormats = new Map<string, Intl.NumberFormat>()
