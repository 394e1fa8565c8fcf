import type { TranslationFunctions } from '../i18n/i18n-types.js'
import { dictionaryOf } from '../i18n/dictionary.js'
import { loadAllLocales } from '../i18n/i18n-util.sync.js'
import type { Locale } from './domain/locale.js'
import { errorFunction } from './domain/errors.js'

loadAllLocales()

const cache = new Map<Locale, TranslationFunctions>()

/** The UI dictionaries of i18n/, for texts the server writes (errors, mails, page titles). */
export function translator(locale: Locale): TranslationFunctions {
  let t = cache.get(locale)
  if (!t) {
    t = dictionaryOf(locale)
    cache.set(locale, t)
  }
  return t
}

/**
 * The text of an `errors` key (or of a namespace's, `account.errors.x`) in the locale, with its
 * values filled in; an unknown key reads as "invalid input".
 */
export function errorText(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const t = translator(locale)
  const text = errorFunction(t as unknown as Record<string, unknown>, key)
  return text ? text(params) : t.errors.invalidInput()
}
