import type { EntityManager } from '@mikro-orm/postgresql'
import { LOCALES, type Locale, type LocalizedText } from '../../../domain/locale.js'
import { AppError } from '../../../domain/errors.js'
import { notifyCatalogChanged } from '../../catalog/release.js'

/** Every language of a stored text, empty where it is missing (what the editors show). */
export const allLocales = (text: LocalizedText | null | undefined) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, text?.[locale] ?? ''])) as Record<Locale, string>

/** Only the languages given: an empty text is a missing translation. */
export const filled = (text: Record<string, string>): LocalizedText => Object.fromEntries(Object.entries(text).filter(([, value]) => value !== ''))

/** A row's fields as plain JSON for the audit log (dates as ISO strings). */
export function snapshot<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Record<K, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key] instanceof Date ? (row[key] as Date).toISOString() : (row[key] ?? null)])) as Record<K, unknown>
}

export function found<T>(row: T | null, field?: string): T {
  if (!row) throw new AppError('NOT_FOUND', 'notFound', undefined, field)
  return row
}

/** Every server's catalog and page caches drop what they hold when the change commits. */
export const changed = (em: EntityManager, what: string) => notifyCatalogChanged(em, `admin ${what}`)
