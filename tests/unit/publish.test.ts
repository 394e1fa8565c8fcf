import { describe, expect, it } from 'vitest'
import { isLinkable, isReleasable, publishState } from '../../server/domain/publish.js'

const now = new Date('2026-11-22T12:00:00Z')

describe('publishState', () => {
  it('treats an empty or past publish_at as published', () => {
    expect(publishState(null, now)).toBe('published')
    expect(publishState(new Date('2026-11-22T11:59:59Z'), now)).toBe('published')
    expect(publishState(now, now)).toBe('published')
  })
  it('treats a future publish_at as upcoming, without a link', () => {
    expect(publishState(new Date('2026-11-22T12:00:01Z'), now)).toBe('upcoming')
    expect(isLinkable(new Date('2026-12-01T00:00:00Z'), now)).toBe(false)
  })
})

describe('isReleasable', () => {
  it('needs ready media and a publish time that has come', () => {
    expect(isReleasable({ publishAt: null, mediaStatus: 'ready' }, now)).toBe(true)
    expect(isReleasable({ publishAt: new Date('2026-11-23T00:00:00Z'), mediaStatus: 'ready' }, now)).toBe(false)
    expect(isReleasable({ publishAt: null, mediaStatus: 'processing' }, now)).toBe(false)
    expect(isReleasable({ publishAt: null, mediaStatus: 'failed' }, now)).toBe(false)
  })
})
