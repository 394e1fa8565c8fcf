import { useEffect, useState } from 'react'
import { whenPageSettles } from './deferred'

/**
 * Whether an element has come within `margin` of the viewport (once true, it stays true): for
 * parts below the fold that fetch and draw only when the visitor scrolls towards them. It starts
 * watching once the page settles (the visitor starts using it, src/lib/deferred.tsx), so what lies
 * just below the fold costs nothing while the page starts. False on the server and in the first
 * render, so the server's HTML and hydration agree.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null)
  const [settled, setSettled] = useState(false)
  const [near, setNear] = useState(false)
  useEffect(() => {
    let current = true
    void whenPageSettles().then(() => current && setSettled(true))
    return () => void (current = false)
  }, [])
  useEffect(() => {
    if (!node || !settled || near) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin })
    observer.observe(node)
    return () => observer.disconnect()
  }, [node, settled, near, margin])
  return [setNode, near]
}
