import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signBunnyUrl } from '../../core/domain/media/bunny-token.js'
import { S3MediaStore } from '../../core/services/media/store-s3.js'
import { loadConfig } from '../../core/config.js'

const hmac = (key: string, message: string) => crypto.createHmac('sha256', key).update(message).digest()
const KEY = 'SecurityKey'
const EXPIRES = 1598024587
const HOST = 'https://token-tester.b-cdn.net'

/**
 * bunny.net's published test vectors (the inputs and signed URLs its reference implementations
 * are checked against: key "SecurityKey", expires 1598024587, host token-tester.b-cdn.net). The
 * cases locked to a client IP are left out: this site does not lock URLs to an address.
 */
describe('bunny.net token authentication', () => {
  it.each([
    ['plain', '/300kb.jpg', {}, `${HOST}/300kb.jpg?token=HS256-o10JRWlsAItyAsdKS6jJKjabHN4FrFsplDHPV1idcX4&expires=1598024587`],
    [
      'countries_only',
      '/300kb.jpg',
      { countriesAllowed: 'CA,US' },
      `${HOST}/300kb.jpg?token=HS256-i5s3Uv7mnrFfN5nznwU2BxhILpnipYeE18TapV0WNFM&token_countries=CA%2CUS&expires=1598024587`,
    ],
    [
      'blocked_only',
      '/300kb.jpg',
      { countriesBlocked: 'RU,CN' },
      `${HOST}/300kb.jpg?token=HS256-JS8dSuBSjSH-W2-xhdkCPC36-2rlxfDCQJjlNMPqKZQ&token_countries_blocked=RU%2CCN&expires=1598024587`,
    ],
    [
      'path_only',
      '/abc/300kb.jpg',
      { pathAllowed: '/abc' },
      `${HOST}/abc/300kb.jpg?token=HS256-uVZvT3SbEoVKYJyDJgbcsDmSFf73cv-uNUVaJiKWpbQ&token_path=%2Fabc&expires=1598024587`,
    ],
  ] as const)('signs the published example "%s"', (_name, path, options, signed) => {
    expect(signBunnyUrl(`${HOST}${path}`, KEY, { expires: EXPIRES, ...options }, hmac)).toBe(signed)
  })

  it('signs the published example "limit_only" (a query parameter of the URL is signed with it)', () => {
    expect(signBunnyUrl(`${HOST}/300kb.jpg?limit=1000`, KEY, { expires: EXPIRES }, hmac)).toBe(
      `${HOST}/300kb.jpg?token=HS256-DAVapqNNED3Z7JkjRTYX0UOIHNtbHEuuhRNEc4A7mMQ&limit=1000&expires=1598024587`,
    )
  })

  it('puts a folder token in the path, so relative segment URIs keep it', () => {
    const url = signBunnyUrl(`${HOST}/protected/k/hls/sd/index.m3u8`, KEY, { expires: EXPIRES, pathAllowed: '/protected/k/hls/', directory: true }, hmac)
    expect(url).toMatch(
      /^https:\/\/token-tester\.b-cdn\.net\/bcdn_token=HS256-[\w-]{43}&token_path=%2Fprotected%2Fk%2Fhls%2F&expires=1598024587\/protected\/k\/hls\/sd\/index\.m3u8$/,
    )
    expect(new URL('seg-00000.ts', url).pathname).toMatch(/^\/bcdn_token=HS256-[\w-]{43}&token_path=.*\/protected\/k\/hls\/sd\/seg-00000\.ts$/)
  })

  it('is what the S3 store hands out for members-only files with MEDIA_CDN_SIGNING=bunny (downloads stay presigned)', async () => {
    const settings = loadConfig({
      APP_SECRET: 'x'.repeat(32),
      MEDIA_STORE: 's3',
      S3_BUCKET: 'club-media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_CDN_SIGNING: 'bunny',
      MEDIA_PROTECTED_URL: 'https://token-tester.b-cdn.net',
      BUNNY_TOKEN_KEY: KEY.repeat(2),
    }).mediaStore
    if (settings.kind !== 's3') throw new Error('not s3')
    const store = new S3MediaStore('/tmp/unused', settings)
    const stored = 'protected/k/a0123abcd/hls/sd/seg-00000.ts'
    const url = await store.directUrl(stored, EXPIRES, new Date(EXPIRES * 1000 - 600_000))
    expect(url).toBe(signBunnyUrl(`${HOST}/${stored}`, KEY.repeat(2), { expires: EXPIRES }, hmac))
    const download = new URL(
      await store.directUrl('protected/k/a0123abcd/download/video-1080p.mp4', EXPIRES, new Date(EXPIRES * 1000 - 600_000), 'attachment; filename="a.mp4"'),
    )
    expect(download.host).toBe('club-media.s3.us-east-1.amazonaws.com')
    expect(download.searchParams.get('response-content-disposition')).toBe('attachment; filename="a.mp4"')
    store.client.destroy()
  })

  it('changes the token with the path, the expiry and the key', () => {
    const token = (path: string, expires: number, key = KEY) => new URL(signBunnyUrl(`${HOST}${path}`, key, { expires }, hmac)).searchParams.get('token')
    const base = token('/a.ts', EXPIRES)
    expect(token('/b.ts', EXPIRES)).not.toBe(base)
    expect(token('/a.ts', EXPIRES + 1)).not.toBe(base)
    expect(token('/a.ts', EXPIRES, 'OtherKey')).not.toBe(base)
    expect(() => signBunnyUrl(`${HOST}/a.ts`, '', { expires: EXPIRES }, hmac)).toThrow(/key/)
  })
})
