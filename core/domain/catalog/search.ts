/**
 * How a search text becomes search terms (pure; the database does the matching). Words are
 * lower case without accents, like the stored search columns; only letters and digits are
 * kept, so the full-text query built from them is always valid.
 */
export interface SearchTerms {
  /** The whole text, folded: for trigram similarity. */
  text: string
  /** At most MAX_SEARCH_WORDS words, each at least one letter or digit. */
  words: string[]
}

const MAX_SEARCH_WORDS = 6

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/** null when the text holds nothing to search for. */
export function searchTerms(q: string | null | undefined): SearchTerms | null {
  if (!q) return null
  const words = foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
  if (!words.length) return null
  return { text: words.join(' '), words }
}

/**
 * A search counts its matches up to this many (counting reads every matching row); the pages
 * show "2,000 or more" then.
 */
export const SEARCH_COUNT_LIMIT = 2000

/**
 * Sorted by relevance, a search with fewer matches than SEARCH_COUNT_LIMIT ranks them all; a
 * broader one (a word found in a large part of the catalog) ranks its newest
 * RELEVANCE_CANDIDATES matches, and its pages end there (meta.total still counts or estimates
 * every match; the other sorts page through all of them).
 */
export const RELEVANCE_EXACT_UP_TO = SEARCH_COUNT_LIMIT - 1
export const RELEVANCE_CANDIDATES = 200

/**
 * A search whose estimated matches (from the search statistics) exceed this is not counted:
 * its total is the estimate, shown as "about N". Up to here it is counted exactly.
 */
export const ESTIMATE_TRUSTED_ABOVE = SEARCH_COUNT_LIMIT - 1

/** An estimate as shown: two significant digits (4,871 → 4,900; 12,345 → 12,000). */
export function roundEstimate(estimate: number): number {
  if (estimate < 100) return Math.max(0, Math.round(estimate))
  const unit = 10 ** (Math.floor(Math.log10(estimate)) - 1)
  return Math.round(estimate / unit) * unit
}
