import { useRef, type TouchEvent } from 'react'

/** A horizontal move at least this long, and clearly more sideways than up or down, is a swipe. */
const SWIPE_MIN_PX = 50

/** -1: swiped towards the left (show the next), 1: towards the right (the previous), 0: no swipe. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0
  return dx < 0 ? -1 : 1
}

/**
 * Touch handlers for an element that pages sideways (the lightbox): a swipe to the left calls
 * `onStep(1)`, to the right `onStep(-1)`. Vertical moves and pinches are left to the browser.
 */
export function useSwipe(onStep: (delta: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null)
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0]
      start.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = start.current
      const touch = event.changedTouches[0]
      start.current = null
      if (!from || !touch) return
      const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y)
      if (direction !== 0) onStep(direction === -1 ? 1 : -1)
    },
    onTouchCancel: () => {
      start.current = null
    },
  }
}

/** How close two taps must follow each other to count as a double tap. */
export const DOUBLE_TAP_MS = 300
const SEEK_STEP_SECONDS = 10

/** Where a tap at `x` on a player `width` wide seeks on a double tap: left third back, right third forward, middle not. */
export function doubleTapSeek(x: number, width: number): -10 | 0 | 10 {
  if (width <= 0) return 0
  if (x < width / 3) return -SEEK_STEP_SECONDS as -10
  if (x > (width * 2) / 3) return SEEK_STEP_SECONDS as 10
  return 0
}
