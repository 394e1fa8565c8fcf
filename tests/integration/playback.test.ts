import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Image, ImageSet, Plan, Subscription, Video, type ImageMedia } from '../../core/db/entities/index.js'
import type { Role } from '../../core/domain/billing/membership.js'
import { MediaSigner } from '../../core/services/media/signing.js'
import { hashToken } from '../../core/services/auth/sessions.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, sessionCookieOf, signedInUser } from '../support/accounts.js'
import { makeImageSet, makeSubscription, makeVideo } from '../support/factories.js'
import { ingestClipAndSet, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { readStoredZip } from '../support/zip.js'

const PASSWORD = 'correct horse battery'
const DAY = 86_400_000

let t: MediaTestEnv
let app: TestApp
let video: Video
let imageSet: ImageSet

beforeAll(async () => {
  t = await mediaTestEnv('playback')
  app = await createTestApp(t.db.orm, { ...t.env, RATE_LIMIT_PER_IP: '1000' })
  await ensurePlans(t.db.orm.em.fork())
  ;({ video, imageSet } = await ingestClipAndSet(t))
}, 120_000)

afterAll(async () => {
  await app?.app.close()
  await t?.cleanup()
})

let users = 0
/** A signed-in user with a role and, optionally, an active subscription to a plan. */
function userWith({ role = 'user', plan }: { role?: Role; plan?: string } = {}) {
  return signedInUser(app.app, t.db.orm.em.fork(), { email: `playback${++users}@example.com`, role, plan })
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}), ...headers } })

async function playback(cookie: string | undefined, id = video.id) {
  return trpcQuery(app.app, 'playback.video', { locale: 'en', id }, cookie ? { cookie } : {})
}

