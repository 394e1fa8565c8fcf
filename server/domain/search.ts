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

export const MAX_SEARCH_WORDS = 6

export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()
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
 * Sorted by relevance, a search with up to RELEVANCE_EXACT_UP_TO matches ranks them all; a
 * broader one (a word found in a large part of the catalog) ranks its newest
 * RELEVANCE_CANDIDATES matches, and its pages end there (meta.total still counts every
 * match; the other sorts page through all of them).
 */
export const RELEVANCE_EXACT_UP_TO = 2000
export const RELEVANCE_CANDIDATES = 200

/** A search counts its matches up to this many; the pages show "10,000+" then. */
export const SEARCH_COUNT_LIMIT = 10_000
