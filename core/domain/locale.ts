/**
 * Locales of the product and the spec's language rules, shared by server and client.
 * Content fallback and detection fallback are both "de, then en".
 */
export const LOCALES = ['de', 'en', 'es', 'fr', 'it'] as const
export type Locale = (typeof LOCALES)[number]

const DEFAULT_LOCALE: Locale = 'de'
export const FALLBACK_LOCALES: readonly Locale[] = ['de', 'en']

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** 'de-AT' → 'de', 'EN_us' → 'en'; anything unsupported → undefined. */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined
  const base = value.trim().toLowerCase().split(/[-_]/)[0]
  return isLocale(base) ? base : undefined
}

/**
 * The spec's detection order: the page language attribute, then the stored choice,
 * each with its region suffix removed; otherwise the first fallback (de).
 */
export function detectLocale(candidates: ReadonlyArray<string | null | undefined>): Locale {
  for (const candidate of candidates) {
    const locale = normalizeLocale(candidate)
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

/** Text stored per locale; any locale may be missing. */
export type LocalizedText = Partial<Record<Locale, string>>

/** The requested locale's text, else de, else en, else the empty string. */
export function localize(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return ''
  const wanted = text[locale]
  if (wanted) return wanted
  for (const fallback of FALLBACK_LOCALES) {
    const value = text[fallback]
    if (value) return value
  }
  return ''
}
