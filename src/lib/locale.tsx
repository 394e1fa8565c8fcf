import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useParams } from '@tanstack/react-router'
import { usePageEnvironment, type PageEnvironment } from './page-environment'
import type { Namespaces, TranslationFunctions } from '../../i18n/i18n-types.js'
import { loadedLocales } from '../../i18n/i18n-util.js'
import { dictionaryOf } from '../../i18n/dictionary.js'
import { loadLocaleAsync, loadNamespaceAsync } from '../../i18n/i18n-util.async.js'
import { detectLocale, isLocale, type Locale } from '../../core/domain/locale.js'

const STORAGE_KEY = 'locale'
/** The stored choice also lives in a cookie, so the server can send / to the right language. */
const LOCALE_COOKIE = 'locale'

/**
 * The spec's order: the page's lang attribute, then the stored choice; fallback de. On the
 * server the stored choice is the locale cookie (env.preferredLocale).
 */
export function detectClientLocale(env: PageEnvironment): Locale {
  if (typeof document === 'undefined') return env.preferredLocale
  return detectLocale([document.documentElement.lang, readStoredLocale()])
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

export function storeLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : ''
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`
  try {
    localStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the locale.
  }
}

/** The locale of the current page: the path's first segment, else the detected one. */
export function useCurrentLocale(): Locale {
  const params = useParams({ strict: false }) as { lang?: string }
  const env = usePageEnvironment()
  return isLocale(params.lang) ? params.lang : detectClientLocale(env)
}

let activeLocale: Locale = 'de'
const loading = new Map<Locale, Promise<void>>()

/**
 * Loads a locale's dictionary (once: every navigation asks again) and makes it the page's
 * language (html lang, API header).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loadedLocales[locale]) {
    if (!loading.has(locale)) loading.set(locale, loadLocaleAsync(locale))
    await loading.get(locale)
  }
  // The server renders many pages at once: only the browser has one active language.
  if (typeof document === 'undefined') return
  activeLocale = locale
  // Writing the attribute, even with the value it has, makes the browser restyle the whole page.
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale
}

/**
 * Loads the parts of a locale's dictionary that only some pages use (typesafe-i18n namespaces:
 * the console's texts), once; every other page's script does not carry them. The server has
 * them all (i18n-util.sync).
 */
export async function loadNamespaces(locale: Locale, namespaces: readonly Namespaces[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !loadedLocales[locale]?.[namespace])
  if (!missing.length) return
  await Promise.all(missing.map((namespace) => loadNamespaceAsync(locale, namespace)))
  // A locale's object reads the dictionary it was made with: made again with the namespaces.
  dictionaries.delete(locale)
}

/** For code outside React (API headers, toasts from the query cache). */
export function getActiveLocale(): Locale {
  return activeLocale
}

const dictionaries = new Map<Locale, TranslationFunctions>()

/**
 * The dictionary of a loaded locale, made once per locale (i18n/dictionary.ts: every text a
 * function, with an Intl.PluralRules of its own); pages ask for it in every head and card.
 */
export function translations(locale: Locale = activeLocale): TranslationFunctions {
  const made = dictionaries.get(locale)
  if (made) return made
  const dictionary = dictionaryOf(locale)
  // Before its dictionary is loaded a locale's object reads nothing: made again once it is.
  if (loadedLocales[locale]) dictionaries.set(locale, dictionary)
  return dictionary
}

interface I18nValue {
  locale: Locale
  LL: TranslationFunctions
}

/**
 * The page's dictionary, in a context of our own rather than typesafe-i18n's React adapter
 * (its provider component, unused here, is part of every page's script otherwise).
 */
const I18nContext = createContext<I18nValue>({ locale: 'de', LL: {} as TranslationFunctions })

/** Provides the dictionary of the given (already loaded) locale. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, LL: translations(locale) }), [locale])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** The current dictionary: `const { LL, locale } = useI18n()`. */
export const useI18n = (): I18nValue => useContext(I18nContext)
