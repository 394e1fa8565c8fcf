import { useSyncExternalStore } from 'react'
import { usePageEnvironment } from './page-environment'

const MINUTE = 60_000
const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE)
  return () => clearInterval(timer)
}

/**
 * "Now" for texts like "3 minutes ago", to the minute. While a server-rendered page hydrates
 * it is the moment the server rendered it (so the texts match the HTML), then the browser's
 * clock, refreshed every minute.
 */
export function useNow(): Date {
  const env = usePageEnvironment()
  return new Date(useSyncExternalStore(subscribe, currentMinute, () => env.renderedAt))
}
