import { useSyncExternalStore } from 'react'
import { BREAKPOINTS, type Breakpoint } from '../../server/domain/list.js'
import { theme } from '../theme'

/** min-width media queries of the theme's breakpoints, widest first. */
const queries = BREAKPOINTS.filter((b): b is Exclude<Breakpoint, 'base'> => b !== 'base')
  .reverse()
  .map((name) => ({ name, query: `(min-width: ${theme.breakpoints![name]})` }))

/** The breakpoint the window is at now (for loaders, outside React). */
export function currentBreakpoint(): Breakpoint {
  if (typeof window === 'undefined') return 'lg'
  return queries.find(({ query }) => window.matchMedia(query).matches)?.name ?? 'base'
}

function subscribe(onChange: () => void): () => void {
  const lists = queries.map(({ query }) => window.matchMedia(query))
  for (const list of lists) list.addEventListener('change', onChange)
  return () => lists.forEach((list) => list.removeEventListener('change', onChange))
}

/** The current breakpoint, re-rendering when the window crosses one. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, currentBreakpoint, () => 'lg')
}
