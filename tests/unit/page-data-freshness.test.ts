import { dehydrate, hydrate, QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FRESH_MS, pageDataFreshness } from '../../src/lib/page-data-freshness.js'

const MINUTE = 60_000

/** A page's dehydrated data, fetched by the server `ageMs` before the browser got the page. */
function serverPage(ageMs: number) {
  const server = new QueryClient()
  server.setQueryData(['catalog.video', 7], { id: 7, title: 'Test pattern' }, { updatedAt: Date.now() - ageMs })
  return dehydrate(server)
}

function browserClient(pageIsLive: () => boolean) {
  const queryCache = new QueryCache()
  return new QueryClient({ queryCache, defaultOptions: { queries: { staleTime: pageDataFreshness(queryCache, pageIsLive) } } })
}

/** Whether a component showing the query now would fetch it again (the client's default staleTime). */
const isStale = (client: QueryClient, key: unknown[]) => new QueryObserver(client, { queryKey: key }).getCurrentResult().isStale

describe("the page's data in the browser", () => {
  afterEach(() => void vi.useRealTimers())

  it('counts as fresh from when the page arrived, however old the cached page was, then goes stale', () => {
    vi.useFakeTimers()
    let live = false
    const client = browserClient(() => live)
    // A page from the page cache, rendered four minutes ago.
    hydrate(client, serverPage(4 * MINUTE))
    live = true
    expect(isStale(client, ['catalog.video', 7])).toBe(false)
    vi.advanceTimersByTime(FRESH_MS - 1000)
    expect(isStale(client, ['catalog.video', 7])).toBe(false)
    vi.advanceTimersByTime(2000)
    expect(isStale(client, ['catalog.video', 7])).toBe(true)
  })

  it('leaves data fetched in the browser, and data that arrives after the page is live, to the usual rule', () => {
    vi.useFakeTimers()
    const client = browserClient(() => true)
    // Hydrated once the page is live (a later navigation's data): measured from when it was fetched.
    hydrate(client, serverPage(4 * MINUTE))
    expect(isStale(client, ['catalog.video', 7])).toBe(true)
    client.setQueryData(['catalog.videos'], [])
    vi.advanceTimersByTime(FRESH_MS - 1000)
    expect(isStale(client, ['catalog.videos'])).toBe(false)
    vi.advanceTimersByTime(2000)
    expect(isStale(client, ['catalog.videos'])).toBe(true)
  })

  it('is fetched again on the usual rule once the browser has fetched it anew', () => {
    vi.useFakeTimers()
    let live = false
    const client = browserClient(() => live)
    hydrate(client, serverPage(4 * MINUTE))
    live = true
    vi.advanceTimersByTime(10_000)
    // A refetch (a signed-in user's): new data, measured from now.
    client.setQueryData(['catalog.video', 7], { id: 7, title: 'Renamed' })
    vi.advanceTimersByTime(FRESH_MS - 1000)
    expect(isStale(client, ['catalog.video', 7])).toBe(false)
    vi.advanceTimersByTime(2000)
    expect(isStale(client, ['catalog.video', 7])).toBe(true)
  })
})
