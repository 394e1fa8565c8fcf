import type { TranslationFunctions } from '../i18n/i18n-types.js'
import { i18nObject } from '../i18n/i18n-util.js'
import { loadAllLocales } from '../i18n/i18n-util.sync.js'
import type { Locale } from './domain/locale.js'

loadAllLocales()

const cache = new Map<Locale, TranslationFunctions>()

/** The UI dictionaries of i18n/, for texts the server writes (errors, mails, page titles). */
export function translator(locale: Locale): TranslationFunctions {
  let t = cache.get(locale)
  if (!t) {
    t = i18nObject(locale)
    cache.set(locale, t)
  }
  return t
}

/** The text of an `errors` key in the locale, with its values filled in; an unknown key reads as "invalid input". */
export function errorText(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const errors = translator(locale).errors as unknown as Record<string, (params?: Record<string, unknown>) => string>
  return key in errors ? errors[key]!(params) : errors.invalidInput!()
}
