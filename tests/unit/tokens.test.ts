import { describe, expect, it } from 'vitest'
import { TOKEN_LIFETIME_MS, tokenExpiry, tokenProblem } from '../../core/domain/auth/tokens.js'
import { safeRedirect } from '../../core/domain/auth/redirect.js'
import { hashToken, randomToken } from '../../core/services/auth/sessions.js'

const now = new Date('2026-11-22T12:00:00Z')

describe('mailed-link tokens', () => {
  it('expire after 24 hours (verification) and 1 hour (reset)', () => {
    expect(TOKEN_LIFETIME_MS.verifyEmail).toBe(24 * 3_600_000)
    expect(tokenExpiry('resetPassword', now).toISOString()).toBe('2026-11-22T13:00:00.000Z')
  })
  it('are usable once, before they expire', () => {
    expect(tokenProblem({ usedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBeNull()
    expect(tokenProblem({ usedAt: null, expiresAt: now }, now)).toBe('linkExpired')
    expect(tokenProblem({ usedAt: new Date(now.getTime() - 1), expiresAt: new Date(now.getTime() + 1) }, now)).toBe('linkUsed')
    expect(tokenProblem({ usedAt: new Date(now.getTime() - 1), expiresAt: new Date(now.getTime() - 1) }, now)).toBe('linkUsed')
    expect(tokenProblem(null, now)).toBe('linkInvalid')
  })
  it('are random, URL-safe and stored as a SHA-256', () => {
    const tokens = new Set(Array.from({ length: 200 }, randomToken))
    expect(tokens.size).toBe(200)
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('safeRedirect', () => {
  it('keeps paths inside the site', () => {
    expect(safeRedirect('/de/videos/12?x=1#top')).toBe('/de/videos/12?x=1#top')
    expect(safeRedirect('/account/plan')).toBe('/account/plan')
  })
  it('drops other origins and odd values', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'videos', '', '/a\nb', undefined, 42]) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined()
    }
  })
})
