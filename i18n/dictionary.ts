import type { Locales, TranslationFunctions } from './i18n-types.js'
import { i18nObject, i18nString, loadedLocales } from './i18n-util.js'

/**
 * A loaded locale's translation functions as plain objects, made once per call: every text a
 * function of typesafe-i18n's string translator (its formatters and plural rules). Its own
 * i18nObject answers each property read with a new Proxy and copies the whole section onto a
 * new function (`LL.videos` copied every key of `videos`), which was about 5 % of a page render
 * on the server. A locale not loaded yet gets typesafe-i18n's object, whose every text reads "".
 */
export function dictionaryOf(locale: Locales): TranslationFunctions {
  if (!loadedLocales[locale]) return i18nObject(locale)
  const translate = i18nString(locale)
  const build = (node: unknown): unknown => {
    if (typeof node === 'string') return (...args: unknown[]) => translate(node, ...(args as []))
    if (Array.isArray(node)) return node.map(build)
    return Object.fromEntries(Object.entries(node as object).map(([key, value]) => [key, build(value)]))
  }
  return build(loadedLocales[locale]) as TranslationFunctions
}
