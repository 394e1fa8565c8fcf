import { clipsAllowed, isTouchScreen, playWhenMostInView, startClip, stopClip, type Clip } from './preview-clips'

/**
 * The cards' preview clips (spec section 2: "preview clip on hover"), for the whole page at once:
 * a card's picture frame names its clip (`data-clip`, CardPicture), and the clip plays while the
 * pointer rests on the picture or keyboard focus is in the card; on touch screens the card most
 * in view plays once scrolling rests. The cards are plain HTML (often never hydrated), so this
 * listens on the window in the capture phase (React stops events bound for parts it has not
 * hydrated at the document) and makes a card's <video> only when its clip first plays. Loaded
 * once the page settles; no clips for visitors who ask to reduce motion or save data.
 */
const clips = new WeakMap<HTMLElement, Clip>()

function clipOf(frame: HTMLElement): Clip | null {
  const src = frame.dataset.clip
  if (!src) return null
  let clip = clips.get(frame)
  if (!clip) {
    let video: HTMLVideoElement | null = null
    const made = () => {
      if (!video) {
        video = document.createElement('video')
        Object.assign(video, { muted: true, loop: true, playsInline: true, preload: 'none', tabIndex: -1 })
        video.setAttribute('aria-hidden', 'true')
        frame.append(video)
      }
      return video
    }
    clip = {
      get video() {
        return made()
      },
      src,
      area: frame,
      show: (on) => made().toggleAttribute('data-on', on),
    }
    clips.set(frame, clip)
  }
  return clip
}

const frameIn = (node: EventTarget | null) => ((node as Element | null)?.closest?.('[data-clip]') as HTMLElement | null) ?? null

/** Plays a frame's clip (its <video> made on the first play). */
function play(frame: HTMLElement | null | undefined): void {
  const clip = frame && clipOf(frame)
  if (clip) startClip(clip)
}

/** Stops a frame's clip, if it ever played. */
function halt(frame: HTMLElement | null): void {
  const clip = frame && clips.get(frame)
  if (clip) stopClip(clip)
}

/** Hover (a mouse or pen: a tap is a navigation) and keyboard focus in the card. */
function followPointerAndFocus(): void {
  const options = { capture: true, passive: true } as const
  /** The frame whose edge a mouse or pen crossed; moves between its own parts do not count. */
  const crossedFrame = (event: PointerEvent) => {
    const frame = frameIn(event.target)
    return event.pointerType === 'touch' || !frame || frame.contains(event.relatedTarget as Node | null) ? null : frame
  }
  window.addEventListener('pointerover', (event) => play(crossedFrame(event)), options)
  window.addEventListener('pointerout', (event) => halt(crossedFrame(event)), options)
  const frameOfCard = (node: EventTarget | null) => ((node as Element | null)?.closest?.('article')?.querySelector('[data-clip]') as HTMLElement | null) ?? null
  window.addEventListener(
    'focusin',
    (event) => {
      const frame = frameOfCard(event.target)
      if (frame && (event.target as Element).matches(':focus-visible')) play(frame)
    },
    options,
  )
  window.addEventListener(
    'focusout',
    (event) => {
      const card = (event.target as Element | null)?.closest?.('article')
      if (!card?.contains(event.relatedTarget as Node | null)) halt(frameOfCard(event.target))
    },
    options,
  )
}

/** Touch screens: every card on the page takes part in "the card most in view plays", as cards come and go. */
function followScrolling(): void {
  const taking = new Map<HTMLElement, () => void>()
  const update = () => {
    const frames = new Set(document.querySelectorAll<HTMLElement>('article [data-clip]'))
    for (const [frame, stop] of taking) {
      if (!frames.has(frame)) {
        stop()
        taking.delete(frame)
      }
    }
    for (const frame of frames) {
      const clip = !taking.has(frame) && clipOf(frame)
      if (clip) taking.set(frame, playWhenMostInView(clip))
    }
  }
  update()
  let queued = false
  new MutationObserver(() => {
    if (queued) return
    queued = true
    requestAnimationFrame(() => {
      queued = false
      update()
    })
  }).observe(document.body, { childList: true, subtree: true })
}

let started = false

/** Starts the cards' clips for this page and every page after it (once). */
export function playCardClips(): void {
  if (started || !clipsAllowed()) return
  started = true
  followPointerAndFocus()
  if (isTouchScreen()) return followScrolling()
  // The pointer move that let this code load may already rest on a picture.
  play([...document.querySelectorAll<HTMLElement>('[data-clip]:hover')].pop())
}
