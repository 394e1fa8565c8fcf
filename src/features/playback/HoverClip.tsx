import { useEffect, useRef, useState } from 'react'

/**
 * A video's silent preview clip (public, spec section 2: "preview clip on hover"), laid over
 * its picture while the pointer rests on the picture. Nothing loads before the first hover; a
 * user who asks for reduced motion gets no clip.
 */
export function HoverClip({ src }: { src: string | null | undefined }) {
  const ref = useRef<HTMLVideoElement>(null)
  const [active, setActive] = useState(false)

  useEffect(() => {
    const video = ref.current
    const area = video?.parentElement
    if (!video || !area || !src) return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    const enter = () => {
      if (video.getAttribute('src') !== src) video.src = src
      setActive(true)
      video.currentTime = 0
      void video.play().catch(() => undefined)
    }
    const leave = () => {
      setActive(false)
      video.pause()
    }
    area.addEventListener('pointerenter', enter)
    area.addEventListener('pointerleave', leave)
    return () => {
      area.removeEventListener('pointerenter', enter)
      area.removeEventListener('pointerleave', leave)
    }
  }, [src])

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
