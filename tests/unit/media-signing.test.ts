import { describe, expect, it } from 'vitest'
import { attachmentHeader, compactAttachmentHeader, downloadAllowance, downloadDay, downloadFileName } from '../../core/domain/playback/downloads.js'
import { playlistSeconds, rewritePlaylist } from '../../core/services/media/playlists.js'
import { MediaSigner, isProtectedPath } from '../../core/services/media/signing.js'

const SECRET = 'unit-secret-unit-secret-unit-secret-0123'
const KEY = '0f8c5b9e-5d3a-4a57-9a4e-0d5a0b1c2d3e'
const PATH = `protected/${KEY}/hls/sd/seg-00001.ts`
const grant = { userId: 42, sessionId: 'a'.repeat(64) }
const now = new Date('2026-11-23T12:00:00Z')

function parse(url: string) {
  const u = new URL(url, 'http://x')
  return { stored: u.pathname.slice(1), query: Object.fromEntries(u.searchParams) }
}

describe('signed media URLs', () => {
  const signer = new MediaSigner(SECRET, 600)

  it('signs a stored path for a user, session and expiry, and accepts it back', () => {
    const url = signer.sign(PATH, grant, now)
    expect(url).toMatch(new RegExp(`^/${PATH}\\?u=42&e=\\d+&s=[A-Za-z0-9_-]{43}$`))
    const { stored, query } = parse(url)
    const result = signer.verify(stored, query, grant.sessionId, now)
    expect(result).toMatchObject({ ok: true, userId: 42 })
  })

  it('expires: valid at least the TTL, at most TTL plus one window, then refused', () => {
    const { stored, query } = parse(signer.sign(PATH, grant, now))
    const expiry = Number(query.e) * 1000
    expect(expiry - now.getTime()).toBeGreaterThanOrEqual(600_000)
    expect(expiry - now.getTime()).toBeLessThanOrEqual(900_000)
    expect(signer.verify(stored, query, grant.sessionId, new Date(expiry - 1000)).ok).toBe(true)
    expect(signer.verify(stored, query, grant.sessionId, new Date(expiry))).toEqual({ ok: false, reason: 'expired' })
  })

  it('gives the same URL within one window (browser caches keep working) and extends for long media', () => {
    const mid = new Date(now.getTime() + 10_000)
    expect(signer.sign(PATH, grant, mid)).toBe(signer.sign(PATH, grant, new Date(mid.getTime() + 100_000)))
    const long = parse(signer.sign(PATH, grant, now, 3600))
    expect(Number(long.query.e) * 1000 - now.getTime()).toBeGreaterThanOrEqual(4200_000)
  })

  it('refuses any change: path, user, expiry, signature, another session, another secret', () => {
    const { stored, query } = parse(signer.sign(PATH, grant, now))
    const cases = [
      signer.verify(PATH.replace('00001', '00002'), query, grant.sessionId, now),
      signer.verify(stored, { ...query, u: '43' }, grant.sessionId, now),
      signer.verify(stored, { ...query, e: String(Number(query.e) + 300) }, grant.sessionId, now),
      signer.verify(stored, { ...query, s: (query.s![0] === 'A' ? 'B' : 'A') + query.s!.slice(1) }, grant.sessionId, now),
      signer.verify(stored, query, 'b'.repeat(64), now),
      new MediaSigner(`${SECRET}x`, 600).verify(stored, query, grant.sessionId, now),
    ]
    for (const result of cases) expect(result).toEqual({ ok: false, reason: 'invalid' })
    expect(signer.verify(stored, query, null, now)).toEqual({ ok: false, reason: 'invalid' })
    expect(signer.verify(stored, { u: '42', e: query.e }, grant.sessionId, now)).toEqual({ ok: false, reason: 'malformed' })
    expect(signer.verify(stored, { ...query, s: 'short' }, grant.sessionId, now)).toEqual({ ok: false, reason: 'malformed' })
    expect(signer.verify(stored, { ...query, u: ['42', '43'] }, grant.sessionId, now)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('signs only paths inside the protected tree', () => {
    expect(isProtectedPath(PATH)).toBe(true)
    for (const bad of [
      `public/${KEY}/poster-320.jpg`,
      `protected/${KEY}/../x.ts`,
      `protected/../sources/${KEY}/source.mp4`,
      `protected/${KEY}`,
      `protected/${KEY}/.hidden`,
      `protected/${KEY}/a b.ts`,
    ]) {
      expect(isProtectedPath(bad), bad).toBe(false)
    }
    expect(() => signer.sign(`public/${KEY}/poster-320.jpg`, grant, now)).toThrow()
  })
})

describe('playlist rewriting', () => {
  const sign = (stored: string) => `/${stored}?signed`
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=854x480',
    'sd/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=2000,RESOLUTION=1280x720',
    'hd/index.m3u8',
    '',
  ].join('\n')

  it('turns every variant of a master playlist into its own signed URL and keeps the tags', () => {
    const out = rewritePlaylist(master, `protected/${KEY}/hls/master.m3u8`, sign)
    expect(out.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-STREAM-INF:BANDWIDTH=1000,RESOLUTION=854x480',
      `/protected/${KEY}/hls/sd/index.m3u8?signed`,
      '#EXT-X-STREAM-INF:BANDWIDTH=2000,RESOLUTION=1280x720',
      `/protected/${KEY}/hls/hd/index.m3u8?signed`,
      '',
    ])
  })

  it('signs the segments of a media playlist and URI attributes, and sums its duration', () => {
    const media = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:6',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:6.000000,',
      'seg-00000.ts',
      '#EXTINF:2.5,',
      'seg-00001.ts',
      '#EXT-X-ENDLIST',
    ].join('\r\n')
    const out = rewritePlaylist(media, `protected/${KEY}/hls/sd/index.m3u8`, sign).split('\n')
    expect(out[2]).toBe(`#EXT-X-MAP:URI="/protected/${KEY}/hls/sd/init.mp4?signed"`)
    expect(out[4]).toBe(`/protected/${KEY}/hls/sd/seg-00000.ts?signed`)
    expect(out[6]).toBe(`/protected/${KEY}/hls/sd/seg-00001.ts?signed`)
    expect(playlistSeconds(media)).toBeCloseTo(8.5)
    expect(playlistSeconds(master)).toBe(0)
  })

  it("refuses URIs that leave the item's folder or point elsewhere", () => {
    for (const uri of ['../../other/hls/sd/index.m3u8', 'https://cdn.example/seg.ts', '/protected/x/seg.ts', '../../../public/x.jpg']) {
      expect(() => rewritePlaylist(`#EXTM3U\n${uri}\n`, `protected/${KEY}/hls/master.m3u8`, sign), uri).toThrow()
    }
  })
})

