import { useEffect, useRef } from 'react'

/**
 * A heading that takes the keyboard focus when it appears (a form's "sent" state, the
 * error screen), so screen readers announce it. The page is scrolled to its top first:
 * scrolling the heading into view would hide it under the fixed header.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    window.scrollTo({ top: 0 })
    ref.current?.focus({ preventScroll: true })
  }, [])
  return ref
}
