import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../core/config.js'
import { mediaOriginsOf } from '../../core/services/media/public-urls.js'

const base = { APP_SECRET: 'x'.repeat(32) }
/** A public address with the processor chosen on purpose (SMTP_URL left to each test). */
const deployment = {
  ...base,
  PUBLIC_URL: 'https://club.example.com',
  BILLING_PROVIDER: 'verotel',
  VEROTEL_SHOP_ID: '68849',
  VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig(base)
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.signupEnabled).toBe(true)
    expect(config.databaseUrl).toBeUndefined()
  })
  it('parses values', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      SIGNUP_ENABLED: 'false',
      PUBLIC_URL: 'https://example.com/',
      SMTP_URL: 'smtp://mail.example.com',
      BILLING_PROVIDER: 'verotel',
      VEROTEL_SHOP_ID: '68849',
      VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
    })
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
  it('reads the media store: local by default, S3 with its bucket and keys named when missing', () => {
    expect(loadConfig(base).mediaStore).toEqual({ kind: 'local' })
    expect(() => loadConfig({ ...base, MEDIA_STORE: 's3' })).toThrow(
      /S3_BUCKET: required when MEDIA_STORE=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    )
    expect(() => loadConfig({ ...base, MEDIA_STORE: 'disk' })).toThrow(/MEDIA_STORE/)
    expect(() => loadConfig({ ...base, MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL: only with MEDIA_STORE=s3/)
    const s3 = { ...base, MEDIA_STORE: 's3', S3_BUCKET: 'club-media', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Club_Media' })).toThrow(/S3_BUCKET: must be a bucket name/)
    const aws = loadConfig({ ...s3, S3_REGION: 'eu-central-1', MEDIA_PUBLIC_URL: 'https://cdn.example.com/' }).mediaStore
    expect(aws).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'eu-central-1',
      bucket: 'club-media',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com',
      bunny: null,
    })
    // Pages allow the bucket's presigned URLs and the CDN as media sources (and the download frame's redirect).
    expect(mediaOriginsOf(aws)).toEqual(['https://club-media.s3.eu-central-1.amazonaws.com', 'https://cdn.example.com'])
    const own = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' }).mediaStore
    expect(mediaOriginsOf(own)).toEqual(['http://127.0.0.1:9000'])
    expect(mediaOriginsOf(loadConfig(base).mediaStore)).toEqual([])
    // bunny.net token signing for members-only files: the pull zone and its key are required.
    expect(() => loadConfig({ ...s3, MEDIA_CDN_SIGNING: 'bunny' })).toThrow(/MEDIA_PROTECTED_URL: required when MEDIA_CDN_SIGNING=bunny[\s\S]*BUNNY_TOKEN_KEY/)
    expect(() => loadConfig({ ...base, MEDIA_CDN_SIGNING: 'bunny' })).toThrow(/MEDIA_CDN_SIGNING: only with MEDIA_STORE=s3/)
    const bunny = loadConfig({
      ...s3,
      MEDIA_CDN_SIGNING: 'bunny',
      MEDIA_PROTECTED_URL: 'https://club-members.b-cdn.net/',
      BUNNY_TOKEN_KEY: 'k'.repeat(36),
    }).mediaStore
    expect(bunny.kind === 's3' && bunny.bunny).toEqual({ baseUrl: 'https://club-members.b-cdn.net', tokenKey: 'k'.repeat(36) })
    expect(mediaOriginsOf(bunny)).toEqual(['https://club-media.s3.us-east-1.amazonaws.com', 'https://club-members.b-cdn.net'])
  })
  it('keeps the developer outbox to local development', () => {
    expect(loadConfig(base).devOutbox).toBe(true)
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://127.0.0.1:3000' }).devOutbox).toBe(true)
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://club.localhost' }).devOutbox).toBe(true)
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com' }).devOutbox).toBe(false)
    expect(loadConfig({ ...deployment, SMTP_URL: 'smtp://mail.example.com' }).devOutbox).toBe(false)
    // A public address without a mail server does not start unless the outbox is asked for by name.
    expect(() => loadConfig(deployment)).toThrow(/SMTP_URL: required when PUBLIC_URL is not a localhost address/)
    expect(loadConfig({ ...deployment, DEV_OUTBOX: 'true' }).devOutbox).toBe(true)
    expect(loadConfig({ ...deployment, SMTP_URL: 'smtp://mail.example.com', DEV_OUTBOX: 'false' }).devOutbox).toBe(false)
  })
  it('fails closed on a public address: each missing setting named, one line each', () => {
    let message = ''
    try {
      loadConfig({ PUBLIC_URL: 'https://club.example.com' })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      message = (error as Error).message
    }
    expect(message.split('\n')).toEqual([
      'Invalid environment variables:',
      '  APP_SECRET: required when PUBLIC_URL is not a localhost address (at least 32 characters, the same on every server and worker)',
      '  BILLING_PROVIDER: required when PUBLIC_URL is not a localhost address (ccbill, verotel or segpay; demo takes no real payments)',
      '  SMTP_URL: required when PUBLIC_URL is not a localhost address (or set DEV_OUTBOX=true to keep mails in the loopback-only outbox at /dev/mail)',
    ])
    const smtp = { SMTP_URL: 'smtp://mail.example.com' }
    expect(() => loadConfig({ ...deployment, ...smtp, APP_SECRET: undefined })).toThrow(
      /^Invalid environment variable:\n {2}APP_SECRET: required when PUBLIC_URL is not a localhost address/,
    )
    expect(() => loadConfig({ ...base, ...smtp, PUBLIC_URL: 'https://club.example.com' })).toThrow(
      /^Invalid environment variable:\n {2}BILLING_PROVIDER: required when PUBLIC_URL/,
    )
    // The demo provider: only with DEMO_CHECKOUT=true, set on purpose.
    const demo = { ...base, ...smtp, PUBLIC_URL: 'https://club.example.com', BILLING_PROVIDER: 'demo' }
    expect(() => loadConfig(demo)).toThrow(
      /^Invalid environment variable:\n {2}DEMO_CHECKOUT: must be true for BILLING_PROVIDER=demo when PUBLIC_URL is not a localhost address/,
    )
    expect(() => loadConfig({ ...demo, DEMO_CHECKOUT: 'false' })).toThrow(/DEMO_CHECKOUT: must be true/)
    expect(loadConfig({ ...demo, DEMO_CHECKOUT: 'yes' }).billing).toMatchObject({ provider: 'demo', demoCheckout: true })
    // NODE_ENV decides nothing: the same settings give the same configuration.
    expect(loadConfig({ ...deployment, ...smtp, NODE_ENV: 'production' })).toEqual(loadConfig({ ...deployment, ...smtp, NODE_ENV: 'development' }))
    expect(() => loadConfig({ PUBLIC_URL: 'https://club.example.com', NODE_ENV: 'production' })).toThrow(
      /APP_SECRET: required[\s\S]*BILLING_PROVIDER: required/,
    )
    // A bad value and a missing setting are both named.
    const both = () => loadConfig({ ...smtp, PUBLIC_URL: 'https://club.example.com', APP_SECRET: 'short', PORT: 'eighty' })
    for (const line of [/\n {2}BILLING_PROVIDER: required/, /\n {2}APP_SECRET: must be at least 32 characters/, /\n {2}PORT: /]) expect(both).toThrow(line)
    // Localhost addresses are a developer's machine: nothing is required.
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://club.localhost']) {
      expect(loadConfig({ ...base, PUBLIC_URL: url }).billing).toMatchObject({ provider: 'demo', demoCheckout: true })
    }
  })
  it('names the variables of earlier versions and what replaced them', () => {
    expect(() => loadConfig({ ...base, BILLING_DEMO_CHECKOUT: 'true' })).toThrow(/BILLING_DEMO_CHECKOUT: renamed DEMO_CHECKOUT/)
    expect(() => loadConfig({ ...base, BILLING_WEBHOOK_SECRET: 'x' })).toThrow(/BILLING_WEBHOOK_SECRET: no longer read/)
  })
  it('configures billing: the demo provider and its checkout by default', () => {
    const demo = loadConfig(base).billing
    expect(demo).toMatchObject({
      provider: 'demo',
      demoCheckout: true,
      ccbill: null,
      verotel: null,
      segpay: null,
      cancelUrl: 'https://billing-support.example.com/subscriptions/cancel',
      updateUrl: 'https://billing-support.example.com/subscriptions/update',
    })
    expect(demo.demoSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ ...base, APP_SECRET: 'y'.repeat(32) }).billing.demoSecret).not.toBe(demo.demoSecret)
    expect(loadConfig({ ...base, DEMO_CHECKOUT: 'false' }).billing.demoCheckout).toBe(false)
    // On a public address the demo provider serves only when its checkout is asked for by name.
    expect(loadConfig({ ...deployment, SMTP_URL: 'smtp://mail.example.com', BILLING_PROVIDER: 'demo', DEMO_CHECKOUT: 'true' }).billing.demoCheckout).toBe(true)
    expect(() => loadConfig({ ...base, BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/)
    // The generic processor of earlier versions is gone; its variables say so.
    expect(() => loadConfig({ ...base, BILLING_JOIN_URL: 'https://pay.example.com/form' })).toThrow(
      /BILLING_JOIN_URL: no longer read; choose the processor with BILLING_PROVIDER/,
    )
  })

  const ccbill = {
    BILLING_PROVIDER: 'ccbill',
    CCBILL_CLIENT_ACCNUM: '900100',
    CCBILL_CLIENT_SUBACC: '0000',
    CCBILL_FLEXFORM_ID: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
    CCBILL_SALT: '7d901dad245fd0ff6bc20d06',
  }

  it('configures CCBill with its published source ranges unless told otherwise', () => {
    const config = loadConfig({ ...base, ...ccbill }).billing
    expect(config).toMatchObject({ provider: 'ccbill', demoCheckout: false, cancelUrl: null, updateUrl: null })
    expect(config.ccbill).toEqual({
      clientAccnum: '900100',
      clientSubacc: '0000',
      flexFormId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
      salt: '7d901dad245fd0ff6bc20d06',
      allowedIps: ['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24'],
    })
    expect(loadConfig({ ...base, ...ccbill, CCBILL_ALLOWED_IPS: '10.0.0.0/8, 2001:db8::/32,192.0.2.7' }).billing.ccbill!.allowedIps).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.7',
    ])
    expect(() => loadConfig({ ...base, ...ccbill, CCBILL_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(
      /CCBILL_ALLOWED_IPS: not an IP address or CIDR range: 10.0.0.0\/33/,
    )
    expect(() => loadConfig({ ...base, ...ccbill, CCBILL_ALLOWED_IPS: 'ccbill.com' })).toThrow(/CCBILL_ALLOWED_IPS/)
    expect(() => loadConfig({ ...base, ...ccbill, CCBILL_CLIENT_ACCNUM: '12' })).toThrow(/CCBILL_CLIENT_ACCNUM: must be the 6-digit account number/)
    const { CCBILL_SALT: _salt, CCBILL_FLEXFORM_ID: _flex, ...missing } = ccbill
    expect(() => loadConfig({ ...base, ...missing })).toThrow(/CCBILL_FLEXFORM_ID: required when BILLING_PROVIDER=ccbill\n {2}CCBILL_SALT: required/)
    expect(() => loadConfig({ ...base, ...ccbill, DEMO_CHECKOUT: 'on' })).toThrow(/DEMO_CHECKOUT: only with BILLING_PROVIDER=demo/)
  })

  it('configures Verotel and Segpay, each with what it needs', () => {
    const verotel = loadConfig({
      ...base,
      BILLING_PROVIDER: 'verotel',
      VEROTEL_SHOP_ID: '68849',
      VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
    }).billing
    expect(verotel.verotel).toEqual({
      shopId: '68849',
      signatureKey: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
      baseUrl: 'https://secure.verotel.com',
      allowedIps: null,
    })
    expect(() => loadConfig({ ...base, BILLING_PROVIDER: 'verotel', VEROTEL_SHOP_ID: '1' })).toThrow(/VEROTEL_SIGNATURE_KEY: required/)
    const segpayEnv = {
      BILLING_PROVIDER: 'segpay',
      SEGPAY_PACKAGE_ID: '123456',
      SEGPAY_PRICE_POINTS: 'basic-monthly=26001, premium-yearly=26002',
      SEGPAY_POSTBACK_SECRET: 'p'.repeat(40),
      SEGPAY_ALLOWED_IPS: '198.51.100.0/24',
    }
    expect(loadConfig({ ...base, ...segpayEnv }).billing.segpay).toEqual({
      packageId: '123456',
      pricePoints: { 'basic-monthly': '26001', 'premium-yearly': '26002' },
      postbackSecret: 'p'.repeat(40),
      allowedIps: ['198.51.100.0/24'],
      response: 'OK',
      joinUrl: 'https://secure2.segpay.com/billing/poset.cgi',
    })
    expect(() => loadConfig({ ...base, ...segpayEnv, SEGPAY_PRICE_POINTS: 'basic-monthly:26001' })).toThrow(
      /SEGPAY_PRICE_POINTS: expected plan-sid=price-point-id/,
    )
    expect(() => loadConfig({ ...base, ...segpayEnv, SEGPAY_POSTBACK_SECRET: 'short' })).toThrow(/SEGPAY_POSTBACK_SECRET/)
    const { SEGPAY_ALLOWED_IPS: _ips, ...open } = segpayEnv
    expect(() => loadConfig({ ...base, ...open })).toThrow(/SEGPAY_ALLOWED_IPS: required when BILLING_PROVIDER=segpay/)
    expect(loadConfig({ ...base, ...segpayEnv, BILLING_CANCEL_URL: 'https://help.example/cancel' }).billing.cancelUrl).toBe('https://help.example/cancel')
  })
  it('configures operations: metrics off unless a port is set, shutdown times, backups', () => {
    const defaults = loadConfig({ ...base, DATA_DIR: '/srv/club' })
    expect(defaults.metrics).toEqual({ host: '127.0.0.1', serverPort: null, workerPort: null })
    expect(defaults.shutdown).toEqual({ delayMs: 0, timeoutMs: 20_000, workerTimeoutMs: 20_000 })
    expect(defaults.backup).toEqual({ dir: '/srv/club/backups', schedule: '30 3 * * *', keep: 7, media: true })
    // A deployment sits behind a load balancer: it stays ready-but-closing 5 s by default.
    expect(loadConfig({ ...deployment, SMTP_URL: 'smtp://mail.example.com' }).shutdown.delayMs).toBe(5000)

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
