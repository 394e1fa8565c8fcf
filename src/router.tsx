import { createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { QueryClient } from '@tanstack/react-query'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../server/trpc/root.js'
import { routeTree } from './routeTree.gen'
import { TRPCProvider, type ApiClient } from './lib/trpc'
import type { PageEnvironment } from './lib/page-environment'
import { NotFound } from './components/NotFound'
import { dehydratedWithPage } from './lib/deferred'
import { askedAddressOf, gatedPageTarget, pageGate } from '../core/domain/age/gates.js'

export interface AppRouterDeps {
  queryClient: QueryClient
  apiClient: ApiClient
  env: PageEnvironment
}

/**
 * A router with its own QueryClient and API client: one per request on the server, one per
 * page in the browser. The QueryClient's data goes from the server into the page with the
 * router's dehydration (TanStack Query's SSR integration).
 */
export function createAppRouter({ queryClient, apiClient, env }: AppRouterDeps) {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: apiClient, queryClient })
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, env },
    // Under the age-assurance policy of the visitor's place, a catalog address shows the
    // verification page (front) or the "not available" page (block) while the address stays;
    // the server answers it with 403 or 451 (core/domain/age/gates.ts).
    rewrite: {
      input: ({ url }) => {
        const gate = pageGate(env.age, url.pathname)
        return gate ? new URL(gatedPageTarget(gate, url.pathname, url.search, env.preferredLocale), url) : undefined
      },
      // …and the gated page's own address is the one that was asked for.
      output: ({ url }) => {
        const asked = askedAddressOf(url.pathname, url.searchParams)
        return asked ? new URL(asked, url) : undefined
      },
    },
    // Gated catalog pages have nothing to preload.
    defaultPreload: env.age.explicitAllowed ? 'intent' : false,
    // Loaders read through TanStack Query, which does the caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    // Every route's error screen (loaded when needed: it brings the feedback form); the root
    // route draws it inside a fresh layout.
    defaultErrorComponent: lazyRouteComponent(() => import('./features/site/ErrorFallback'), 'ErrorFallback'),
    // The page environment travels with the router's own state.
    dehydrate: () => ({ env }),
    hydrate: (dehydrated: { env: PageEnvironment }) => void Object.assign(env, dehydrated.env),
    Wrap: ({ children }) => (
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    ),
  })
  setupRouterSsrQueryIntegration({ router, queryClient, dehydrateOptions: { shouldDehydrateQuery: dehydratedWithPage } })
  return router
}

export type AppRouterInstance = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouterInstance
  }
  interface StaticDataRouteOption {
    /** false: the page is shown without the age gate (legal and help pages). */
    ageGate?: boolean
  }
}
