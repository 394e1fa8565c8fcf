import { useSyncExternalStore } from 'react'

const noChanges = () => () => undefined
const notHydrating = () => false
const whileHydrating = () => true

/**
 * True on the server and while React hydrates the server's HTML, false once the page is live
 * (React reads useSyncExternalStore's server snapshot exactly while hydrating, then renders
 * again with the client's). For what the browser knows before hydration but the server did not
 * draw: showing it at once would not match the server's HTML (React error 418) and React would
 * draw the whole page anew.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noChanges, notHydrating, whileHydrating)
}
