import { describe, expect, it } from 'vitest'
import { isLinkable, isReleasable, publishingStatus, publishState } from '../../server/domain/publish.js'

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

describe('publishingStatus (the console item page)', () => {
  const ready = { publishAt: null, releasedAt: null, mediaStatus: 'ready' as const, withdrawn: false }
  it('puts unpublished first, whatever the times say', () => {
    expect(publishingStatus({ ...ready, withdrawn: true }, now)).toBe('unpublished')
    expect(publishingStatus({ ...ready, withdrawn: true, releasedAt: now }, now)).toBe('unpublished')
  })
  it('is published when released, or due now with ready media', () => {
    expect(publishingStatus({ ...ready, releasedAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe('published')
    expect(publishingStatus(ready, now)).toBe('published')
  })
  it('is scheduled for a publish time ahead, media ready or not', () => {
    const ahead = new Date('2026-12-01T00:00:00Z')
    expect(publishingStatus({ ...ready, publishAt: ahead }, now)).toBe('scheduled')
    expect(publishingStatus({ ...ready, publishAt: ahead, mediaStatus: 'processing' }, now)).toBe('scheduled')
  })
  it('waits for its media when nothing else holds it back', () => {
    expect(publishingStatus({ ...ready, mediaStatus: 'processing' }, now)).toBe('waitingForMedia')
    expect(publishingStatus({ ...ready, mediaStatus: 'failed', publishAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe('waitingForMedia')
  })
})
