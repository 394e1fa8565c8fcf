import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCrontab, quickAddJob, runOnce } from 'graphile-worker'
import { AuthToken, RateLimitHit, Session } from '../../core/db/entities/index.js'
import { queueMail } from '../../core/services/site/mail.js'
import { createTaskList, CRONTAB } from '../../worker/tasks/index.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, type TestApp } from '../support/app.js'
import { testConfig } from '../support/config.js'
import { makeUser } from '../support/accounts.js'

let db: TestDatabase
let t: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm)
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

describe('/dev/mail', () => {
  it('shows the outbox newest first, with clickable links, filtered by recipient', async () => {
    const em = db.orm.em.fork()
    await queueMail(em, { to: 'a@example.com', subject: 'First <mail>', text: 'Open https://club.example/verify-email?token=abc&email=a%40example.com now' })
    await queueMail(em, { to: 'b@example.com', subject: 'Second', text: 'Hello' })
    const page = await t.app.inject('/dev/mail')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('First &lt;mail&gt;'))
    expect(page.body).toContain('<a href="https://club.example/verify-email?token=abc&amp;email=a%40example.com">')
    const filtered = await t.app.inject('/dev/mail?to=A@example.com')
    expect(filtered.body).toContain('First &lt;mail&gt;')
    expect(filtered.body).not.toContain('Second')
  })

  it('shows nothing to a visitor on another machine or behind a proxy, not even that it exists', async () => {
    const em = db.orm.em.fork()
    await queueMail(em, { to: 'victim@example.com', subject: 'Reset your password', text: 'https://club.example/login/reset-password?token=secret-token' })
    const unknownPath = await t.app.inject({ url: '/dev/nothing-here', remoteAddress: '203.0.113.9' })
    const attempts = [
      { url: '/dev/mail', remoteAddress: '203.0.113.9' },
      { url: '/dev/mail?to=victim@example.com', remoteAddress: '198.51.100.20' },
      { url: '/dev/mail?to=victim@example.com', remoteAddress: '::ffff:10.0.0.7' },
      // A reverse proxy on this machine connects from loopback on behalf of anyone.
      { url: '/dev/mail?to=victim@example.com', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { url: '/dev/mail?to=victim@example.com', remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ]
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt)
      expect(res.statusCode, attempt.url).toBe(404)
      expect(res.body).not.toContain('secret-token')
      expect(res.body).not.toContain('victim@example.com')
      expect(res.body).toBe(unknownPath.body)
    }
    const local = await t.app.inject({ url: '/dev/mail?to=victim@example.com', remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    expect(local.body).toContain('secret-token')
    const localV6 = await t.app.inject({ url: '/dev/mail?to=victim@example.com', remoteAddress: '::1' })
    expect(localV6.statusCode).toBe(200)
  })

  it('is off when mails go out over SMTP unless asked for', async () => {
    const smtp = await createTestApp(db.orm, { SMTP_URL: 'smtp://127.0.0.1:2525' })
    expect((await smtp.app.inject('/dev/mail')).statusCode).toBe(404)
    await smtp.app.close()
  })

  it('does not exist on a public address', async () => {
    const prod = await createTestApp(db.orm, {
      PUBLIC_URL: 'https://club.example.com',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      BILLING_PROVIDER: 'verotel',
      VEROTEL_SHOP_ID: '68849',
      VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
    })
    expect((await prod.app.inject('/dev/mail')).statusCode).toBe(404)
    // A browser gets the client's not-found page (503 when the client is not built), never the outbox.
    const page = await prod.app.inject({ url: '/dev/mail', headers: { accept: 'text/html' } })
    expect(page.statusCode).not.toBe(200)
    expect(page.body).not.toContain('Outbox')
    await prod.app.close()
  })
})

describe('purge_expired_auth', () => {
  it('runs hourly and removes expired sessions, old tokens and past rate-limit counters only', async () => {
    const purge = parseCrontab(CRONTAB).find((item) => item.task === 'purge_expired_auth')
    expect(purge?.match({ min: 17, hour: 3, date: 1, month: 1, dow: 1 })).toBe(true)
    expect(purge?.match({ min: 18, hour: 3, date: 1, month: 1, dow: 1 })).toBe(false)

    const em = db.orm.em.fork()
    const user = await makeUser(em, { email: 'purge@example.com' })
    const now = Date.now()
    const hours = (h: number) => new Date(now + h * 3_600_000)
    em.create(Session, { id: 'a'.repeat(64), user, expiresAt: hours(-1), createdAt: hours(-13), lastSeenAt: hours(-13) })
    em.create(Session, { id: 'b'.repeat(64), user, expiresAt: hours(5), createdAt: hours(-1), lastSeenAt: hours(-1) })
    em.create(AuthToken, { user, purpose: 'resetPassword', tokenHash: 'c'.repeat(64), expiresAt: hours(-30), createdAt: hours(-31) })
    em.create(AuthToken, { user, purpose: 'verifyEmail', tokenHash: 'd'.repeat(64), expiresAt: hours(20), usedAt: hours(-2), createdAt: hours(-4) })
    em.create(RateLimitHit, { key: 'e'.repeat(64), count: 3, resetAt: hours(-1) })
    em.create(RateLimitHit, { key: 'f'.repeat(64), count: 3, resetAt: hours(1) })
    await em.flush()

    await quickAddJob({ connectionString: db.url }, 'purge_expired_auth', {})
    await runOnce({ connectionString: db.url, taskList: createTaskList({ config: testConfig(), orm: db.orm }) })

    const check = db.orm.em.fork()
    expect((await check.find(Session, {})).map((s) => s.id)).toEqual(['b'.repeat(64)])
    expect((await check.find(AuthToken, {})).map((s) => s.tokenHash)).toEqual(['d'.repeat(64)])
    expect((await check.find(RateLimitHit, {})).map((s) => s.key)).toEqual(['f'.repeat(64)])
  })
})
