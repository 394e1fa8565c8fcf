import { describe, expect, it } from 'vitest'
import {
  comingResolutions,
  isLinkable,
  isPlayable,
  isReleasable,
  mediaAvailability,
  publishingStatus,
  publishState,
} from '../../core/domain/catalog/publish.js'
import { videoDownloadPending } from '../../core/domain/playback/downloads.js'

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

describe('a video published in two steps', () => {
  const nothing = { mediaStatus: 'processing' as const }
  const first = { mediaStatus: 'processing' as const, resolutions: ['sd'] as const, pendingResolutions: ['hd', 'fhd'] as const }
  const higherFailed = { ...first, mediaStatus: 'failed' as const }
  const complete = { mediaStatus: 'ready' as const, resolutions: ['sd', 'hd', 'fhd'] as const, pendingResolutions: [] }
  const remaking = { ...complete, mediaStatus: 'pending' as const }

  it('plays at its lowest rung once that is published, while the higher rungs are made, and after they failed', () => {
    expect([nothing, first, higherFailed, complete, remaking].map(mediaAvailability)).toEqual(['none', 'partial', 'partial', 'complete', 'complete'])
    expect(isPlayable(nothing)).toBe(false)
    expect(isReleasable({ ...first, publishAt: null }, now)).toBe(true)
    expect(isReleasable({ ...higherFailed, publishAt: null }, now)).toBe(true)
    expect(isReleasable({ ...first, publishAt: new Date('2026-11-23T00:00:00Z') }, now)).toBe(false)
    expect(isReleasable({ ...remaking, publishAt: null }, now)).toBe(true)
    // Pending rungs without a published one: nothing plays.
    expect(mediaAvailability({ mediaStatus: 'processing', resolutions: [], pendingResolutions: ['hd'] })).toBe('none')
  })

  it('announces the rungs on their way only while they are made', () => {
    expect(comingResolutions(first)).toEqual(['hd', 'fhd'])
    expect(comingResolutions(higherFailed)).toEqual([])
    expect(comingResolutions(complete)).toEqual([])
  })

  it('has its download file (the top rung) with the complete ladder only', () => {
    expect(videoDownloadPending(first)).toBe('preparing')
    expect(videoDownloadPending(higherFailed)).toBe('unavailable')
    expect(videoDownloadPending(complete)).toBeNull()
    expect(videoDownloadPending(remaking)).toBeNull()
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
    // A video playing at its lowest rung while the higher ones are made is on the site already.
    expect(publishingStatus({ ...ready, mediaStatus: 'processing', resolutions: ['sd'], pendingResolutions: ['hd'] }, now)).toBe('published')
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
