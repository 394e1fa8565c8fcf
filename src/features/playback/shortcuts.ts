/**
 * The player's keyboard shortcuts (YouTube's): space or k play/pause, f fullscreen, m mute,
 * ← → 5 s back/forward, j l 10 s, ↑ ↓ volume (with the focus in the player; elsewhere they
 * scroll the page), < > slower/faster. They work anywhere on the
 * video page while the player is open, except where the key means something else: typing in
 * a field, a focused button or menu (space and Enter activate it), a focused slider (the arrows
 * move it), and with Ctrl, Alt or Meta held (the browser's own shortcuts).
 */

export type ShortcutAction =
  | { kind: 'togglePlay' }
  | { kind: 'toggleFullscreen' }
  | { kind: 'toggleMute' }
  | { kind: 'seekBy'; seconds: number }
  | { kind: 'volumeBy'; step: number }
  | { kind: 'rateStep'; step: 1 | -1 }

/** Playback speeds of the speed button and the < > keys. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const

export interface KeyInfo {
  key: string
  ctrlKey?: boolean
  altKey?: boolean
  metaKey?: boolean
  /** The focused element's tag name (lower case), role and whether it is editable. */
  targetTag?: string
  targetRole?: string | null
  targetEditable?: boolean
  /** Focus is inside the player (the up and down arrows scroll the page elsewhere). */
  insidePlayer?: boolean
}

const SLIDERS = new Set(['media-time-range', 'media-volume-range', 'input'])
const ACTIVATED = new Set([
  'button',
  'a',
  'select',
  'summary',
  'media-play-button',
  'media-mute-button',
  'media-fullscreen-button',
  'media-pip-button',
  'media-playback-rate-button',
])

export function shortcutFor(event: KeyInfo): ShortcutAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null
  const tag = event.targetTag ?? ''
  if (event.targetEditable || tag === 'textarea' || (tag === 'input' && event.targetRole !== 'slider' && event.targetRole !== 'checkbox')) return null
  const onSlider = SLIDERS.has(tag) || event.targetRole === 'slider'
  const onActivated = ACTIVATED.has(tag) || event.targetRole === 'button' || event.targetRole === 'menuitem' || event.targetRole === 'option'
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return onActivated ? null : { kind: 'togglePlay' }
    case 'k':
    case 'K':
      return { kind: 'togglePlay' }
    case 'f':
    case 'F':
      return { kind: 'toggleFullscreen' }
    case 'm':
    case 'M':
      return { kind: 'toggleMute' }
    case 'ArrowLeft':
      return onSlider ? null : { kind: 'seekBy', seconds: -5 }
    case 'ArrowRight':
      return onSlider ? null : { kind: 'seekBy', seconds: 5 }
    case 'j':
    case 'J':
      return { kind: 'seekBy', seconds: -10 }
    case 'l':
    case 'L':
      return { kind: 'seekBy', seconds: 10 }
    case 'ArrowUp':
      return onSlider || tag === 'select' || !event.insidePlayer ? null : { kind: 'volumeBy', step: 0.1 }
    case 'ArrowDown':
      return onSlider || tag === 'select' || !event.insidePlayer ? null : { kind: 'volumeBy', step: -0.1 }
    case '<':
      return { kind: 'rateStep', step: -1 }
    case '>':
      return { kind: 'rateStep', step: 1 }
    default:
      return null
  }
}

/** The next playback rate up or down the list (the nearest listed one from an unlisted rate). */
export function stepRate(current: number, step: 1 | -1): number {
  const index = PLAYBACK_RATES.findIndex((rate) => rate >= current - 1e-6)
  const at = index < 0 ? PLAYBACK_RATES.length - 1 : index
  const exact = Math.abs(PLAYBACK_RATES[at]! - current) < 1e-6
  const next = step === 1 ? (exact ? at + 1 : at) : at - 1
  return PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, Math.max(0, next))]!
}
