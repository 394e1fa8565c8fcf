import { useEffect, useRef, useState } from 'react'
import { clipsAllowed, isTouchScreen, playOnHoverAndFocus, playWhenMostInView, stopClip, type Clip } from './preview-clips'

/**
 * A video's silent preview clip (public, spec section 2: "preview clip on hover"), laid over
 * its picture while the pointer rests on the picture or keyboard focus is in its card. With
 * `inView` (cards), a touch screen plays the clip of the card most in view once scrolling
 * rests. One clip plays at a time; nothing loads before it first plays; none for visitors who
 * ask for reduced motion or to save data.
 */
export function HoverClip({ src, inView = false }: { src: string | null | undefined; inView?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [active, setActive] = useState(false)

  useEffect(() => {
    const video = ref.current
    const area = video?.parentElement
    if (!video || !area || !src || !clipsAllowed()) return
    const clip: Clip = { video, src, area, show: setActive }
    const cleanups = [playOnHoverAndFocus(clip, video.closest('article'))]
    if (inView && isTouchScreen()) cleanups.push(playWhenMostInView(clip))
    return () => {
      cleanups.forEach((cleanup) => cleanup())
      stopClip(clip)
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
