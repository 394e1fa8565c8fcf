import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.js'

const base = { APP_SECRET: 'x'.repeat(32) }

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig(base)
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.signupEnabled).toBe(true)
    expect(config.databaseUrl).toBeUndefined()
  })
  it('parses values', () => {
    const config = loadConfig({ ...base, PORT: '8080', SIGNUP_ENABLED: 'false', PUBLIC_URL: 'https://example.com/' })
    expect(config.port).toBe(8080)
    expect(config.signupEnabled).toBe(false)
    expect(config.publicUrl).toBe('https://example.com')
  })
  it('names each bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/)
    expect(() => loadConfig({ ...base, SIGNUP_ENABLED: 'maybe' })).toThrow(/SIGNUP_ENABLED/)
  })
})
