/**
 * Preview clips on a page: at most one plays at a time, whatever started it (the pointer resting
 * on a card, keyboard focus on a card, or, on touch screens, the card that rests most in view
 * after a pause in scrolling). Browser only: everything here runs from effects.
 */

export interface Clip {
  video: HTMLVideoElement
  src: string
  /** The picture the clip covers: its place on screen decides which card plays on touch screens. */
  area: HTMLElement
  /** Shows or hides the clip over the picture. */
  show: (on: boolean) => void
}

/** How long scrolling must rest before the card most in view starts its clip. */
export const SCROLL_SETTLE_MS = 400
/** A card must show at least this share of its picture to start, and stops below it. */
export const MIN_VISIBLE_SHARE = 0.6

let playing: Clip | null = null

export function startClip(clip: Clip): void {
  if (playing && playing !== clip) stopClip(playing)
  playing = clip
  const { video, src } = clip
  if (video.getAttribute('src') !== src) video.src = src
  clip.show(true)
  video.currentTime = 0
  void video.play().catch(() => undefined)
}

export function stopClip(clip: Clip): void {
  if (playing === clip) playing = null
  clip.show(false)
  clip.video.pause()
}

/**
 * Clips cost data and move: none for visitors who ask their browser to save data or to reduce
 * motion.
 */
export function clipsAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection
  if (connection?.saveData) return false
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/** A device whose main pointer cannot hover (phones, tablets): clips follow scrolling instead. */
export function isTouchScreen(): boolean {
  return !!window.matchMedia?.('(hover: none)').matches
}

/**
 * The pointer resting on the picture (a mouse or pen: a tap is a navigation), and keyboard focus
 * inside the card, play the clip as long as they stay.
 */
export function playOnHoverAndFocus(clip: Clip, card: HTMLElement | null): () => void {
  const { area } = clip
  const enter = (event: PointerEvent) => event.pointerType !== 'touch' && startClip(clip)
  const leave = (event: PointerEvent) => event.pointerType !== 'touch' && stopClip(clip)
  const focusIn = (event: FocusEvent) => (event.target as Element).matches?.(':focus-visible') && startClip(clip)
  const focusOut = (event: FocusEvent) => {
    if (!card?.contains(event.relatedTarget as Node | null)) stopClip(clip)
  }
  area.addEventListener('pointerenter', enter)
  area.addEventListener('pointerleave', leave)
  card?.addEventListener('focusin', focusIn)
  card?.addEventListener('focusout', focusOut)
  return () => {
    area.removeEventListener('pointerenter', enter)
    area.removeEventListener('pointerleave', leave)
    card?.removeEventListener('focusin', focusIn)
    card?.removeEventListener('focusout', focusOut)
  }
}

export interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** The share (0..1) of a box inside the viewport. */
export function visibleShare(box: Box, viewport: { width: number; height: number }): number {
  const height = box.bottom - box.top
  const width = box.right - box.left
  if (height <= 0 || width <= 0) return 0
  const visibleHeight = Math.max(0, Math.min(box.bottom, viewport.height) - Math.max(box.top, 0))
  const visibleWidth = Math.max(0, Math.min(box.right, viewport.width) - Math.max(box.left, 0))
  return (visibleHeight * visibleWidth) / (height * width)
}

/**
 * Which box rests most in view: the largest visible share (at least MIN_VISIBLE_SHARE), and
 * among equals (several cards wholly in view) the one nearest the viewport's centre. -1: none.
 */
export function mostInView(boxes: Box[], viewport: { width: number; height: number }): number {
  let best = -1
  let bestShare = 0
  let bestDistance = Infinity
  boxes.forEach((box, index) => {
    const share = visibleShare(box, viewport)
    if (share < MIN_VISIBLE_SHARE) return
    const distance = Math.hypot((box.top + box.bottom) / 2 - viewport.height / 2, (box.left + box.right) / 2 - viewport.width / 2)
    // Shares within 1% count as equal: rounding must not beat a card nearer the centre.
    if (share > bestShare + 0.01 || (share >= bestShare - 0.01 && distance < bestDistance)) {
      best = index
      bestShare = share
      bestDistance = distance
    }
  })
  return best
}

const inView = new Set<Clip>()
let settleTimer: ReturnType<typeof setTimeout> | undefined
let listening = false

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight }
}

function playMostInView() {
  const clips = [...inView]
  const index = mostInView(
    clips.map((clip) => clip.area.getBoundingClientRect()),
    viewport(),
  )
  const chosen = index >= 0 ? clips[index]! : null
  if (chosen && chosen !== playing) startClip(chosen)
  if (!chosen && playing && inView.has(playing)) stopClip(playing)
}

function onScroll() {
  // The playing card stops as soon as it leaves; the next one starts once scrolling rests.
  if (playing && inView.has(playing) && visibleShare(playing.area.getBoundingClientRect(), viewport()) < MIN_VISIBLE_SHARE) stopClip(playing)
  clearTimeout(settleTimer)
  settleTimer = setTimeout(playMostInView, SCROLL_SETTLE_MS)
}

/**
 * Listens to scrolling once the page has loaded, so no clip competes with the page's own
 * pictures for its Largest Contentful Paint (which the first scroll ends anyway). This code
 * loads with the visitor's first interaction (often that first scroll): a page already
 * scrolled is treated as a scroll that just happened.
 */
function listen() {
  if (listening) return
  listening = true
  const start = () => {
    window.addEventListener('scroll', onScroll, { passive: true })
    if (window.scrollY > 0) onScroll()
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

/** On touch screens: the card takes part in "the card most in view plays" until the returned cleanup. */
export function playWhenMostInView(clip: Clip): () => void {
  inView.add(clip)
  listen()
  return () => {
    inView.delete(clip)
    if (playing === clip) stopClip(clip)
  }
}
