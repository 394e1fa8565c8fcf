/**
 * The server entry, built by Vite into dist/server and called by server/render: renders one
 * page request into a full HTML response with TanStack Router's SSR. Every request gets its own
 * router, QueryClient and API client (the server's procedures called in-process).
 */
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import type { AnyRouter } from '@tanstack/react-router'
import { loadAllLocales } from '../i18n/i18n-util.sync.js'
import type { RenderRequest as AppRenderRequest } from '../core/render-contract.js'
import { createQueryClient, type ApiClient } from './lib/trpc'
import { createAppRouter } from './router'
import { deferredPartsLoaded } from './lib/deferred'

loadAllLocales()

export type RenderRequest = AppRenderRequest<ApiClient>

export function render({ request, apiClient, env, manifest }: RenderRequest): Promise<Response> {
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient: createQueryClient(), apiClient, env }) as AnyRouter,
    getRouterManifest: () => manifest,
  })
  return handler(async ({ responseHeaders, router }) => {
    // The page's deferred parts (src/lib/deferred.tsx) render at once on the server.
    await deferredPartsLoaded()
    return renderRouterToString({ responseHeaders, router, children: <RouterServer router={router} /> })
  })
}
