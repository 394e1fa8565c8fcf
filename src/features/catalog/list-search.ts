import { stripSearchParams, type SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'
import { sortsFor, type ListKind, type SortName } from '../../../core/domain/catalog/list.js'

/**
 * Sort and page in the query string (spec section 4), with the spec's fallbacks: an unknown
 * sort becomes the list's default, a page that is not a whole number of at least 1 becomes 1.
 * A page past the last is answered by the server with the last page, and the route follows.
 */
export function listSearchSchema(kind: ListKind, searching = false) {
  const sorts = sortsFor(kind, searching) as [SortName, ...SortName[]]
  return v.object({
    sort: v.optional(v.fallback(v.picklist(sorts), sorts[0]), sorts[0]),
    page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  })
}

/** Keeps default values out of the URL (/videos rather than /videos?sort=newest&page=1). */
export function listSearchDefaults<S extends { sort: SortName; page: number }>(kind: ListKind, searching = false): Array<SearchMiddleware<S>> {
  return [stripSearchParams<S>({ sort: sortsFor(kind, searching)[0]!, page: 1 } as Partial<S> as never)]
}
