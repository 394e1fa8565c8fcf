import { describe, expect, it } from 'vitest'
import { clampPosition, isWatched, resumeAt, watchedShare } from '../../core/domain/playback/watch.js'

describe('resume rules', () => {
  it('offers to resume from the second second until 95 % of the video', () => {
    expect(resumeAt(0, 100)).toBeNull()
    expect(resumeAt(1.99, 100)).toBeNull()
    expect(resumeAt(2, 100)).toBe(2)
    expect(resumeAt(94.99, 100)).toBe(94.99)
    expect(resumeAt(95, 100)).toBeNull()
    expect(resumeAt(Number.NaN, 100)).toBeNull()
    // A video of unknown length is never watched.
    expect(resumeAt(5000, 0)).toBe(5000)
  })

  it('counts a video watched from 95 %', () => {
    expect(isWatched(94.9, 100)).toBe(false)
    expect(isWatched(95, 100)).toBe(true)
    expect(isWatched(5, 0)).toBe(false)
  })

  it('keeps positions inside the video and gives the share for the bar', () => {
    expect(clampPosition(-3, 100)).toBe(0)
    expect(clampPosition(130, 100)).toBe(100)
    expect(clampPosition(130, 0)).toBe(130)
    expect(watchedShare(25, 100)).toBe(0.25)
    expect(watchedShare(130, 100)).toBe(1)
    expect(watchedShare(10, 0)).toBe(0)
  })
})
