import type { Query, QueryCache } from '@tanstack/react-query'

/** How long fetched data is used without asking again (a query may set its own). */
export const FRESH_MS = 30_000

/**
 * The browser's default staleTime. Data that came with the page counts as fetched when the page
 * arrived, not when the server rendered it: pages come from the server's page cache (up to 5
 * minutes old), and every query of an older page would otherwise be fetched again as it
 * hydrates: a request, a parse and a render for data the page already shows. A signed-in user's
 * queries are refetched anyway (features/auth/session.ts).
 *
 * `pageIsLive` tells the page's queries from later ones: those that arrive with data before the
 * page is live (src/lib/page-live.tsx) are the page's.
 */
export function pageDataFreshness(queryCache: QueryCache, pageIsLive: () => boolean, arrived = Date.now()): (query: Query) => number {
  const fromPage = new WeakMap<object, number>()
  queryCache.subscribe((event) => {
    const { query } = event
    if (event.type !== 'added' || query.state.data === undefined || pageIsLive()) return
    fromPage.set(query, query.state.dataUpdatedAt)
  })
  // The data's time (the server's clock) cancels out: fresh until FRESH_MS after the page arrived.
  return (query) => (fromPage.get(query) === query.state.dataUpdatedAt ? Math.max(0, arrived + FRESH_MS - query.state.dataUpdatedAt) : FRESH_MS)
}