/** The URIs of a playlist (lines and URI attributes). */
const urisOf = (text: string) =>
  text.split('\n').flatMap((line) => (line.startsWith('#') ? [...line.matchAll(/URI="([^"]*)"/g)].map((m) => m[1]!) : line.trim() ? [line.trim()] : []))

describe('the media gateway', () => {
  it('gives a member signed playlists whose every rung and segment URL is itself signed, and serves the segments', async () => {
    const member = await userWith({ plan: 'basic-monthly' })
    const res = await playback(member.cookie)
    expect(res.statusCode).toBe(200)
    const data = res.json().result.data
    expect(data.master).toMatch(new RegExp(`^/protected/${video.mediaKey}/hls/master\\.m3u8\\?u=${member.id}&e=\\d+&r=fhd&s=[\\w-]{43}$`))
    expect(data.rungs.map((r: { resolution: string }) => r.resolution)).toEqual(['sd'])

    const master = await get(data.master, member.cookie)
    expect(master.statusCode).toBe(200)
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl')
    const variants = urisOf(master.body)
    expect(variants).toHaveLength(1)
    expect(variants[0]).toMatch(new RegExp(`^/protected/${video.mediaKey}/hls/sd/index\\.m3u8\\?u=${member.id}&e=\\d+&r=fhd&s=`))
    expect(master.body).toContain('#EXT-X-STREAM-INF:')

    const rung = await get(variants[0]!, member.cookie)
    expect(rung.statusCode).toBe(200)
    const segments = urisOf(rung.body)
    expect(segments.length).toBeGreaterThan(0)
    for (const segment of segments) expect(segment).toMatch(new RegExp(`^/protected/${video.mediaKey}/hls/sd/seg-\\d{5}\\.ts\\?u=${member.id}&e=\\d+&r=fhd&s=`))
    // The rewritten playlist is still the same playlist.
    expect(rung.body).toContain('#EXT-X-ENDLIST')
    expect(rung.body.split('\n').filter((l) => l.startsWith('#EXTINF')).length).toBe(segments.length)

    const segment = await get(segments[0]!, member.cookie)
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe('video/mp2t')
    expect(segment.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    const file = await fs.readFile(t.store.absolute(`protected/${video.mediaKey}/hls/sd/seg-00000.ts`))
    expect(segment.rawPayload.equals(file)).toBe(true)

    const partial = await get(segments[0]!, member.cookie, { range: 'bytes=0-187' })
    expect(partial.statusCode).toBe(206)
    expect(partial.rawPayload.length).toBe(188)
  })

  it('hands each member only the rungs the plan includes: up to Full HD, up to 4K UHD, no cap for admins', async () => {
    // A ladder up to 2160p, written by hand (transcoding 4K in a test would take minutes).
    const em = t.db.orm.em.fork()
    const tall = makeVideo(em, { durationSeconds: 12 })
    const rungs = [
      { resolution: 'sd', width: 854, height: 480, bandwidth: 1_200_000 },
      { resolution: 'fhd', width: 1920, height: 1080, bandwidth: 6_000_000 },
      { resolution: 'uhd', width: 3840, height: 2160, bandwidth: 16_000_000 },
    ] as const
    const dir = `protected/${tall.mediaKey}/hls`
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3']
    for (const rung of rungs) {
      lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},RESOLUTION=${rung.width}x${rung.height}`, `${rung.resolution}/index.m3u8`)
      const playlist = ['#EXTM3U', '#EXT-X-TARGETDURATION:6', '#EXTINF:6.0,', 'seg-00000.ts', '#EXT-X-ENDLIST', ''].join('\n')
      await fs.mkdir(t.store.absolute(`${dir}/${rung.resolution}`), { recursive: true })
      await fs.writeFile(t.store.absolute(`${dir}/${rung.resolution}/index.m3u8`), playlist)
    }
    await fs.writeFile(t.store.absolute(`${dir}/master.m3u8`), lines.join('\n') + '\n')
    tall.media = { ...tall.media, master: `${dir}/master.m3u8`, ladder: rungs.map((rung) => ({ ...rung, playlist: `${dir}/${rung.resolution}/index.m3u8` })) }
    tall.highestResolution = 'uhd'
    await em.flush()

    const offered = async (who: { cookie: string }) => {
      const data = (await playback(who.cookie, tall.id)).json().result.data
      const master = await get(data.master, who.cookie)
      expect(master.statusCode).toBe(200)
      const variants = urisOf(master.body).map((uri) => uri.split('?')[0]!.split('/').at(-2))
      expect(variants).toEqual(data.rungs.map((r: { resolution: string }) => r.resolution))
      return variants
    }
    const basic = await userWith({ plan: 'basic-monthly' })
    expect(await offered(basic)).toEqual(['sd', 'fhd'])
    expect(await offered(await userWith({ plan: 'premium-monthly' }))).toEqual(['sd', 'fhd', 'uhd'])
    expect(await offered(await userWith({ role: 'admin' }))).toEqual(['sd', 'fhd', 'uhd'])

    // Raising the cap in a basic member's master URL breaks its signature.
    const data = (await playback(basic.cookie, tall.id)).json().result.data
    expect((await get(data.master.replace('r=fhd', 'r=uhd'), basic.cookie)).statusCode).toBe(403)
  })

  it("refuses expired, tampered, unsigned and other users' URLs with 403", async () => {
    const member = await userWith({ plan: 'basic-monthly' })
    const other = await userWith({ plan: 'premium-monthly' })
    const { master } = (await playback(member.cookie)).json().result.data as { master: string }
    const segmentPath = `protected/${video.mediaKey}/hls/sd/seg-00000.ts`
    const signer = new MediaSigner(app.config.appSecret, app.config.mediaUrlTtlSeconds)
    const segment = signer.sign(segmentPath, { userId: member.id, sessionId: member.sessionId }, new Date())
    expect((await get(segment, member.cookie)).statusCode).toBe(200)

    const expired = signer.signUntil(segmentPath, { userId: member.id, sessionId: member.sessionId }, Math.floor(Date.now() / 1000) - 1)
    const url = new URL(segment, 'http://x')
    const withParam = (name: string, value: string) => {
      const copy = new URL(url)
      copy.searchParams.set(name, value)
      return copy.pathname + copy.search
    }
    const flipped = url.searchParams.get('s')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    const cases: Array<[string, string, string | undefined]> = [
      ['expired', expired, member.cookie],
      ['later expiry', withParam('e', String(Number(url.searchParams.get('e')) + 3600)), member.cookie],
      ['other user id', withParam('u', String(other.id)), member.cookie],
      ['changed signature', withParam('s', flipped), member.cookie],
      ['another segment', segment.replace('seg-00000', 'seg-00001'), member.cookie],
      ['no signature', `/${segmentPath}`, member.cookie],
      ['another member', segment, other.cookie],
      ['no session', segment, undefined],
      ['master, another member', master, other.cookie],
      ['master, no session', master, undefined],
    ]
    for (const [name, target, cookie] of cases) {
      const res = await get(target, cookie)
      expect(res.statusCode, name).toBe(403)
      expect(res.json().error, name).toBe('This media link is not valid or has expired.')
    }
  })

  it('never serves protected files by path: no static route, no way out of the public folder', async () => {
    const paths = [
      `/protected/${video.mediaKey}/hls/master.m3u8`,
      `/protected/${video.mediaKey}/download/video-180p.mp4`,
      `/media/../protected/${video.mediaKey}/hls/master.m3u8`,
      `/media/%2e%2e/protected/${video.mediaKey}/hls/master.m3u8`,
      `/media/${video.mediaKey}/../../protected/${video.mediaKey}/hls/master.m3u8`,
      `/protected/${video.mediaKey}/../../sources/${video.mediaKey}/source.mp4?u=1&e=9999999999&s=${'A'.repeat(43)}`,
    ]
    const member = await userWith({ plan: 'premium-monthly' })
    const source = await fs.readFile(t.store.absolute(`sources/${video.mediaKey}/${(await fs.readdir(t.store.absolute(`sources/${video.mediaKey}`)))[0]}`))
    for (const target of paths) {
      const res = await get(target, member.cookie)
      // Refused, or (a path that leaves /protected/ is just another address) the page renderer's
      // redirect to a language prefix; never the file.
      if (res.statusCode === 302) expect(res.headers.location, target).toMatch(/^\/(de|en|es|fr|it)\/(?!protected\/|media\/)/)
      else expect([403, 404], target).toContain(res.statusCode)
      expect(res.body, target).not.toContain('#EXTM3U')
      expect(res.rawPayload.includes(source.subarray(0, 64)), target).toBe(false)
    }
  })

  it('keeps public assets public and cacheable', async () => {
    const poster = video.media.poster[0]!.path.replace(/^public\//, '/media/')
    const res = await get(poster)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/)
    expect(res.headers['content-type']).toBe('image/jpeg')
  })

  it('lets members only have the signed URLs: full-size stills, lightbox pictures and originals', async () => {
    const visitor = await playback(undefined)
    expect(visitor.statusCode).toBe(401)
    const plain = await userWith()
    expect(errorOf(await playback(plain.cookie)).data.code).toBe('FORBIDDEN')
    expect((await trpcQuery(app.app, 'playback.imageSet', { locale: 'en', id: imageSet.id }, { cookie: plain.cookie })).statusCode).toBe(403)

    for (const member of [await userWith({ plan: 'basic-monthly' }), await userWith({ role: 'permanentAccess' }), await userWith({ role: 'admin' })]) {
      const { stills } = (await playback(member.cookie)).json().result.data as { stills: Array<{ src: string; width: number }> }
      expect(stills).toHaveLength(8)
      const still = await get(stills[0]!.src, member.cookie)
      expect(still.statusCode).toBe(200)
      expect(still.headers['content-type']).toBe('image/jpeg')

      const pictures = await trpcQuery(app.app, 'playback.imageSet', { locale: 'en', id: imageSet.id }, { cookie: member.cookie })
      const { images } = pictures.json().result.data as { images: Array<{ web: { src: string }; original: { src: string; width: number } }> }
      expect(images).toHaveLength(3)
      expect(images[0]!.original.width).toBe(64)
      for (const image of images) {
        expect((await get(image.web.src, member.cookie)).statusCode).toBe(200)
        expect((await get(image.original.src, member.cookie)).headers['content-type']).toBe('image/png')
        expect((await get(image.original.src, plain.cookie)).statusCode).toBe(403)
      }
    }
  })
})

describe('media access ends with the session and with the membership', () => {
  /** Every kind of signed URL a member holds: master, rung, segment, full-size still, lightbox picture. */
  async function signedUrls(member: { cookie: string }) {
    const data = (await playback(member.cookie)).json().result.data as { master: string; stills: Array<{ src: string }> }
    const rung = urisOf((await get(data.master, member.cookie)).body)[0]!
    const segment = urisOf((await get(rung, member.cookie)).body)[0]!
    const pictures = await trpcQuery(app.app, 'playback.imageSet', { locale: 'en', id: imageSet.id }, { cookie: member.cookie })
    const picture = (pictures.json().result.data as { images: Array<{ original: { src: string } }> }).images[0]!.original.src
    const urls = [data.master, rung, segment, data.stills[0]!.src, picture]
    for (const url of urls) expect((await get(url, member.cookie)).statusCode, url).toBe(200)
    return urls
  }

  const refused = async (urls: string[], cookie: string) => {
    for (const url of urls) {
      const res = await get(url, cookie)
      expect(res.statusCode, url).toBe(403)
      expect(res.json().error, url).toBe('This media link is not valid or has expired.')
    }
  }

  it('refuses every earlier signed URL after auth.logout, at once (the session is dropped from the cache)', async () => {
    const member = await userWith({ plan: 'basic-monthly' })
    const urls = await signedUrls(member)
    const out = await trpcMutation(app.app, 'auth.logout', undefined, { cookie: member.cookie })
    expect(out.statusCode).toBe(200)
    await refused(urls, member.cookie)
    // The download route asks the database on every request.
    expect((await get(`/download/video/${video.id}`, member.cookie)).json().reason).toBe('notMember')
  })

  it('refuses every signed URL of every browser of a user at once when an administrator ends all their sessions in the console', async () => {
    const member = await userWith({ plan: 'basic-monthly' })
    const laptop = await signedUrls(member)
    const phone = { ...member, cookie: sessionCookieOf(await logIn(app.app, member.email, PASSWORD)) }
    const phoneUrls = await signedUrls(phone)
    const admin = await userWith({ role: 'admin' })
    const ended = await trpcMutation(app.app, 'admin.users.endSessions', { id: member.id }, { cookie: admin.cookie })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json().result.data).toEqual({ ended: 2 })
    await refused(laptop, member.cookie)
    await refused(phoneUrls, phone.cookie)
  })

  it("stops a session's media at once when its member ends it from another browser, or ends every other one, and keeps this browser's", async () => {
    const member = await userWith({ plan: 'basic-monthly' })
    const laptop = await signedUrls(member)
    const phone = { ...member, cookie: sessionCookieOf(await logIn(app.app, member.email, PASSWORD)) }
    const tablet = { ...member, cookie: sessionCookieOf(await logIn(app.app, member.email, PASSWORD)) }
    const [phoneUrls, tabletUrls] = [await signedUrls(phone), await signedUrls(tablet)]
    const sessions = (await trpcQuery(app.app, 'account.security', undefined, { cookie: member.cookie })).json().result.data.sessions as Array<{
      id: string
      current: boolean
    }>
    expect(sessions).toHaveLength(3)
    expect(sessions[0]!.current).toBe(true)
    const phoneSession = sessions.find((session) => session.id === hashToken(phone.cookie.split('=')[1]!))!
    const ended = await trpcMutation(app.app, 'account.endSession', { id: phoneSession.id }, { cookie: member.cookie })
    expect(ended.statusCode, ended.body).toBe(200)
    await refused(phoneUrls, phone.cookie)
    for (const url of tabletUrls) expect((await get(url, tablet.cookie)).statusCode, url).toBe(200)
    const others = await trpcMutation(app.app, 'account.endOtherSessions', undefined, { cookie: member.cookie })
    expect(others.json().result.data).toEqual({ ended: 1 })
    await refused(tabletUrls, tablet.cookie)
    for (const url of laptop) expect((await get(url, member.cookie)).statusCode, url).toBe(200)
    // This browser's own session is ended by logging out, and another member's not at all.
    const own = await trpcMutation(app.app, 'account.endSession', { id: member.sessionId }, { cookie: member.cookie, 'x-locale': 'en' })
    expect(errorOf(own).message).toBe('This is the session of this browser: log out instead.')
    const stranger = await userWith()
    expect((await trpcMutation(app.app, 'account.endSession', { id: member.sessionId }, { cookie: stranger.cookie })).statusCode).toBe(404)
    for (const url of laptop) expect((await get(url, member.cookie)).statusCode, url).toBe(200)
  })

  it('stops every media URL of every browser at once when the member deletes the account', async () => {
    const member = await userWith()
    const phone = { ...member, cookie: sessionCookieOf(await logIn(app.app, member.email, PASSWORD)) }
    // A cancelled membership whose paid time the member gives up.
    const em = t.db.orm.em.fork()
    const subscription = makeSubscription(em, member.id, await em.findOneOrFail(Plan, { sid: 'basic-monthly' }), { paidUntil: new Date(Date.now() + 10 * DAY) })
    subscription.pendingChange = 'cancel'
    subscription.pendingFrom = subscription.paidUntil
    await em.flush()
    const [laptop, phoneUrls] = [await signedUrls(member), await signedUrls(phone)]
    const deleted = await trpcMutation(app.app, 'account.deleteAccount', { confirmLosingPaidPeriod: true }, { cookie: member.cookie })
    expect(deleted.statusCode, deleted.body).toBe(200)
    await refused(laptop, member.cookie)
    await refused(phoneUrls, phone.cookie)
  })

  it("ends the other browsers' media when the password changes, and keeps this browser's", async () => {
    const member = await userWith({ plan: 'premium-monthly' })
    const laptop = await signedUrls(member)
    const phone = { ...member, cookie: sessionCookieOf(await logIn(app.app, member.email, PASSWORD)) }
    const phoneUrls = await signedUrls(phone)
    const changed = await trpcMutation(
      app.app,
      'auth.changePassword',
      { currentPassword: PASSWORD, newPassword: 'another long secret' },
      { cookie: member.cookie },
    )
    expect(changed.statusCode).toBe(200)
    await refused(phoneUrls, phone.cookie)
    for (const url of laptop) expect((await get(url, member.cookie)).statusCode, url).toBe(200)
  })

  it('refuses the URLs once the membership ended (expired, or the paid period in the past), within the cache window', async () => {
    const window = app.config.mediaAccessCacheMs
    const members = [await userWith({ plan: 'premium-monthly' }), await userWith({ plan: 'premium-monthly' })]
    const urls = await Promise.all(members.map((member) => signedUrls(member)))
    const em = t.db.orm.em.fork()
    await em.nativeUpdate(Subscription, { user: members[0]!.id }, { status: 'ended' })
    await em.nativeUpdate(Subscription, { user: members[1]!.id }, { paidUntil: new Date(Date.now() - 1000) })
    // Another server (or the worker's expiry) ended it: this server learns it within the window
    // (MEDIA_ACCESS_CACHE_SECONDS) when the session's facts are read again.
    for (const [index, member] of members.entries()) {
      await expect.poll(async () => (await get(urls[index]![2]!, member.cookie)).statusCode, { timeout: window + 10_000, interval: 250 }).toBe(403)
      await refused(urls[index]!, member.cookie)
      expect((await get(`/download/video/${video.id}`, member.cookie)).json().reason).toBe('notMember')
      expect((await playback(member.cookie)).statusCode).toBe(403)
    }
  })
})

describe('downloads', () => {
  const download = (kind: 'video' | 'image-set', id: number, cookie?: string) => get(`/download/${kind}/${id}`, cookie, { 'accept-language': 'de' })

  it('sends a member with downloads the MP4 and the image set as a zip of its originals', async () => {
    const member = await userWith({ plan: 'premium-monthly' })
    const mp4 = await download('video', video.id, member.cookie)
    expect(mp4.statusCode).toBe(200)
    expect(mp4.headers['content-type']).toBe('video/mp4')
    expect(mp4.headers['content-disposition']).toMatch(/^attachment; filename="Clip\.mp4"; filename\*=UTF-8''Clip\.mp4$/)
    expect(mp4.rawPayload.equals(await fs.readFile(t.store.absolute(video.media.download!)))).toBe(true)
    expect(Number(mp4.headers['content-length'])).toBe(mp4.rawPayload.length)

    const zip = await download('image-set', imageSet.id, member.cookie)
    expect(zip.statusCode).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(zip.headers['content-disposition']).toMatch(/filename="Set\.zip"/)
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length)
    const entries = readStoredZip(zip.rawPayload)
    const images = await t.db.orm.em.fork().find(Image, { imageSet: imageSet.id }, { orderBy: { position: 'asc' } })
    expect(entries.map((e) => e.name)).toEqual(['Set/001.png', 'Set/002.png', 'Set/003.png'])
    for (const [index, image] of images.entries()) {
      expect(entries[index]!.data.equals(await fs.readFile(t.store.absolute((image.media as ImageMedia).original.path)))).toBe(true)
    }
  })

  it('refuses visitors and users without a plan (not a member) and plans without downloads, with the translated reason and no file', async () => {
    const plain = await userWith()
    const basic = await userWith({ plan: 'basic-monthly' })
    const cases: Array<[string | undefined, number, string, string]> = [
      [undefined, 403, 'notMember', 'Nur Mitglieder dürfen Inhalte herunterladen'],
      [plain.cookie, 403, 'notMember', 'Nur Mitglieder dürfen Inhalte herunterladen'],
      [basic.cookie, 403, 'noDownloads', 'Deine Mitgliedschaft enthält keine Downloads'],
    ]
    for (const [cookie, status, reason, message] of cases) {
      for (const kind of ['video', 'image-set'] as const) {
        const res = await download(kind, kind === 'video' ? video.id : imageSet.id, cookie)
        expect(res.statusCode).toBe(status)
        expect(res.headers['content-disposition']).toBeUndefined()
        expect(res.json()).toEqual({ error: message, reason })
      }
    }
    expect((await download('video', 999_999, basic.cookie)).statusCode).toBe(404)
    expect((await download('video', 0, basic.cookie)).statusCode).toBe(404)
  })

  it('counts exactly the daily limit when 50 requests arrive at once', async () => {
    const em = t.db.orm.em.fork()
    const LIMIT = 7
    em.create(Plan, {
      sid: 'limit-test',
      name: { en: 'Limit test' },
      period: 'monthly',
      priceCents: 100,
      features: ['downloads'],
      dailyDownloadLimit: LIMIT,
      visibility: 'unlisted',
    })
    await em.flush()
    const member = await userWith({ plan: 'limit-test' })
    const results = await Promise.all(Array.from({ length: 50 }, () => download('video', video.id, member.cookie)))
    const statuses = results.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LIMIT)
    for (const refused of results.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ error: 'Du hast dein tägliches Download-Limit erreicht. Versuche es morgen wieder!', reason: 'limitReached' })
    }
    const [row] = await em.getConnection().execute(`select count from download_counter where user_id = ?`, [member.id])
    expect(row!.count).toBe(LIMIT)
    // The image set counts against the same limit.
    expect((await download('image-set', imageSet.id, member.cookie)).statusCode).toBe(429)
    // A HEAD request is no download.
    expect((await app.app.inject({ method: 'HEAD', url: `/download/video/${video.id}`, headers: { cookie: member.cookie } })).statusCode).toBe(404)
  })

  it('answers the technical-error reason, without counting, for an item that cannot be downloaded', async () => {
    const em = t.db.orm.em.fork()
    const notDownloadable = makeVideo(em)
    notDownloadable.downloadable = false
    const missingFile = makeVideo(em)
    missingFile.media = { ...missingFile.media, download: `protected/${missingFile.mediaKey}/download/video-720p.mp4` }
    const emptySet = makeImageSet(em)
    await em.flush()
    const member = await userWith({ plan: 'premium-monthly' })
    for (const url of [`/download/video/${notDownloadable.id}`, `/download/video/${missingFile.id}`, `/download/image-set/${emptySet.id}`]) {
      const res = await get(url, member.cookie, { 'accept-language': 'en' })
      expect(res.statusCode, url).toBe(503)
      expect(res.json().reason, url).toBe('unavailable')
    }
    const rows = await em.getConnection().execute(`select count from download_counter where user_id = ?`, [member.id])
    expect(rows[0]?.count ?? 0).toBe(0)
    // Upcoming items are not found.
    const upcoming = makeVideo(em, { releasedAt: null, publishAt: new Date(Date.now() + DAY) })
    await em.flush()
    expect((await download('video', upcoming.id, member.cookie)).statusCode).toBe(404)
  })

  it('lets admins and permanent-access users without a plan download', async () => {
    for (const role of ['admin', 'permanentAccess'] as const) {
      const member = await userWith({ role })
      expect((await download('video', video.id, member.cookie)).statusCode).toBe(200)
    }
  })
})
