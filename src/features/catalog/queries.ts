/**
 * Query options of the catalog, shared by route loaders and components (the loader fills the
 * cache, the component reads the same key). Lists ask only for the relations their cards show
 * (the model names come from `models`; `featured_model` would repeat one of them).
 */
import type { Locale } from '../../../core/domain/locale.js'
import { pageSizeFor, type Breakpoint, type ListKind, type SortName } from '../../../core/domain/catalog/list.js'
import type { ListQueryInput, ListRelation } from '../../../core/domain/schemas/catalog.js'
import type { Trpc } from '../../lib/trpc'

const CARD_RELATIONS = {
  videos: ['featured_preview', 'models', 'rating'],
  imageSets: ['featured_preview', 'models', 'rating'],
  models: ['rating'],
  categories: [],
} satisfies Record<ListKind, ListRelation[]>

type Filters = Omit<ListQueryInput, 'locale' | 'with' | 'per_page' | 'page' | 'sort_by'>

/** The input of a paginated list page: page size by breakpoint, sort and page from the URL. */
export function pageInput(
  kind: ListKind,
  locale: Locale,
  breakpoint: Breakpoint,
  search: { sort?: SortName; page?: number },
  filters: Filters = {},
): ListQueryInput {
  return {
    locale,
    with: CARD_RELATIONS[kind],
    per_page: pageSizeFor(kind, breakpoint),
    page: search.page ?? 1,
    ...(search.sort ? { sort_by: { name: search.sort } } : {}),
    ...filters,
  }
}

/** A fixed block (home, recommendations): `limit` items, no pagination. */
export function blockInput(kind: ListKind, locale: Locale, limit: number, filters: Filters & { sort?: SortName } = {}): ListQueryInput {
  const { sort, ...rest } = filters
  return { locale, with: CARD_RELATIONS[kind], limit, ...(sort ? { sort_by: { name: sort } } : {}), ...rest }
}

/** The list procedures' query options by kind. */
export const listQuery = (trpc: Trpc) => ({
  videos: (input: ListQueryInput) => trpc.catalog.videos.queryOptions(input),
  imageSets: (input: ListQueryInput) => trpc.catalog.imageSets.queryOptions(input),
  models: (input: ListQueryInput) => trpc.catalog.models.queryOptions(input),
  categories: (input: ListQueryInput) => trpc.catalog.categories.queryOptions(input),
})
