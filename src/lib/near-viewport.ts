import { useCallback, useState } from 'react'

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true): for
 * parts below the fold that fetch and draw only when the visitor scrolls towards them. False on
 * the server and in the first render, so the server's HTML and hydration agree.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [(node: T | null) => void, boolean] {
  const [near, setNear] = useState(false)
  const ref = useCallback(
    (node: T | null) => {
      if (!node || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return
          setNear(true)
          observer.disconnect()
        },
        { rootMargin: margin },
      )
      observer.observe(node)
      return () => observer.disconnect()
    },
    [near, margin],
  )
  return [ref, near]
}