describe('download policy', () => {
  const plan = (features: string[], dailyDownloadLimit: number) => ({ features, dailyDownloadLimit })
  it('decides the four refusals and the limit', () => {
    expect(downloadAllowance(null)).toEqual({ refusal: 'notMember' })
    expect(downloadAllowance({ isMember: false, role: 'user', plan: null })).toEqual({ refusal: 'notMember' })
    expect(downloadAllowance({ isMember: true, role: 'user', plan: plan(['hd'], 0) })).toEqual({ refusal: 'noDownloads' })
    expect(downloadAllowance({ isMember: true, role: 'user', plan: plan(['downloads'], 0) })).toEqual({ refusal: 'noDownloads' })
    expect(downloadAllowance({ isMember: true, role: 'user', plan: plan(['downloads'], 10) })).toEqual({ limit: 10 })
    expect(downloadAllowance({ isMember: true, role: 'admin', plan: null })).toEqual({ limit: 100 })
    expect(downloadAllowance({ isMember: true, role: 'permanentAccess', plan: plan(['hd'], 0) })).toEqual({ refusal: 'noDownloads' })
  })

  it('counts per UTC day and names files safely', () => {
    expect(downloadDay(new Date('2026-11-23T23:59:59Z'))).toBe('2026-11-23')
    expect(downloadFileName('Farbbalken: "Teil 1/2"', 'mp4', 'video-1')).toBe('Farbbalken Teil 1 2.mp4')
    expect(downloadFileName('  ', 'zip', 'image-set-3')).toBe('image-set-3.zip')
    expect(attachmentHeader('Größe.mp4')).toBe(`attachment; filename="Groe.mp4"; filename*=UTF-8''Gr%C3%B6%C3%9Fe.mp4`)
    expect(compactAttachmentHeader('Colour bars 1.mp4')).toBe(`attachment; filename="Colour bars 1.mp4"`)
    expect(compactAttachmentHeader('Größe.mp4')).toBe(attachmentHeader('Größe.mp4'))
  })
})

