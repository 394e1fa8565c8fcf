import { stripSearchParams, type SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'

type ListSearch<F extends string> = { filter: F; page: number }

/** The search of a console list with a filter: `?filter=` one of `filters` (the first by default) and `?page=`; defaults are left out of the address. */
export function filteredListSearch<F extends string>(filters: readonly [F, ...F[]]) {
  const schema = v.object({
    filter: v.optional(v.fallback(v.picklist(filters), filters[0]), filters[0]),
    page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  })
  // (Typed by hand: the generic filter defeats stripSearchParams' inference.)
  const defaults = stripSearchParams({ filter: filters[0], page: 1 } as never) as unknown as SearchMiddleware<ListSearch<F>>
  return { validateSearch: schema, search: { middlewares: [defaults] } }
}
