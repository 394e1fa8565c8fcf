import { describe, expect, it } from 'vitest'
import {
  clipMoments,
  fitWithin,
  ladderSummary,
  masterPlaylist,
  planLadder,
  sourceProblem,
  stillTimes,
  titleFromFileName,
  type SourceInfo,
} from '../../server/domain/media.js'
import { parseIngestMeta } from '../../server/domain/schemas/media.js'
import { parseFfmpegInfo } from '../../worker/ffmpeg/probe.js'
import { previewIndexes } from '../../worker/media/image-set-pipeline.js'

const source = (over: Partial<SourceInfo> = {}): SourceInfo => ({
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 60,
  width: 1920,
  height: 1080,
  displayAspect: 16 / 9,
  frameRate: 30,
  videoCodec: 'h264',
  audioCodec: 'aac',
  hasVideo: true,
  hasAudio: true,
  ...over,
})

describe('the ladder plan', () => {
  it('takes every rung up to the source height, with Apple-spec bitrates', () => {
    const rungs = planLadder(source())
    expect(rungs.map((r) => [r.resolution, r.width, r.height, r.videoKbps, r.maxKbps])).toEqual([
      ['sd', 854, 480, 1600, 1760],
      ['hd', 1280, 720, 4500, 4950],
      ['fhd', 1920, 1080, 7800, 8580],
    ])
    expect(ladderSummary(rungs)).toEqual({ resolutions: ['sd', 'hd', 'fhd'], highestResolution: 'fhd' })
  })

  it('never upscales, counts a nearly-1080p source as fhd, and gives a small source one sd rung at its size', () => {
    expect(planLadder(source({ width: 1280, height: 720 })).map((r) => r.resolution)).toEqual(['sd', 'hd'])
    expect(planLadder(source({ width: 1920, height: 1040, displayAspect: 1920 / 1040 })).at(-1)).toMatchObject({ resolution: 'fhd', height: 1040 })
    expect(planLadder(source({ width: 640, height: 360 })).map((r) => [r.resolution, r.width, r.height])).toEqual([['sd', 640, 360]])
    expect(planLadder(source({ width: 3840, height: 2160 })).map((r) => r.resolution)).toEqual(['sd', 'hd', 'fhd', 'uhd'])
  })

  it('keeps portrait videos portrait and non-square pixels displayed right', () => {
    const portrait = planLadder(source({ width: 1080, height: 1920, displayAspect: 1080 / 1920 }))
    expect(portrait.map((r) => [r.width, r.height])).toEqual([
      [480, 854],
      [720, 1280],
      [1080, 1920],
    ])
    // 720x576 PAL shown at 16:9 (1024x576): 576 lines are too few for hd, so one sd rung, square pixels.
    expect(planLadder(source({ width: 720, height: 576, displayAspect: 16 / 9 })).map((r) => [r.resolution, r.width, r.height])).toEqual([['sd', 854, 480]])
  })
})

describe('the master playlist', () => {
  it('lists each variant with bandwidths, resolution, frame rate, codecs and a relative URI', () => {
    const [sd, hd] = planLadder(source({ width: 1280, height: 720 }))
    const text = masterPlaylist(
      [
        { rung: sd!, bandwidth: 1_700_000, averageBandwidth: 1_200_000, uri: 'sd/index.m3u8' },
        { rung: hd!, bandwidth: 5_000_000, averageBandwidth: 3_900_000, uri: 'hd/index.m3u8' },
      ],
      false,
      25,
    )
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1700000,AVERAGE-BANDWIDTH=1200000,RESOLUTION=854x480,FRAME-RATE=25.000,CODECS="avc1.64001f"\nsd/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=5000000,AVERAGE-BANDWIDTH=3900000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.64001f"\nhd/index.m3u8\n',
    )
  })
})

describe('moments', () => {
  it('spreads stills across the video and fits clip pieces into short videos', () => {
    expect(stillTimes(90, 8)).toEqual([10, 20, 30, 40, 50, 60, 70, 80])
    expect(clipMoments(100, 5, 1.6)).toEqual([
      { start: 9.2, length: 1.6 },
      { start: 29.2, length: 1.6 },
      { start: 49.2, length: 1.6 },
      { start: 69.2, length: 1.6 },
      { start: 89.2, length: 1.6 },
    ])
    const short = clipMoments(3, 5, 1.6)
    expect(short.every((m) => m.length === 0.48 && m.start + m.length <= 3)).toBe(true)
  })

  it('picks preview collage pictures spread over a set', () => {
    expect(previewIndexes(3)).toEqual([0, 1, 2])
    expect(previewIndexes(10)).toEqual([0, 3, 6, 9])
  })
})

describe('source checks', () => {
  it('names the problem of an unusable source', () => {
    expect(sourceProblem(source())).toBeNull()
    expect(sourceProblem(source({ container: 'png_pipe' }))).toMatch(/^unsupported container "png_pipe"/)
    expect(sourceProblem(source({ hasVideo: false, width: 0, height: 0 }))).toBe('the file has no video stream')
    expect(sourceProblem(source({ durationSeconds: 0 }))).toBe('the video has no duration (empty or truncated)')
    expect(sourceProblem(source({ durationSeconds: 0.4 }))).toMatch(/too short/)
  })

  it('reads ffmpeg -i output when ffprobe cannot', () => {
    const info = parseFfmpegInfo(`Input #0, mpegts, from 'seg.ts':
  Duration: 00:01:02.50, start: 1.4, bitrate: 900 kb/s
    Stream #0:0[0x100]: Video: h264 (High) ([27][0][0][0] / 0x001B), yuv420p(progressive), 720x576 [SAR 64:45 DAR 16:9], 25 fps, 25 tbr, 90k tbn
    Stream #0:1[0x101](und): Audio: aac (LC) ([15][0][0][0] / 0x000F), 48000 Hz, stereo, fltp, 130 kb/s`)
    expect(info).toMatchObject({ container: 'mpegts', durationSeconds: 62.5, width: 720, height: 576, frameRate: 25, videoCodec: 'h264', audioCodec: 'aac', hasAudio: true })
    expect(info!.displayAspect).toBeCloseTo(16 / 9, 3)
    expect(parseFfmpegInfo('x.mp4: Invalid data found when processing input')).toBeNull()
  })
})

describe('metadata files and names', () => {
  it('accepts the documented fields and explains the wrong ones', () => {
    expect(parseIngestMeta('{"title":"Bars","models":["Anna",3],"category":"outdoor","publish_at":"2026-12-24T18:00:00Z","downloadable":false}')).toMatchObject({
      ok: true,
      meta: { title: 'Bars', models: ['Anna', 3], category: 'outdoor', downloadable: false },
    })
    expect(parseIngestMeta('{ nope')).toMatchObject({ ok: false, error: expect.stringMatching(/^not valid JSON/) })
    expect(parseIngestMeta('{"title":{"xx":"?"},"colour":"red"}')).toEqual({ ok: false, error: expect.stringContaining('Unrecognized key: "colour"') })
    expect(parseIngestMeta('{"title":{"en":"Bars\\u0000"},"models":["\\ud800"]}')).toEqual({
      ok: false,
      error: 'title: contains a NUL character or an unpaired surrogate; models.0: contains a NUL character or an unpaired surrogate',
    })
  })

  it('makes sizes and titles', () => {
    expect(fitWithin(3000, 2000, 400)).toEqual({ width: 400, height: 266 })
    expect(fitWithin(300, 200, 400)).toEqual({ width: 300, height: 200 })
    expect(titleFromFileName('summer_beach-02.final.mp4')).toBe('Summer beach 02 final')
  })
})
