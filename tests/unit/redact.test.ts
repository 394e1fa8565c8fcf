import { describe, expect, it } from 'vitest'
import { redactLinks, redactUrl } from '../../server/redact.js'

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
