/**
 * The signed-in user on the client: one query (auth.me) that the header, the access gates
 * and the pages share. After a login, logout or password reset every query is refreshed,
 * since what a page shows depends on who is asking.
 */
import { hashKey, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root.js'
import { useHydrating } from '../../lib/hydration'
import { useApi, useTRPC, type Api, type Trpc } from '../../lib/trpc'

export type Me = inferRouterOutputs<AppRouter>['auth']['me']

const meQueryOptions = (trpc: Trpc) => trpc.auth.me.queryOptions(undefined, { staleTime: 30_000 })

/** The current user for gates and loaders: cached while fresh, fetched otherwise. */
export function fetchMe({ queryClient, trpc }: Api): Promise<Me> {
  return queryClient.fetchQuery(meQueryOptions(trpc))
}

export function useMe() {
  return useQuery(meQueryOptions(useTRPC()))
}

/**
 * The signed-in user for the page's frame (header, footer), which the server draws as a
 * visitor sees it: undefined until the page is live, then the user or null. On a client-only
 * page the user is known before React hydrates the frame (the page's gate asked), and drawing
 * them at once would not match the server's HTML.
 */
export function useSignedInUser(): Me | null | undefined {
  const me = useMe().data
  return useHydrating() ? undefined : me
}

/** After a login: every query is refetched for the new user, who is returned. */
export async function refreshAfterLogin(api: Api): Promise<Me> {
  const { queryClient } = api
  // A request still in flight was answered for the previous state (e.g. the page's first
  // auth.me while the mailed link was being confirmed); invalidation alone would reuse it
  // when the query has no data yet, so cancel it first.
  await queryClient.cancelQueries()
  await queryClient.invalidateQueries()
  return fetchMe(api)
}

/** After a logout: nobody is signed in; other queries refresh in the background. */
export function forgetUser({ queryClient, trpc }: Api): void {
  queryClient.setQueryData(meQueryOptions(trpc).queryKey, null)
  void queryClient.invalidateQueries()
}

/**
 * Server-rendered pages show what a visitor sees; once the browser knows who is signed in,
 * every query is fetched again for that user (ratings, favorites, fresh counts).
 */
export function useRefreshForSignedInUser(): void {
  const api = useApi()
  const userId = useMe().data?.id
  useEffect(() => {
    if (!userId) return
    const me = meQueryOptions(api.trpc).queryKey
    void api.queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== hashKey(me) })
  }, [userId, api.queryClient, api.trpc])
}
