import { stripSearchParams, type SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'

type ListSearch<F extends string> = { filter: F; page: number }

/** `?page=` of a console list: a whole number from 1 (1 when missing or bad). */
export const pageParam = v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1)

/** The search of a paged console list without a filter: `?page=`, left out of the address at 1. */
export const pagedListSearch = {
  validateSearch: v.object({ page: pageParam }),
  search: { middlewares: [stripSearchParams<{ page: number }>({ page: 1 })] },
}

/** The search of a console list with a filter: `?filter=` one of `filters` (the first by default) and `?page=`; defaults are left out of the address. */
export function filteredListSearch<F extends string>(filters: readonly [F, ...F[]]) {
  const schema = v.object({
    filter: v.optional(v.fallback(v.picklist(filters), filters[0]), filters[0]),
    page: pageParam,
  })
  // (Typed by hand: the generic filter defeats stripSearchParams' inference.)
  const defaults = stripSearchParams({ filter: filters[0], page: 1 } as never) as unknown as SearchMiddleware<ListSearch<F>>
  return { validateSearch: schema, search: { middlewares: [defaults] } }
}
