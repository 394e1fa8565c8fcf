import { describe, expect, it } from 'vitest'
import { redactLinks, redactLogLine, redactUrl } from '../../core/redact.js'

describe('redactUrl', () => {
  it('hides token, password and secret values and keeps the rest', () => {
    expect(redactUrl('/login/reset-password?token=abc&email=a%40b.c')).toBe('/login/reset-password?token=[redacted]&email=a%40b.c')
    expect(redactUrl('/x?resetToken=1&Password=2&client_secret=3&page=4')).toBe('/x?resetToken=[redacted]&Password=[redacted]&client_secret=[redacted]&page=4')
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]')
    expect(redactUrl('/videos?page=2')).toBe('/videos?page=2')
    expect(redactUrl('/videos')).toBe('/videos')
  })
})

describe('redactLinks', () => {
  it('redacts every address in a text or an HTML body', () => {
    const text = 'Open https://club.example/verify-email?token=abc&email=x now, or <a href="http://h/r?token=def&amp;e=1">here</a>.'
    expect(redactLinks(text)).toBe(
      'Open https://club.example/verify-email?token=[redacted]&email=x now, or <a href="http://h/r?token=[redacted]&amp;e=1">here</a>.',
    )
  })
})

describe('redactLogLine', () => {
  const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, reqId: 'r-1', ...fields })

  it('leaves no secret in a serialized log line, and keeps it valid JSON', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ req: { url: '/login/reset-password?email=a%40b.c&token=s3cr3tT0ken' } }, 's3cr3tT0ken'],
      [{ msg: 'GET https://club.example/verify-email?token=abcDEF123&email=x done' }, 'abcDEF123'],
      [{ req: { url: '/protected/k1/hls/master.m3u8?u=7&e=1790000000&s=SIGNATUREsig' } }, 'SIGNATUREsig'],
      [{ req: { url: '/trpc/auth.x?input=%7B%22token%22%3A%22urlEncodedTok%22%7D' } }, 'urlEncodedTok'],
      [{ msg: 'connecting to postgres://app:dbPassw0rd@db.internal:5432/club' }, 'dbPassw0rd'],
      [{ body: { email: 'a@b.c', password: 'correct horse', newPassword: 'battery staple' } }, 'correct horse'],
      [{ headers: { cookie: 'sid=sessionValue', authorization: 'Bearer bearerValue' } }, 'sessionValue'],
      [{ headers: { 'set-cookie': 'sid=setCookieValue; HttpOnly' } }, 'setCookieValue'],
      [{ msg: 'quoted "x" then ?token=withQuote"after' }, 'withQuote'],
    ]
    for (const [fields, secret] of cases) {
      const redacted = redactLogLine(line(fields))
      expect(redacted, secret).not.toContain(secret)
      expect(redacted).toContain('[redacted]')
      expect(() => JSON.parse(redacted)).not.toThrow()
    }
  })

  it('keeps everything else', () => {
    const plain = line({
      req: { method: 'GET', url: '/en/videos?page=2&sort=newest', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 3.2,
      msg: 'request completed',
    })
    expect(redactLogLine(plain)).toBe(plain)
  })
})
