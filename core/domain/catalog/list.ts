/**
 * The list rules of spec sections 3, 5 and 9, written once and shared by the server's list
 * builder and the client's list pages: which sorts a list knows, the fallback to newest,
 * page clamping, page sizes by breakpoint and the pagination window.
 */

export type ListKind = 'videos' | 'imageSets' | 'models' | 'categories'

/** Every sort name any list knows; `relevance` only applies to a search (q given). */
const SORT_NAMES = ['relevance', 'newest', 'most_watched', 'best_rated', 'longest', 'alphabetic', 'position'] as const
export type SortName = (typeof SORT_NAMES)[number]
export type SortDirection = 'asc' | 'desc'

/** The sorts a visitor can choose per list (spec section 5), the default first. */
const SORTS_BY_KIND: Record<ListKind, readonly SortName[]> = {
  videos: ['newest', 'most_watched', 'best_rated', 'longest'],
  imageSets: ['newest', 'most_watched', 'best_rated', 'longest'],
  models: ['newest', 'best_rated', 'alphabetic'],
  categories: ['position'],
}

/** The natural direction of each sort: newest first, most first, A to Z. */
const DEFAULT_DIRECTION: Record<SortName, SortDirection> = {
  relevance: 'desc',
  newest: 'desc',
  most_watched: 'desc',
  best_rated: 'desc',
  longest: 'desc',
  alphabetic: 'asc',
  position: 'asc',
}

function isSortName(value: unknown): value is SortName {
  return typeof value === 'string' && (SORT_NAMES as readonly string[]).includes(value)
}

/** The sorts offered for a list; a search adds relevance in front. */
export function sortsFor(kind: ListKind, searching = false): readonly SortName[] {
  const sorts = SORTS_BY_KIND[kind]
  return searching && kind !== 'categories' ? ['relevance', ...sorts] : sorts
}

/** The default sort: relevance for a search, else the list's first sort (newest). */
function defaultSort(kind: ListKind, searching = false): SortName {
  return sortsFor(kind, searching)[0]!
}

/**
 * Any sort the list does not know falls back to its default (newest, or relevance when
 * searching); a direction other than asc/desc falls back to the sort's natural one.
 */
export function normalizeSort(
  kind: ListKind,
  sortBy: { name?: unknown; direction?: unknown } | null | undefined,
  searching = false,
): { name: SortName; direction: SortDirection } {
  const allowed = sortsFor(kind, searching)
  const name = isSortName(sortBy?.name) && allowed.includes(sortBy.name) ? sortBy.name : defaultSort(kind, searching)
  const direction = sortBy?.direction === 'asc' || sortBy?.direction === 'desc' ? sortBy.direction : DEFAULT_DIRECTION[name]
  return { name, direction }
}

/** The page count for a total: at least 1, so an empty list still has its page 1. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, perPage)))
}

/** Page below 1 (or not a number) becomes 1; a page past the last becomes the last. */
export function clampPage(page: unknown, total: number, perPage: number): number {
  const wanted = typeof page === 'number' && Number.isFinite(page) ? Math.floor(page) : 1
  return Math.min(Math.max(1, wanted), lastPage(total, perPage))
}

/** The most items one page may hold, whatever the caller asks for. */
export const MAX_PER_PAGE = 60
export const DEFAULT_PER_PAGE = 30

/** Caps a requested page size to 1..MAX_PER_PAGE; anything unusable gives the default. */
export function normalizePerPage(perPage: unknown): number {
  if (typeof perPage !== 'number' || !Number.isFinite(perPage) || perPage < 1) return DEFAULT_PER_PAGE
  return Math.min(MAX_PER_PAGE, Math.floor(perPage))
}

/** Mantine's breakpoints, smallest first ('base' is below xs). */
export const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg', 'xl'] as const
export type Breakpoint = (typeof BREAKPOINTS)[number]

/**
 * Page sizes of spec section 9: 30 on wide screens, 20 from sm, otherwise 10. "Wide" starts
 * at lg for videos and image sets and at xl for models (their cards are smaller).
 */
export function pageSizeFor(kind: ListKind, breakpoint: Breakpoint): number {
  const at = BREAKPOINTS.indexOf(breakpoint)
  const wideFrom = BREAKPOINTS.indexOf(kind === 'models' ? 'xl' : 'lg')
  if (at >= wideFrom) return 30
  if (at >= BREAKPOINTS.indexOf('sm')) return 20
  return 10
}

/** Middle pages shown by the pagination (spec section 9): 5 on wide screens, 3 on narrow. */
export function paginationMiddleCount(breakpoint: Breakpoint): number {
  return BREAKPOINTS.indexOf(breakpoint) >= BREAKPOINTS.indexOf('sm') ? 5 : 3
}

export type PaginationItem = { type: 'page'; page: number } | { type: 'gap'; key: string }

/**
 * The page links to show: always the first and the last page, up to `middle` pages around the
 * current one (shifted to stay inside 2..last-1), and a gap where pages are left out.
 */
export function paginationWindow(page: number, last: number, middle: number): PaginationItem[] {
  const total = Math.max(1, last)
  const current = Math.min(Math.max(1, page), total)
  if (total <= middle + 2) return range(1, total).map((p) => ({ type: 'page', page: p }))
  const inner = Math.max(1, middle)
  let start = current - Math.floor((inner - 1) / 2)
  start = Math.max(2, Math.min(start, total - inner))
  const end = start + inner - 1
  const items: PaginationItem[] = [{ type: 'page', page: 1 }]
  if (start > 2) items.push({ type: 'gap', key: 'start' })
  for (const p of range(start, end)) items.push({ type: 'page', page: p })
  if (end < total - 1) items.push({ type: 'gap', key: 'end' })
  items.push({ type: 'page', page: total })
  return items
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
}
