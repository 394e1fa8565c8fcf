import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ContactMessage, ErrorFeedback, LegalPage, MailMessage, RemovalReport, Session, User } from '../../core/db/entities/index.js'
import { reportDue } from '../../core/domain/site/reports.js'
import { SESSION_COOKIE, hashToken } from '../../core/services/auth/sessions.js'
import { SITE_RATE_LIMITS } from '../../server/trpc/routers/site.js'
import { seedLegalPages } from '../../scripts/seed/legal.js'
import { createTestApp, SITE_CLIENT, trpcQuery, type TestApp } from '../support/app.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const PUBLIC_URL = 'https://streamclub.example'
const SUPPORT = 'help@streamclub.example'

let db: TestDatabase
let t: TestApp
let ipCounter = 0
/** Every test sends from its own address, so the per-IP limits do not leak between tests. */
const freshIp = () => `203.0.113.${++ipCounter}`

function post(path: string, input: unknown, { ip = freshIp(), locale = 'en', cookie }: { ip?: string; locale?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    payload: input as object,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...SITE_CLIENT, 'x-locale': locale, ...(cookie ? { cookie } : {}) },
  })
}

const contact = { first_name: 'Anna', last_name: 'Muster', email: 'anna@example.com', subject: 'Billing question', message: 'Why was I charged twice?' }
const report = {
  name: 'Anna Muster',
  email: 'anna@example.com',
  urls: [`${PUBLIC_URL}/de/videos/12`, `https://www.streamclub.example/en/images/3`],
  type: 'abuse',
  depicted: true,
  issues: ['non_consentual', 'personal_info'],
  description: 'This was published without my consent.',
  signature: 'Anna Maria Muster',
  oath: true,
}

