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
  it('configures operations: metrics off unless a port is set, shutdown times, backups', () => {
    const defaults = loadConfig({ ...base, DATA_DIR: '/srv/club' })
    expect(defaults.metrics).toEqual({ host: '127.0.0.1', serverPort: null, workerPort: null })
    expect(defaults.shutdown).toEqual({ delayMs: 0, timeoutMs: 20_000, workerTimeoutMs: 20_000 })
    expect(defaults.backup).toEqual({ dir: '/srv/club/backups', schedule: '30 3 * * *', keep: 7, media: true })
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).shutdown.delayMs).toBe(5000)

    const set = loadConfig({
      ...base,
      METRICS_PORT: '9403',
      WORKER_METRICS_PORT: '9404',
      METRICS_HOST: '0.0.0.0',
      SHUTDOWN_DELAY_SECONDS: '2.5',
      SHUTDOWN_TIMEOUT_SECONDS: '60',
      WORKER_SHUTDOWN_TIMEOUT_SECONDS: '300',
      BACKUP_DIR: '/backups',
      BACKUP_SCHEDULE: '0 */6 * * *',
      BACKUP_KEEP: '14',
      BACKUP_MEDIA: 'false',
    })
    expect(set.metrics).toEqual({ host: '0.0.0.0', serverPort: 9403, workerPort: 9404 })
    expect(set.shutdown).toEqual({ delayMs: 2500, timeoutMs: 60_000, workerTimeoutMs: 300_000 })
    expect(set.backup).toEqual({ dir: '/backups', schedule: '0 */6 * * *', keep: 14, media: false })
    expect(loadConfig({ ...base, BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeNull()
    expect(loadConfig({ ...base, METRICS_PORT: '', WORKER_METRICS_PORT: '' }).metrics).toMatchObject({ serverPort: null, workerPort: null })

    expect(() => loadConfig({ ...base, BACKUP_SCHEDULE: 'nightly' })).toThrow(/BACKUP_SCHEDULE: must be five crontab fields/)
    expect(() => loadConfig({ ...base, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/)
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/)
    expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/)
  })
})
