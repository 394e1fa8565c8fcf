import { describe, expect, it } from 'vitest'
import { shortcutFor, stepRate } from '../../src/features/playback/shortcuts'

describe('player keyboard shortcuts', () => {
  it('map space/k, f, m, the arrows, j/l and < > to the player', () => {
    expect(shortcutFor({ key: ' ' })).toEqual({ kind: 'togglePlay' })
    expect(shortcutFor({ key: 'k' })).toEqual({ kind: 'togglePlay' })
    expect(shortcutFor({ key: 'f' })).toEqual({ kind: 'toggleFullscreen' })
    expect(shortcutFor({ key: 'M' })).toEqual({ kind: 'toggleMute' })
    expect(shortcutFor({ key: 'ArrowLeft' })).toEqual({ kind: 'seekBy', seconds: -5 })
    expect(shortcutFor({ key: 'ArrowRight' })).toEqual({ kind: 'seekBy', seconds: 5 })
    expect(shortcutFor({ key: 'j' })).toEqual({ kind: 'seekBy', seconds: -10 })
    expect(shortcutFor({ key: 'l' })).toEqual({ kind: 'seekBy', seconds: 10 })
    expect(shortcutFor({ key: 'ArrowUp', insidePlayer: true })).toEqual({ kind: 'volumeBy', step: 0.1 })
    expect(shortcutFor({ key: '>' })).toEqual({ kind: 'rateStep', step: 1 })
    expect(shortcutFor({ key: 'x' })).toBeNull()
  })

  it('leave keys their usual meaning: typing, buttons (space), sliders (arrows), the page (up/down), browser shortcuts', () => {
    expect(shortcutFor({ key: 'f', targetTag: 'input', targetRole: null })).toBeNull()
    expect(shortcutFor({ key: 'k', targetTag: 'textarea' })).toBeNull()
    expect(shortcutFor({ key: 'm', targetTag: 'div', targetEditable: true })).toBeNull()
    expect(shortcutFor({ key: ' ', targetTag: 'button' })).toBeNull()
    expect(shortcutFor({ key: ' ', targetTag: 'media-play-button' })).toBeNull()
    expect(shortcutFor({ key: 'k', targetTag: 'button' })).toEqual({ kind: 'togglePlay' })
    expect(shortcutFor({ key: 'ArrowLeft', targetTag: 'media-time-range' })).toBeNull()
    expect(shortcutFor({ key: 'ArrowRight', targetTag: 'div', targetRole: 'slider' })).toBeNull()
    expect(shortcutFor({ key: 'ArrowUp' })).toBeNull()
    expect(shortcutFor({ key: 'ArrowDown', targetTag: 'select', insidePlayer: true })).toBeNull()
    expect(shortcutFor({ key: 'f', ctrlKey: true })).toBeNull()
    expect(shortcutFor({ key: 'l', metaKey: true })).toBeNull()
  })

  it('step the playback rate along the list', () => {
    expect(stepRate(1, 1)).toBe(1.25)
    expect(stepRate(1, -1)).toBe(0.75)
    expect(stepRate(2, 1)).toBe(2)
    expect(stepRate(0.5, -1)).toBe(0.5)
    expect(stepRate(1.1, 1)).toBe(1.25)
    expect(stepRate(1.1, -1)).toBe(1)
  })
})