const count = (entity: Parameters<ReturnType<typeof db.orm.em.fork>['count']>[0]) => db.orm.em.fork().count(entity, {})
const jobs = async () =>
  await db.orm.em.getConnection().execute<Array<{ task_identifier: string; payload: { id: number } }>>(
    `select t.identifier as task_identifier, j.payload from graphile_worker._private_jobs j
     join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
  )

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { PUBLIC_URL, SUPPORT_EMAIL: SUPPORT, ...PUBLIC_DEMO_SITE })
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})
beforeEach(async () => {
  await db.orm.em
    .getConnection()
    .execute('truncate contact_message, removal_report, error_feedback, mail_message, rate_limit_hit, legal_page restart identity cascade')
  await db.orm.em.getConnection().execute('delete from graphile_worker._private_jobs')
})

describe('site.contact', () => {
  it('stores the message and queues a mail to support', async () => {
    const res = await post('site.contact', { ...contact, first_name: '  Anna ' }, { locale: 'fr' })
    expect(res.statusCode).toBe(200)
    expect(res.json().result.data).toEqual({ sent: true })

    const [row] = await db.orm.em.fork().find(ContactMessage, {})
    expect(row).toMatchObject({ firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', subject: 'Billing question', locale: 'fr', user: null })

    const [mail] = await db.orm.em.fork().find(MailMessage, {})
    expect(mail!.to).toBe(SUPPORT)
    expect(mail!.subject).toBe(`[Contact #${row!.id}] Billing question`)
    expect(mail!.text).toContain('From: Anna Muster <anna@example.com>')
    expect(mail!.text).toContain('Why was I charged twice?')
    expect(await jobs()).toEqual([{ task_identifier: 'send_mail', payload: { id: mail!.id, requestId: expect.any(String) } }])
  })

  it('links the message to the signed-in user', async () => {
    const em = db.orm.em.fork()
    const user = em.create(User, { email: `u${crypto.randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    const token = crypto.randomBytes(24).toString('hex')
    em.create(Session, { id: hashToken(token), user, expiresAt: new Date(Date.now() + 3600_000) })
    await em.flush()
    expect((await post('site.contact', contact, { cookie: `${SESSION_COOKIE}=${token}` })).statusCode).toBe(200)
    const [row] = await db.orm.em.fork().find(ContactMessage, {})
    expect(row!.user?.id).toBe(user.id)
    expect((await db.orm.em.fork().find(MailMessage, {}))[0]!.text).toContain(`Account: user #${user.id}`)
  })

  it('answers bad input with translated field errors and stores nothing', async () => {
    const res = await post('site.contact', { ...contact, first_name: ' ', email: 'anna@' }, { locale: 'de' })
    expect(res.statusCode).toBe(400)
    const error = res.json().error
    expect(error.data.fieldErrors).toEqual({ first_name: 'Bitte gib deinen Vornamen ein.', email: 'Bitte gib eine gültige E-Mail-Adresse ein.' })
    expect(JSON.stringify(error)).not.toMatch(/stack|\.ts:/)
    expect(await count(ContactMessage)).toBe(0)
    expect(await count(MailMessage)).toBe(0)
  })

  it('answers a payload of the wrong shape with 400, never 500', async () => {
    for (const payload of [null, 'text', { ...contact, message: 42 }, []]) {
      const res = await post('site.contact', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
  })

  it(`limits each address to ${SITE_RATE_LIMITS.contact.limit} messages an hour, with a translated message`, async () => {
    const ip = freshIp()
    for (let i = 0; i < SITE_RATE_LIMITS.contact.limit; i++) expect((await post('site.contact', contact, { ip })).statusCode).toBe(200)
    const limited = await post('site.contact', contact, { ip, locale: 'de' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.message).toMatch(/^Zu viele Versuche\. Bitte warte (\d+) Sekunden/)
    expect(Number(limited.json().error.message.match(/(\d+) Sekunden/)[1])).toBeGreaterThan(3500)
    expect(await count(ContactMessage)).toBe(SITE_RATE_LIMITS.contact.limit)
    // Another address is not affected; invalid attempts do not count.
    expect((await post('site.contact', contact)).statusCode).toBe(200)
    const other = freshIp()
    for (let i = 0; i < 10; i++) await post('site.contact', { ...contact, email: 'x' }, { ip: other })
    expect((await post('site.contact', contact, { ip: other })).statusCode).toBe(200)
  })
})

describe('site.report', () => {
  it('stores the report and queues a mail to support', async () => {
    const res = await post('site.report', { ...report, issues: ['minors', 'minors'] }, { locale: 'it' })
    expect(res.statusCode).toBe(200)
    const [row] = await db.orm.em.fork().find(RemovalReport, {})
    expect(row).toMatchObject({
      name: 'Anna Muster',
      urls: report.urls,
      type: 'abuse',
      depicted: true,
      issues: ['minors'],
      signature: 'Anna Maria Muster',
      locale: 'it',
      status: 'new',
    })
    const [mail] = await db.orm.em.fork().find(MailMessage, {})
    expect(mail!.to).toBe(SUPPORT)
    expect(mail!.subject).toBe(`[URGENT] [Removal report #${row!.id}] abuse: minors`)
    expect(mail!.text).toContain(`  ${report.urls[1]}`)
    expect(mail!.text).toContain(`within 7 business days: by ${reportDue(row!.createdAt).day}`)
    expect((await jobs()).map((j) => j.task_identifier)).toEqual(['send_mail'])
  })

  it('rejects URLs that are not on this site (PUBLIC_URL)', async () => {
    const res = await post('site.report', { ...report, urls: [`${PUBLIC_URL}/de/videos/1`, 'https://elsewhere.example/de/videos/1'] })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.data.fieldErrors).toEqual({ 'urls.1': 'Please enter a valid URL of this site.' })
    expect(await count(RemovalReport)).toBe(0)
  })

  it('asks for the first URL, an issue, the signature and the oath', async () => {
    const res = await post('site.report', { ...report, urls: [], issues: [], signature: '', oath: false })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.data.fieldErrors).toEqual({
      'urls.0': 'Please enter an URL.',
      issues: 'Please choose at least one issue.',
      signature: 'Please sign with your full legal name.',
      oath: 'Please confirm that the information is correct.',
    })
  })

  it('takes at most 5 URLs', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `${PUBLIC_URL}/de/videos/${i}`)
    const res = await post('site.report', { ...report, urls }, { locale: 'es' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.data.fieldErrors).toEqual({ urls: 'Puedes denunciar como máximo 5 URL a la vez.' })
  })

  it(`limits each address to ${SITE_RATE_LIMITS.report.limit} reports an hour`, async () => {
    const ip = freshIp()
    for (let i = 0; i < SITE_RATE_LIMITS.report.limit; i++) expect((await post('site.report', report, { ip })).statusCode).toBe(200)
    const limited = await post('site.report', report, { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds/)
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
  })
})

describe('site.errorFeedback and site.reportClientError', () => {
  it('stores feedback with the path and the error, and rejects empty feedback', async () => {
    const empty = await post('site.errorFeedback', { message: '  ' }, { locale: 'fr' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.data.fieldErrors).toEqual({ message: 'Veuillez nous dire ce que vous faisiez.' })

    const res = await post('site.errorFeedback', { message: 'I opened the terms', path: '/en/tos', error: 'Error: boom' })
    expect(res.statusCode).toBe(200)
    const [row] = await db.orm.em.fork().find(ErrorFeedback, {})
    expect(row).toMatchObject({ message: 'I opened the terms', path: '/en/tos', errorText: 'Error: boom', user: null })
  })

  it('limits feedback per address', async () => {
    const ip = freshIp()
    for (let i = 0; i < SITE_RATE_LIMITS.feedback.limit; i++) await post('site.errorFeedback', { message: 'again' }, { ip })
    expect((await post('site.errorFeedback', { message: 'again' }, { ip })).statusCode).toBe(429)
    expect(await count(ErrorFeedback)).toBe(SITE_RATE_LIMITS.feedback.limit)
  })

  it('logs a client error for the team', async () => {
    const res = await post('site.reportClientError', { message: 'Error: Test error', path: '/en/videos', stack: 'at Copyright' })
    expect(res.statusCode).toBe(200)
    const logged = t.logs.find((line) => line.msg === 'client error')
    expect(logged?.clientError).toEqual({ message: 'Error: Test error', path: '/en/videos', stack: 'at Copyright' })
    expect(logged?.level).toBe(50)
  })
})

describe('site.legalPage', () => {
  it('returns the page by slug in the asked language', async () => {
    expect(await seedLegalPages(db.orm.em.fork())).toBe(20)
    const res = await trpcQuery(t.app, 'site.legalPage', { slug: 'tos', locale: 'fr' })
    expect(res.statusCode).toBe(200)
    const page = res.json().result.data
    expect(page).toMatchObject({ slug: 'tos', locale: 'fr', title: "Conditions d'utilisation" })
    expect(page.content.ops.some((op: { attributes?: { link?: string } }) => op.attributes?.link === 'internal:/report')).toBe(true)
  })

  it('falls back to de, then en', async () => {
    await seedLegalPages(db.orm.em.fork())
    await db.orm.em.fork().nativeDelete(LegalPage, { slug: 'privacy', locale: 'es' })
    expect((await trpcQuery(t.app, 'site.legalPage', { slug: 'privacy', locale: 'es' })).json().result.data.locale).toBe('de')
    await db.orm.em.fork().nativeDelete(LegalPage, { slug: 'privacy', locale: 'de' })
    expect((await trpcQuery(t.app, 'site.legalPage', { slug: 'privacy', locale: 'es' })).json().result.data.locale).toBe('en')
    await db.orm.em.fork().nativeDelete(LegalPage, { slug: 'privacy', locale: 'en' })
    const missing = await trpcQuery(t.app, 'site.legalPage', { slug: 'privacy', locale: 'es' }, { 'x-locale': 'es' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Este contenido no existe.')
  })

  it('knows only the four legal slugs', async () => {
    expect((await trpcQuery(t.app, 'site.legalPage', { slug: 'secret', locale: 'en' })).statusCode).toBe(400)
  })

  it('seeds only into an empty table and never overwrites edited texts', async () => {
    expect(await seedLegalPages(db.orm.em.fork())).toBe(20)
    await db.orm.em.fork().nativeUpdate(LegalPage, { slug: 'imprint', locale: 'de' }, { title: 'Edited' })
    expect(await seedLegalPages(db.orm.em.fork())).toBe(0)
    expect((await db.orm.em.fork().findOneOrFail(LegalPage, { slug: 'imprint', locale: 'de' })).title).toBe('Edited')
  })
})

describe('site.settings', () => {
  it('gives the client the support address and the site address', async () => {
    const data = (await trpcQuery(t.app, 'site.settings', undefined)).json().result.data
    expect(data).toMatchObject({ supportEmail: SUPPORT, publicUrl: PUBLIC_URL })
  })
})
