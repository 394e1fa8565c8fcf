import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root.js'
import { getActiveLocale } from './locale.js'
import { showGenericError } from './toasts.js'

export type ApiError = TRPCClientError<AppRouter>

/** Unexpected failures (server errors, lost connection) get the spec's generic toast. */
function isUnexpected(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return true
  const code = (error as ApiError).data?.code
  return code === undefined || code === 'INTERNAL_SERVER_ERROR'
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => isUnexpected(error) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache({ onError: (error) => isUnexpected(error) && showGenericError() }),
  mutationCache: new MutationCache({ onError: (error) => isUnexpected(error) && showGenericError() }),
})

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // x-streamclub-csrf: the server takes state-changing calls only from this site's pages.
      headers: () => ({ 'x-locale': getActiveLocale(), 'x-streamclub-csrf': '1' }),
    }),
  ],
})

/** Query and mutation options for every procedure: `useQuery(trpc.catalog.x.queryOptions(...))`. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })

export type Trpc = typeof trpc

/** Field messages from a BAD_REQUEST, already translated by the server. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof TRPCClientError ? ((error as ApiError).data?.fieldErrors ?? {}) : {}
}