describe('resolution choice', () => {
  it('keeps the stored choice when the video has it, else fhd, else the best available', async () => {
    const { chooseResolution } = await import('../../core/domain/playback/playback')
    expect(chooseResolution(['sd', 'hd', 'fhd', 'uhd'], 'hd')).toBe('hd')
    expect(chooseResolution(['sd', 'hd', 'fhd', 'uhd'], null)).toBe('fhd')
    expect(chooseResolution(['sd', 'hd', 'fhd'], 'uhd')).toBe('fhd')
    expect(chooseResolution(['sd', 'hd'], 'uhd')).toBe('hd')
    expect(chooseResolution(['sd', 'hd'], 'nonsense')).toBe('hd')
    expect(chooseResolution(['sd'], null)).toBe('sd')
    expect(chooseResolution([], 'fhd')).toBeNull()
  })
})

describe("the plan's resolution cap", () => {
  const signer = new MediaSigner(SECRET, 600)
  const MASTER = `protected/${KEY}/hls/master.m3u8`
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=854x480,CODECS="avc1.64001e,mp4a.40.2"',
    'sd/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=6000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
    'fhd/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=16000000,RESOLUTION=3840x2160,CODECS="avc1.640033,mp4a.40.2"',
    'uhd/index.m3u8',
    '',
  ].join('\n')

  it('follows the plan: up to Full HD, up to 4K UHD with the uhd feature, no cap for admins and permanent access', async () => {
    const { isWithinCap, resolutionCap } = await import('../../core/domain/playback/playback')
    expect(resolutionCap('user', ['fullCatalog', 'hd'])).toBe('fhd')
    expect(resolutionCap('user', ['fullCatalog', 'uhd'])).toBe('uhd')
    expect(resolutionCap('user', null)).toBe('fhd')
    expect(resolutionCap('admin', null)).toBe('fuhd')
    expect(resolutionCap('permanentAccess', [])).toBe('fuhd')
    expect(isWithinCap('fhd', 'fhd')).toBe(true)
    expect(isWithinCap('uhd', 'fhd')).toBe(false)
  })

  it('leaves the variants above the cap out of a master playlist, with their URIs', async () => {
    const { capMasterPlaylist } = await import('../../core/services/media/playlists')
    const capped = capMasterPlaylist(master, 'fhd')
    expect(capped).toContain('sd/index.m3u8')
    expect(capped).toContain('fhd/index.m3u8')
    expect(capped).not.toContain('uhd/index.m3u8')
    expect(capped).not.toContain('RESOLUTION=3840x2160')
    expect(capMasterPlaylist(master, 'uhd')).toBe(master)
    expect(capMasterPlaylist(master, 'sd').match(/#EXT-X-STREAM-INF/g)).toHaveLength(1)
  })

  it('signs the cap with the URL: a raised or removed cap is refused', () => {
    const url = signer.sign(MASTER, { ...grant, maxResolution: 'fhd' }, now)
    const { stored, query } = parse(url)
    expect(query.r).toBe('fhd')
    expect(signer.verify(stored, query, grant.sessionId, now)).toMatchObject({ ok: true, maxResolution: 'fhd' })
    expect(signer.verify(stored, { ...query, r: 'uhd' }, grant.sessionId, now)).toEqual({ ok: false, reason: 'invalid' })
    const { r: _dropped, ...withoutCap } = query
    expect(signer.verify(stored, withoutCap, grant.sessionId, now)).toEqual({ ok: false, reason: 'invalid' })
    expect(signer.verify(stored, { ...query, r: '8k' }, grant.sessionId, now)).toEqual({ ok: false, reason: 'malformed' })
  })
})
