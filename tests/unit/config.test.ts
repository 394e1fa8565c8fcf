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
    const config = loadConfig({ ...base, PORT: '8080', SIGNUP_ENABLED: 'false', PUBLIC_URL: 'https://example.com/', SMTP_URL: 'smtp://mail.example.com' })
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
  it('keeps the developer outbox to local development', () => {
    expect(loadConfig(base).devOutbox).toBe(true)
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:3000' }).devOutbox).toBe(true)
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://club.localhost' }).devOutbox).toBe(true)
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com' }).devOutbox).toBe(false)
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).devOutbox).toBe(false)
    // A public address without a mail server does not start unless the outbox is asked for by name.
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://club.example.com' })).toThrow(/SMTP_URL: required when PUBLIC_URL is not a localhost address/)
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://club.example.com', DEV_OUTBOX: 'true' }).devOutbox).toBe(true)
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://club.example.com', DEV_OUTBOX: 'false' }).devOutbox).toBe(false)
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX: the developer outbox cannot be on in production/)
  })
  it('configures billing: the demo checkout without a processor, the processor with its secret', () => {
    const demo = loadConfig(base).billing
    expect(demo).toMatchObject({ joinUrl: null, demoCheckout: true })
    expect(demo.webhookSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ ...base, APP_SECRET: 'y'.repeat(32) }).billing.webhookSecret).not.toBe(demo.webhookSecret)
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).billing.demoCheckout).toBe(false)
    expect(loadConfig({ ...base, NODE_ENV: 'production', BILLING_DEMO_CHECKOUT: 'true' }).billing.demoCheckout).toBe(true)
    const real = loadConfig({ ...base, BILLING_JOIN_URL: 'https://pay.example.com/form', BILLING_WEBHOOK_SECRET: 's'.repeat(32) }).billing
    expect(real).toEqual({ joinUrl: 'https://pay.example.com/form', webhookSecret: 's'.repeat(32), demoCheckout: false })
    expect(() => loadConfig({ ...base, BILLING_JOIN_URL: 'https://pay.example.com/form' })).toThrow(/BILLING_WEBHOOK_SECRET: required/)
    expect(() => loadConfig({ ...base, BILLING_JOIN_URL: 'https://pay.example.com', BILLING_WEBHOOK_SECRET: 's'.repeat(32), BILLING_DEMO_CHECKOUT: 'on' })).toThrow(/BILLING_DEMO_CHECKOUT/)
    expect(() => loadConfig({ ...base, BILLING_WEBHOOK_SECRET: 'short' })).toThrow(/BILLING_WEBHOOK_SECRET: must be at least 32/)
    expect(() => loadConfig({ ...base, BILLING_JOIN_URL: 'ftp://pay.example.com' })).toThrow(/BILLING_JOIN_URL/)
  })
})
