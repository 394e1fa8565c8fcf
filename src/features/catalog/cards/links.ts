import type { Locale } from '../../../../core/domain/locale.js'

/**
 * The addresses cards link to, as plain strings: cards are plain elements (many of them per
 * page, often never hydrated), and the page's one link listener takes their clicks into the
 * router (src/lib/plain-links.ts).
 */
export const itemPath = {
  video: (locale: Locale, id: number) => `/${locale}/videos/${id}`,
  imageSet: (locale: Locale, id: number) => `/${locale}/images/${id}`,
  model: (locale: Locale, id: number) => `/${locale}/models/${id}?type=videos`,
  category: (locale: Locale, id: number) => `/${locale}/categories/${id}/videos`,
}
