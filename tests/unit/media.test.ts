import { describe, expect, it } from 'vitest'
import {
  clipMoments,
  displayFrame,
  fitWithin,
  ladderSummary,
  mainAudioTrack,
  masterPlaylist,
  outputFrameRate,
  planLadder,
  quarterTurn,
  rungCodecs,
  scanOrder,
  seekPlan,
  sourceProblem,
  stillTimes,
  titleFromFileName,
  type Rung,
  type SourceInfo,
} from '../../core/domain/media/media.js'
import { avc1Codec, h264Level } from '../../core/domain/media/media-h264.js'
import { parseIngestMeta } from '../../core/domain/schemas/media.js'
import { MediaRejected } from '../../core/ffmpeg/errors.js'
import { parseIdet } from '../../core/ffmpeg/inspect.js'
import { keyframeExpression, ladderFilterGraph } from '../../core/ffmpeg/ladder.js'
import { layoutChannels, parseFfmpegInfo } from '../../core/ffmpeg/probe.js'
import { FfmpegError } from '../../core/ffmpeg/run.js'
import { previewIndexes } from '../../worker/media/image-set-pipeline.js'
import { permanentReason } from '../../worker/media/outcome.js'

const source = (over: Partial<SourceInfo> = {}): SourceInfo => ({
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 60,
  width: 1920,
  height: 1080,
  rotation: 0,
  displayWidth: 1920,
  displayHeight: 1080,
  frameRate: 30,
  fieldOrder: 'progressive',
  videoCodec: 'h264',
  audioCodec: 'aac',
  hasVideo: true,
  hasAudio: true,
  audioTracks: [{ index: 1, codec: 'aac', channels: 2, isDefault: true }],
  ...over,
})
const sized = (width: number, height: number, over: Partial<SourceInfo> = {}) => source({ width, height, displayWidth: width, displayHeight: height, ...over })

