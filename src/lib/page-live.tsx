import { useEffect } from 'react'
import { markPageHydrated } from './deferred'

/**
 * The page is live once React has taken over its content, not only the document shell. React
 * hydrates the route's content (inside the router's Suspense boundary) in a later pass than the
 * shell around it, and a choice made on the server's HTML in between is lost; so the mark comes
 * from inside the content (`PageLive`), and the root sets it itself only on pages whose content
 * the browser draws (client-only routes). Browser tests wait for the mark before they act;
 * deferred parts (src/lib/deferred.tsx) load only after it.
 */
export function markPageLive(): void {
  if (document.documentElement.hasAttribute('data-hydrated')) return
  document.documentElement.setAttribute('data-hydrated', '')
  markPageHydrated()
}

/**
 * Rendered at the end of server-rendered content: its effect runs when that content is hydrated.
 * Every server-rendered route below the root ends with one: the locale's pages (routes/$lang.tsx),
 * /account/select-plan, the not-found and error screens.
 */
export function PageLive() {
  useEffect(markPageLive, [])
  return null
}
