import { describe, expect, it } from 'vitest'
import { scrubInterval, scrubRows, scrubTileSize, scrubTrack } from '../../core/domain/media/scrub.js'
import { rewriteThumbnailTrack } from '../../core/services/media/playlists.js'

describe('scrub thumbnails', () => {
  it('come every 2 s (the keyframe spacing) up to about 200 per video, then further apart, at most every 10 s', () => {
    expect(scrubInterval(5)).toBe(2)
    expect(scrubInterval(308)).toBe(2)
    expect(scrubInterval(400)).toBe(2)
    expect(scrubInterval(401)).toBe(4)
    expect(scrubInterval(1000)).toBe(6)
    expect(scrubInterval(3600)).toBe(10)
    expect(scrubInterval(36_000)).toBe(10)
  })

  it('are 240 px on the longer side, never larger than the picture, and sheets only as tall as needed', () => {
    expect(scrubTileSize(640, 360)).toEqual({ width: 240, height: 136 })
    expect(scrubTileSize(854, 480)).toEqual({ width: 240, height: 134 })
    expect(scrubTileSize(480, 854)).toEqual({ width: 134, height: 240 })
    expect(scrubTileSize(160, 90)).toEqual({ width: 160, height: 90 })
    expect(scrubRows(13, 2)).toBe(1)
    expect(scrubRows(42, 2)).toBe(3)
    expect(scrubRows(3600, 10)).toBe(10)
  })

  it('are named by a WebVTT track: one cue per thumbnail until the next, tiles left to right, then the next sheet', () => {
    const times = Array.from({ length: 23 }, (_, i) => i * 2)
    const track = scrubTrack(times, 45.5, { width: 240, height: 136 }, 10, 2)
    const cues = track.split('\n\n').slice(1)
    expect(track.startsWith('WEBVTT\n\n')).toBe(true)
    expect(cues).toHaveLength(23)
    expect(cues[0]).toBe('00:00:00.000 --> 00:00:02.000\nsheet-001.jpg#xywh=0,0,240,136')
    expect(cues[11]).toBe('00:00:22.000 --> 00:00:24.000\nsheet-001.jpg#xywh=240,136,240,136')
    expect(cues[20]).toBe('00:00:40.000 --> 00:00:42.000\nsheet-002.jpg#xywh=0,0,240,136')
    expect(cues[22]).toBe('00:00:44.000 --> 00:00:45.500\nsheet-002.jpg#xywh=480,0,240,136\n')
    expect(scrubTrack([0, 3725.25], 3800, { width: 10, height: 10 })).toContain('01:02:05.250 --> 01:03:20.000')
  })

  it('reach the player with every sheet as its own signed URL, the tile kept, nothing outside the item', () => {
    const track = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nsheet-001.jpg#xywh=0,0,240,136\n\n00:00:02.000 --> 00:00:04.000\nsheet-001.jpg#xywh=240,0,240,136\n'
    const signed = rewriteThumbnailTrack(track, 'protected/k1/scrub/thumbnails.vtt', (stored) => `/${stored}?s=1`)
    expect(signed).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n/protected/k1/scrub/sheet-001.jpg?s=1#xywh=0,0,240,136\n\n00:00:02.000 --> 00:00:04.000\n/protected/k1/scrub/sheet-001.jpg?s=1#xywh=240,0,240,136\n',
    )
    for (const uri of ['../../k2/scrub/sheet-001.jpg', 'https://example.com/x.jpg', '/protected/k2/x.jpg']) {
      expect(() =>
        rewriteThumbnailTrack(`WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n${uri}#xywh=0,0,1,1\n`, 'protected/k1/scrub/thumbnails.vtt', (s) => s),
      ).toThrow(/outside its folder/)
    }
  })
})
