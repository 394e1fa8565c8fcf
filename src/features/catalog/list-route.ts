import { isLocale, type Locale } from '../../../core/domain/locale.js'
import type { ListKind, SortName } from '../../../core/domain/catalog/list.js'
import type { ListQueryInput } from '../../../core/domain/schemas/catalog.js'
import { currentBreakpoint } from '../../lib/breakpoint'
import type { RouterContext } from '../../router-context'
import { staticHead } from '../../lib/seo'
import { listSearchDefaults, listSearchSchema } from './list-search'
import { listQuery, pageInput } from './queries'

/**
 * What list routes run before their page renders (search parameters, loader, head), apart
 * from the list's components (ContentList.tsx), so the entry script, which holds every
 * route's options, does not carry the list pages.
 */
export type ListFilters = Omit<ListQueryInput, 'locale' | 'with' | 'per_page' | 'page' | 'sort_by'>
export interface ListSearch {
  sort: SortName
  page: number
}

/** For route loaders: fetches the page the component will show (same query key). */
export function ensureList(context: RouterContext, kind: ListKind, locale: Locale, search: ListSearch, filters: ListFilters = {}) {
  const input = pageInput(kind, locale, currentBreakpoint(context.env), search, filters)
  return context.queryClient.ensureQueryData(listQuery(context.trpc)[kind](input) as never)
}

const LIST_META_KEY = { videos: 'videos', imageSets: 'images', models: 'models', categories: 'categories' } as const

/**
 * The options of a plain list route (/videos, /images, /models, /categories) but its
 * component: sort and page in the query string, the page loaded before it shows.
 */
export function listRouteOptions(kind: ListKind) {
  return {
    validateSearch: listSearchSchema(kind),
    search: { middlewares: listSearchDefaults(kind) },
    head: staticHead(LIST_META_KEY[kind]),
    loaderDeps: ({ search }: { search: ListSearch }) => search,
    loader: ({ context, params, deps }: { context: RouterContext; params: { lang: string }; deps: ListSearch }) =>
      isLocale(params.lang) ? ensureList(context, kind, params.lang, deps) : undefined,
  }
}