describe('the ladder plan', () => {
  it('takes every rung up to the source height, with Apple-spec bitrates', () => {
    const rungs = planLadder(source())
    expect(rungs.map((r) => [r.resolution, r.width, r.height, r.videoKbps, r.maxKbps])).toEqual([
      ['sd', 854, 480, 1600, 1760],
      ['hd', 1280, 720, 4500, 4950],
      ['fhd', 1920, 1080, 7800, 8580],
    ])
    expect(ladderSummary(rungs)).toEqual({ resolutions: ['sd', 'hd', 'fhd'], highestResolution: 'fhd', pendingResolutions: [] })
    // After the first publication: the lowest rung plays, the others are on their way.
    expect(ladderSummary(rungs, 1)).toEqual({ resolutions: ['sd'], highestResolution: 'sd', pendingResolutions: ['hd', 'fhd'] })
  })

  it('never upscales, counts a nearly-1080p source as fhd, and gives a small source one sd rung at its size', () => {
    expect(planLadder(sized(1280, 720)).map((r) => r.resolution)).toEqual(['sd', 'hd'])
    expect(planLadder(sized(1920, 1040)).at(-1)).toMatchObject({ resolution: 'fhd', height: 1040 })
    expect(planLadder(sized(640, 360)).map((r) => [r.resolution, r.width, r.height])).toEqual([['sd', 640, 360]])
    expect(planLadder(sized(3840, 2160)).map((r) => r.resolution)).toEqual(['sd', 'hd', 'fhd', 'uhd'])
  })

  it('gives a vertical video vertical rungs: the ladder heights become the short side, the width', () => {
    // A phone's 1920x1080 stored with a 90° display matrix is shown 1080x1920.
    const phone = source({ rotation: 90, displayWidth: 1080, displayHeight: 1920 })
    expect(planLadder(phone).map((r) => [r.resolution, r.width, r.height, r.videoKbps, r.level, r.profile])).toEqual([
      ['sd', 480, 854, 1600, '3.1', 'main'],
      ['hd', 720, 1280, 4500, '3.1', 'high'],
      ['fhd', 1080, 1920, 7800, '4', 'high'],
    ])
    // 720x576 PAL shown at 16:9 (1024x576): 576 lines are too few for hd, so one sd rung, square pixels.
    expect(planLadder(source({ width: 720, height: 576, displayWidth: 1024, displayHeight: 576 })).map((r) => [r.resolution, r.width, r.height])).toEqual([
      ['sd', 854, 480],
    ])
  })

  it("computes each rung's H.264 level from its size, frame rate and bitrate, and its profile", () => {
    const levels = (over: Partial<SourceInfo>) => planLadder(source(over)).map((r) => `${r.resolution} ${r.profile} ${r.level} ${r.codecs}`)
    expect(levels({ frameRate: 30 })).toEqual(['sd main 3.1 avc1.4d401f', 'hd high 3.1 avc1.64001f', 'fhd high 4 avc1.640028'])
    expect(levels({ frameRate: 25 })).toEqual(['sd main 3 avc1.4d401e', 'hd high 3.1 avc1.64001f', 'fhd high 4 avc1.640028'])
    expect(levels({ frameRate: 60 })).toEqual(['sd main 3.1 avc1.4d401f', 'hd high 3.2 avc1.640020', 'fhd high 4.2 avc1.64002a'])
    expect(levels({ frameRate: 60000 / 1001 }).at(-1)).toBe('fhd high 4.2 avc1.64002a')
    expect(planLadder(sized(3840, 2160, { frameRate: 60 })).map((r) => r.level)).toEqual(['3.1', '3.2', '4.2', '5.2'])
    expect(planLadder(sized(3840, 2160, { frameRate: 30 })).at(-1)).toMatchObject({ level: '5.1', codecs: 'avc1.640033' })
    // 1080i25 becomes 1080p50 (one frame per field): level 4.2, not 4.
    expect(levels({ frameRate: 25, fieldOrder: 'tff' })).toEqual(['sd main 3.1 avc1.4d401f', 'hd high 3.2 avc1.640020', 'fhd high 4.2 avc1.64002a'])
  })

  it('takes the lowest level of Table A-1 whose every limit the stream fits', () => {
    const stream = { width: 1920, height: 1080, frameRate: 30, profile: 'high' as const, maxKbps: 8580, bufferKbits: 17160 }
    expect(h264Level(stream)).toEqual({ level: '4', idc: 40 })
    // Bitrate: 4.0 allows 25 Mbit/s for High (20 for Main), 4.1 62.5.
    expect(h264Level({ ...stream, maxKbps: 30000, bufferKbits: 30000 })?.level).toBe('4.1')
    expect(h264Level({ ...stream, profile: 'main', maxKbps: 22000, bufferKbits: 22000 })?.level).toBe('4.1')
    // A long thin picture: 256 macroblocks wide needs sqrt(8 x MaxFS) >= 256, so level 4, though 2048 macroblocks fit 3.1.
    expect(h264Level({ width: 4096, height: 128, frameRate: 25, profile: 'high', maxKbps: 1000, bufferKbits: 2000 })?.level).toBe('4')
    expect(h264Level({ ...stream, width: 8192, height: 8192 })).toBeNull()
    expect(avc1Codec(100, 0, 42)).toBe('avc1.64002a')
  })
})

