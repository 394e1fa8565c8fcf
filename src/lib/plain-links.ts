import type { AnyRouter } from '@tanstack/react-router'

/**
 * Plain links inside an element marked `data-nav` (the catalog's cards, the footer, rich text)
 * navigate inside the app like the router's own links: one listener on the window takes their
 * clicks to the router, and preloads a page as the pointer rests on its link (or a finger or the
 * focus reaches it). Those parts are plain HTML, many of them never hydrated (src/lib/island.tsx),
 * so the listeners sit on the window in the capture phase: React stops events bound for parts it
 * has not hydrated yet at the document.
 */
export function followPlainLinks(router: AnyRouter): () => void {
  const linkOf = (event: Event): HTMLAnchorElement | null => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!anchor || !anchor.closest('[data-nav]')) return null
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return null
    return anchor
  }
  const href = (anchor: HTMLAnchorElement) => `${anchor.pathname}${anchor.search}${anchor.hash}`

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const anchor = linkOf(event)
    if (!anchor) return
    event.preventDefault()
    void router.navigate({ href: href(anchor) } as never)
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  const preload = (anchor: HTMLAnchorElement) => void router.preloadRoute({ href: href(anchor) } as never).catch(() => undefined)
  const onPointerOver = (event: MouseEvent) => {
    clearTimeout(timer)
    const anchor = linkOf(event)
    // As the router's links do: a link the pointer rests on for 50 ms.
    if (anchor) timer = setTimeout(() => preload(anchor), 50)
  }
  const onTouchOrFocus = (event: Event) => {
    const anchor = linkOf(event)
    if (anchor) preload(anchor)
  }

  const capture = { capture: true } as const
  const passive = { capture: true, passive: true } as const
  window.addEventListener('click', onClick, capture)
  window.addEventListener('mouseover', onPointerOver, passive)
  window.addEventListener('touchstart', onTouchOrFocus, passive)
  window.addEventListener('focusin', onTouchOrFocus, passive)
  return () => {
    clearTimeout(timer)
    window.removeEventListener('click', onClick, capture)
    window.removeEventListener('mouseover', onPointerOver, passive)
    window.removeEventListener('touchstart', onTouchOrFocus, passive)
    window.removeEventListener('focusin', onTouchOrFocus, passive)
  }
}
