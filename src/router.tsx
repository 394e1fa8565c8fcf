import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from './routeTree.gen'
import { queryClient, trpc, type Trpc } from './lib/trpc'
import { NotFound } from './components/NotFound'
import { ErrorFallback } from './features/site/ErrorFallback'

export interface RouterContext {
  queryClient: QueryClient
  trpc: Trpc
}

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which does the caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFound,
  // Every route's error screen; the root route draws it inside a fresh layout.
  defaultErrorComponent: ErrorFallback,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** false: the page is shown without the age gate (legal and help pages). */
    ageGate?: boolean
  }
}