describe('the picture as shown and the frame rate', () => {
  it('turns display matrices into quarter turns, and sizes into the shown picture', () => {
    expect([90, -90, 270, -270, 180, -180, 360, 89.99, 45].map(quarterTurn)).toEqual([90, 270, 270, 90, 180, 180, 0, 90, 0])
    expect(displayFrame(1920, 1080, 1, 90)).toEqual({ width: 1080, height: 1920 })
    expect(displayFrame(1920, 1080, 1, 180)).toEqual({ width: 1920, height: 1080 })
    expect(displayFrame(720, 576, 64 / 45, 0)).toEqual({ width: 1024, height: 576 })
    expect(displayFrame(720, 576, 64 / 45, 270)).toEqual({ width: 576, height: 1024 })
    expect(displayFrame(640, 480, NaN, 0)).toEqual({ width: 640, height: 480 })
  })

  it("makes the output rate constant: the average, snapped to a standard rate, an interlaced source's field rate, at most 60", () => {
    const rate = (frameRate: number, fieldOrder: SourceInfo['fieldOrder'] = 'progressive') => outputFrameRate({ frameRate, fieldOrder })
    expect(rate(29.99)).toEqual({ num: 30, den: 1 })
    expect(rate(29.87)).toEqual({ num: 30000, den: 1001 })
    expect(rate(29.97)).toEqual({ num: 30000, den: 1001 })
    expect(rate(47.3)).toEqual({ num: 48, den: 1 })
    expect(rate(40)).toEqual({ num: 40000, den: 1000 })
    expect(rate(25, 'tff')).toEqual({ num: 50, den: 1 })
    expect(rate(30000 / 1001, 'bff')).toEqual({ num: 60000, den: 1001 })
    expect([120, 100, 90, 59.94, 60].map((r) => rate(r))).toEqual([
      { num: 60, den: 1 },
      { num: 50, den: 1 },
      { num: 45000, den: 1000 },
      { num: 60000, den: 1001 },
      { num: 60, den: 1 },
    ])
    expect(rate(0)).toEqual({ num: 25, den: 1 })
  })

  it("decides interlacing from the flag, else from idet's verdicts on the sample", () => {
    const idet = (tff: number, bff: number, progressive: number) => ({ tff, bff, progressive, undetermined: 0 })
    expect(scanOrder('tff', null)).toEqual({ order: 'tff', by: 'flag' })
    expect(scanOrder('bff', idet(0, 0, 60))).toEqual({ order: 'bff', by: 'flag' })
    expect(scanOrder('progressive', idet(40, 2, 3))).toEqual({ order: 'tff', by: 'idet' })
    expect(scanOrder('unknown', idet(1, 50, 0))).toEqual({ order: 'bff', by: 'idet' })
    expect(scanOrder('progressive', idet(5, 0, 0))).toEqual({ order: 'progressive', by: 'flag' })
    expect(scanOrder('progressive', idet(20, 0, 15))).toEqual({ order: 'progressive', by: 'flag' })
    expect(scanOrder('unknown', null)).toEqual({ order: 'progressive', by: 'idet' })
    expect(parseIdet('[Parsed_idet_0 @ 0x1] Multi frame detection: TFF:    44 BFF:     1 Progressive:     5 Undetermined:     0')).toEqual(idet(44, 1, 5))
    expect(parseIdet('nothing')).toBeNull()
  })

  it('takes the default audio track, else the first', () => {
    const track = (index: number, isDefault: boolean) => ({ index, codec: 'aac', channels: 2, isDefault })
    expect(mainAudioTrack([track(1, false), track(2, true)])?.index).toBe(2)
    expect(mainAudioTrack([track(1, false), track(2, false)])?.index).toBe(1)
    expect(mainAudioTrack([])).toBeNull()
  })

  it('seeks MP4 exactly, MPEG-TS from 10 s earlier, and from the start when asked', () => {
    expect(seekPlan('mov,mp4,m4a,3gp,3g2,mj2', 30)).toEqual({ inputSeek: 30, skip: 0 })
    expect(seekPlan('matroska,webm', 1.5)).toEqual({ inputSeek: 1.5, skip: 0 })
    expect(seekPlan('mpegts', 30)).toEqual({ inputSeek: 20, skip: 10 })
    expect(seekPlan('mpegts', 4.2)).toEqual({ inputSeek: 0, skip: 4.2 })
    expect(seekPlan('mov,mp4,m4a,3gp,3g2,mj2', 30, true)).toEqual({ inputSeek: 0, skip: 30 })
  })
})

