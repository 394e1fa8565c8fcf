import { describe, expect, it } from 'vitest'
import { doubleTapSeek, swipeDirection } from '../../src/lib/gestures'
import { mostInView, visibleShare } from '../../src/features/playback/preview-clips'

const phone = { width: 390, height: 844 }
const box = (top: number, left = 16, width = 170, height = 96) => ({ top, bottom: top + height, left, right: left + width })

describe('the preview clip on a touch screen', () => {
  it('measures how much of a card picture is in view', () => {
    expect(visibleShare(box(100), phone)).toBe(1)
    expect(visibleShare(box(-48), phone)).toBe(0.5)
    expect(visibleShare(box(900), phone)).toBe(0)
    expect(visibleShare(box(100, 0, 0, 0), phone)).toBe(0)
  })

  it('plays the card most in view, the one nearest the centre among cards wholly in view', () => {
    // A card half cut off at the top, two wholly in view in the first row, one at the centre.
    const boxes = [box(-48), box(120), box(120, 204), box(380, 204)]
    expect(mostInView(boxes, phone)).toBe(3)
    // Only cards cut off at the edges: the one showing more wins.
    expect(mostInView([box(-30), box(770)], phone)).toBe(1)
  })

  it('plays none when no card shows most of its picture', () => {
    expect(mostInView([box(-60), box(790)], phone)).toBe(-1)
    expect(mostInView([], phone)).toBe(-1)
  })
})

describe('touch gestures', () => {
  it('takes a clearly sideways move of 50 px or more as a swipe', () => {
    expect(swipeDirection(-120, 10)).toBe(-1)
    expect(swipeDirection(80, -20)).toBe(1)
    expect(swipeDirection(-40, 0)).toBe(0)
    expect(swipeDirection(-90, 80)).toBe(0)
  })

  it('seeks back on the left third and forward on the right third of the player', () => {
    expect(doubleTapSeek(50, 390)).toBe(-10)
    expect(doubleTapSeek(195, 390)).toBe(0)
    expect(doubleTapSeek(350, 390)).toBe(10)
    expect(doubleTapSeek(10, 0)).toBe(0)
  })
})
