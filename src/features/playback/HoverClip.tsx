import { useEffect, useRef, useState } from 'react'
import { whenPageSettles } from '../../lib/deferred'
import type { Clip } from './preview-clips'

/**
 * A video's silent preview clip (public, spec section 2: "preview clip on hover"), laid over
 * its picture while the pointer rests on the picture or keyboard focus is in its card. With
 * `inView` (cards), a touch screen plays the clip of the card most in view once scrolling
 * rests. One clip plays at a time; nothing loads before it first plays; none for visitors who
 * ask for reduced motion or to save data. The clips' logic (preview-clips.ts) loads once the page
 * settles (the first pointer move, touch or scroll): no clip plays before that anyway.
 */
export function HoverClip({ src, inView = false }: { src: string | null | undefined; inView?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [active, setActive] = useState(false)

  useEffect(() => {
    const video = ref.current
    const area = video?.parentElement
    if (!video || !area || !src) return
    let cleanups: Array<() => void> = []
    let ended = false
    void whenPageSettles()
      .then(() => import('./preview-clips'))
      .then(({ clipsAllowed, isTouchScreen, playOnHoverAndFocus, playWhenMostInView, startClip, stopClip }) => {
        if (ended || !clipsAllowed()) return
        const clip: Clip = { video, src, area, show: setActive }
        cleanups = [playOnHoverAndFocus(clip, video.closest('article')), () => stopClip(clip)]
        if (inView && isTouchScreen()) cleanups.push(playWhenMostInView(clip))
        // The pointer move that let the logic load may already rest on this picture.
        else if (area.matches(':hover')) startClip(clip)
      })
    return () => {
      ended = true
      cleanups.forEach((cleanup) => cleanup())
    }
  }, [src, inView])

  if (!src) return null
  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        opacity: active ? 1 : 0,
        transition: 'opacity 150ms',
        pointerEvents: 'none',
      }}
    />
  )
}