describe('the ladder command', () => {
  it('deinterlaces to the field rate, turns the picture upright, makes the rate constant, and downmixes the main audio track once', () => {
    const tsSource = source({
      fieldOrder: 'tff',
      rotation: 90,
      displayWidth: 1080,
      displayHeight: 1920,
      frameRate: 25,
      audioTracks: [
        { index: 1, codec: 'mp2', channels: 2, isDefault: false },
        { index: 2, codec: 'ac3', channels: 6, isDefault: true },
      ],
    })
    const graph = ladderFilterGraph(tsSource, planLadder(tsSource))
    expect(graph).toMatch(/^\[0:v:0\]bwdif=mode=send_field:parity=tff:deint=all,transpose=clock,fps=50,split=3\[s0\]\[s1\]\[s2\];/)
    expect(graph).toContain('[s2]scale=1080:1920:flags=bicubic,setsar=1,format=yuv420p[v2]')
    expect(graph).toMatch(
      /;\[0:2\]aresample=48000:ocl=stereo:clev=0\.7071:slev=0\.7071:lfe_mix_level=0:rematrix_maxval=1,aformat=[^;]*,asplit=3\[a0\]\[a1\]\[a2\]$/,
    )
    const plain = sized(640, 360, { audioTracks: [] })
    expect(ladderFilterGraph(plain, planLadder(plain))).toBe('[0:v:0]fps=30,scale=640:360:flags=bicubic,setsar=1,format=yuv420p[v0]')
  })

  it('puts no keyframe in the last half second, so a short tail joins the segment before it', () => {
    expect(keyframeExpression(6.02)).toBe('expr:gte(t,n_forced*2)*lt(t,5.520)')
  })
})

describe('failures', () => {
  it('fails at once what a retry cannot change, and retries trouble of the machine', () => {
    const ffmpegFailed = (detail: string) => new FfmpegError('ffmpeg exited with code 1: Conversion failed!', detail)
    expect(permanentReason(new MediaRejected('the file has no video stream'))).toBe('the file has no video stream')
    expect(
      permanentReason(
        ffmpegFailed('[h264 @ 0x1] Invalid NAL unit size (38459069 > 7533).\n[h264 @ 0x1] Error splitting the input into NAL units.\nConversion failed!'),
      ),
    ).toBe('ffmpeg cannot decode this source, it is damaged or in a format ffmpeg does not support (Invalid NAL unit size (38459069 > 7533).)')
    expect(permanentReason(ffmpegFailed('Some new message\nConversion failed!'))).toMatch(/\(Some new message\)$/)
    expect(permanentReason(ffmpegFailed('av_interleaved_write_frame(): No space left on device'))).toBeNull()
    expect(permanentReason(new FfmpegError('ffmpeg was killed with signal SIGKILL', ''))).toBeNull()
    expect(permanentReason(new Error('connection terminated'))).toBeNull()
  })
})

