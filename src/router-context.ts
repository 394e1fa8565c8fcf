import type { QueryClient } from '@tanstack/react-query'
import type { Trpc } from './lib/trpc'
import type { PageEnvironment } from './lib/page-environment'

/** What every route's loader and component get from the router (one per request on the server, one per page in the browser). */
export interface RouterContext {
  queryClient: QueryClient
  trpc: Trpc
  env: PageEnvironment
}
