import { QueryCache, QueryClient, MutationCache, useQueryClient } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError, type TRPCClient } from '@trpc/client'
import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root.js'
import { getActiveLocale } from './locale.js'
import { FRESH_MS, pageDataFreshness } from './page-data-freshness.js'
import { showGenericError } from './toasts.js'

type ApiError = TRPCClientError<AppRouter>
export type ApiClient = TRPCClient<AppRouter>
/** Query and mutation options for every procedure: `useQuery(trpc.catalog.x.queryOptions(...))`. */
export type Trpc = TRPCOptionsProxy<AppRouter>

/**
 * The options proxy of the current request (server) or page (browser): `const trpc = useTRPC()`
 * in components; loaders use `context.trpc` of the router.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/** The query cache and the options proxy together (router context and components both have them). */
export interface Api {
  queryClient: QueryClient
  trpc: Trpc
}

export function useApi(): Api {
  return { queryClient: useQueryClient(), trpc: useTRPC() }
}

/** Unexpected failures (server errors, lost connection) get the spec's generic toast. */
function isUnexpected(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true
  const code = (error as ApiError).data?.code
  return code === undefined || code === 'INTERNAL_SERVER_ERROR'
}

/**
 * A QueryClient with the product's defaults: one per page in the browser, one per request
 * on the server (no toasts there: a failed query there becomes the page's error or not-found).
 */
export function createQueryClient(): QueryClient {
  const inBrowser = typeof window !== 'undefined'
  const toast = (error: unknown) => inBrowser && isUnexpected(error) && showGenericError()
  const queryCache = new QueryCache({ onError: toast })
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: inBrowser ? pageDataFreshness(queryCache, () => document.documentElement.hasAttribute('data-hydrated')) : FRESH_MS,
        retry: (count, error) => inBrowser && isUnexpected(error) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
    queryCache,
    mutationCache: new MutationCache({ onError: toast }),
  })
}

/**
 * The headers of the browser's API calls: the page's language, and x-streamclub-csrf, which
 * marks a call as the page's own (a cross-site form cannot set it).
 */
export const apiHeaders = () => ({ 'x-locale': getActiveLocale(), 'x-streamclub-csrf': '1' })

/**
 * The browser's API client: batched HTTP to /trpc with the page's headers. Subscriptions (the
 * console's live pipeline) are server-sent events (EventSource, which reconnects by itself); they
 * only read, so they need no header.
 */
export function createBrowserApiClient(): ApiClient {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpBatchLink({ url: '/trpc', headers: apiHeaders }),
      }),
    ],
  })
}

/** Field messages from a BAD_REQUEST, already translated by the server. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof TRPCClientError ? ((error as ApiError).data?.fieldErrors ?? {}) : {}
}