describe('the master playlist', () => {
  it('lists each variant with bandwidths, resolution, frame rate, codecs and a relative URI', () => {
    const [sd, hd] = planLadder(sized(1280, 720, { frameRate: 25 }))
    const variant = (rung: Rung, bandwidth: number, averageBandwidth: number, uri: string, hasAudio = false) => ({
      width: rung.width,
      height: rung.height,
      frameRate: rung.frameRate,
      codecs: rungCodecs(rung, hasAudio),
      bandwidth,
      averageBandwidth,
      uri,
    })
    const text = masterPlaylist([variant(sd!, 1_700_000, 1_200_000, 'sd/index.m3u8'), variant(hd!, 5_000_000, 3_900_000, 'hd/index.m3u8')])
    expect(text).toBe(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1700000,AVERAGE-BANDWIDTH=1200000,RESOLUTION=854x480,FRAME-RATE=25.000,CODECS="avc1.4d401e"\nsd/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=5000000,AVERAGE-BANDWIDTH=3900000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.64001f"\nhd/index.m3u8\n',
    )
    expect(masterPlaylist([variant(hd!, 1, 1, 'hd/index.m3u8', true)])).toContain('CODECS="avc1.64001f,mp4a.40.2"')
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
    expect(sourceProblem(sized(40000, 480))).toBe('the picture (40000x480) is larger than any H.264 level allows')
  })

  it('reads ffmpeg -i output when ffprobe cannot', () => {
    const info = parseFfmpegInfo(`Input #0, mpegts, from 'seg.ts':
  Duration: 00:01:02.50, start: 1.4, bitrate: 900 kb/s
    Stream #0:0[0x100]: Video: h264 (High) ([27][0][0][0] / 0x001B), yuv420p(progressive), 720x576 [SAR 64:45 DAR 16:9], 25 fps, 25 tbr, 90k tbn
    Stream #0:1[0x101](und): Audio: aac (LC) ([15][0][0][0] / 0x000F), 48000 Hz, stereo, fltp, 130 kb/s`)
    expect(info).toMatchObject({
      container: 'mpegts',
      durationSeconds: 62.5,
      width: 720,
      height: 576,
      displayWidth: 1024,
      displayHeight: 576,
      frameRate: 25,
      fieldOrder: 'progressive',
    })
    expect(info).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasAudio: true,
      audioTracks: [{ index: 1, codec: 'aac', channels: 2, isDefault: false }],
    })
    expect(parseFfmpegInfo('x.mp4: Invalid data found when processing input')).toBeNull()
  })

  it('reads field order, rotation and audio tracks from ffmpeg -i output', () => {
    const camcorder = parseFfmpegInfo(`Input #0, mpegts, from 'clip.mts':
  Duration: 00:00:02.02, start: 1.400000, bitrate: 937 kb/s
  Program 1 
    Metadata:
      service_name    : Service01
    Stream #0:0[0x1011]: Video: h264 (High) (HDMV / 0x564D4448), yuv420p(tv, bt709, top coded first (swapped)), 1440x1080 [SAR 4:3 DAR 16:9], 25 fps, 50 tbr, 90k tbn, 50 tbc
    Stream #0:1[0x1100]: Audio: ac3 (AC-3 / 0x332D4341), 48000 Hz, 5.1(side), fltp, 448 kb/s
    Stream #0:2[0x1101]: Audio: mp2 ([3][0][0][0] / 0x0003), 48000 Hz, stereo, s16p, 192 kb/s (default)`)
    expect(camcorder).toMatchObject({ displayWidth: 1920, displayHeight: 1080, fieldOrder: 'bff', rotation: 0, audioCodec: 'mp2' })
    expect(camcorder!.audioTracks.map((t) => [t.index, t.codec, t.channels, t.isDefault])).toEqual([
      [1, 'ac3', 6, false],
      [2, 'mp2', 2, true],
    ])
    const phone = parseFfmpegInfo(`Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'phone.mov':
  Duration: 00:00:02.00, start: 0.000000, bitrate: 636 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709, top first), 1920x1080 [SAR 1:1 DAR 16:9], 631 kb/s, 29.97 fps, 29.97 tbr, 600 tbn, 1200 tbc (default)
    Metadata:
      rotate          : 90
      handler_name    : Core Media Video
    Side data:
      displaymatrix: rotation of -90.00 degrees
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 64 kb/s (default)
    Metadata:
      rotate          : 180`)
    expect(phone).toMatchObject({ rotation: 90, displayWidth: 1080, displayHeight: 1920, fieldOrder: 'tff', frameRate: 29.97 })
    expect(phone!.audioTracks).toEqual([{ index: 1, codec: 'aac', channels: 1, isDefault: true }])
    const matrixOnly = parseFfmpegInfo(`Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'm.mp4':
  Duration: 00:00:02.00, start: 0.000000, bitrate: 636 kb/s
    Stream #0:0(und): Video: h264 (Main), yuv420p(progressive), 320x180, 30 fps, 30 tbr, 15360 tbn, 60 tbc (default)
    Side data:
      displaymatrix: rotation of 90.00 degrees`)
    expect(matrixOnly).toMatchObject({ rotation: 270, displayWidth: 180, displayHeight: 320, fieldOrder: 'progressive', hasAudio: false })
    expect(['mono', 'stereo', '5.1(side)', '7.1', 'quad', '6 channels', 'weird'].map(layoutChannels)).toEqual([1, 2, 6, 8, 4, 6, 2])
  })
})

describe('metadata files and names', () => {
  it('accepts the documented fields and explains the wrong ones', () => {
    expect(parseIngestMeta('{"title":"Bars","models":["Anna",3],"category":"outdoor","publish_at":"2026-12-24T18:00:00Z","downloadable":false}')).toMatchObject(
      {
        ok: true,
        meta: { title: 'Bars', models: ['Anna', 3], category: 'outdoor', downloadable: false },
      },
    )
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
