import { useSyncExternalStore } from 'react'
import { BREAKPOINTS, type Breakpoint } from '../../core/domain/catalog/list.js'
import { theme } from '../theme'
import { usePageEnvironment, type PageEnvironment } from './page-environment'

/** min-width media queries of the theme's breakpoints, widest first. */
const queries = BREAKPOINTS.filter((b): b is Exclude<Breakpoint, 'base'> => b !== 'base')
  .reverse()
  .map((name) => ({ name, query: `(min-width: ${theme.breakpoints![name]})` }))

/**
 * The breakpoint the window is at now (for loaders, outside React); on the server, the one the
 * request's device most likely has.
 */
export function currentBreakpoint(env: PageEnvironment): Breakpoint {
  if (typeof window === 'undefined') return env.breakpoint
  return queries.find(({ query }) => window.matchMedia(query).matches)?.name ?? 'base'
}

function subscribe(onChange: () => void): () => void {
  const lists = queries.map(({ query }) => window.matchMedia(query))
  for (const list of lists) list.addEventListener('change', onChange)
  return () => lists.forEach((list) => list.removeEventListener('change', onChange))
}

/**
 * The current breakpoint, re-rendering when the window crosses one. The server's guess is
 * used while hydrating, so the first render matches the server's HTML.
 */
export function useBreakpoint(): Breakpoint {
  const env = usePageEnvironment()
  return useSyncExternalStore(
    subscribe,
    () => currentBreakpoint(env),
    () => env.breakpoint,
  )
}
