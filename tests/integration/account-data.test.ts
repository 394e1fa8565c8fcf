/**
 * The member's data in their hands: the export file, the address change (with its undo link),
 * and deleting the account, down to a search of every table for what is left of it.
 */
import { quickAddJob, runOnce } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AuditEntry,
  BillingEvent,
  ContactMessage,
  DownloadCounter,
  ErrorFeedback,
  MailMessage,
  Plan,
  Session,
  Subscription,
  User,
  Video,
  type ImageSet,
} from '../../core/db/entities/index.js'
import { saveWatchPosition } from '../../core/services/catalog/watch.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { createTaskList } from '../../worker/tasks/index.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, latestMail, linkOf, logIn, makeUser, me, sessionCookieOf, signedInUser } from '../support/accounts.js'
import { PUBLIC_DEMO_SITE, testConfig } from '../support/config.js'
import { makeImageSet, makeSubscription, makeVideo } from '../support/factories.js'
import { fakeSmtpServer } from '../support/fake-smtp.js'
import { findEverywhere } from '../support/find-everywhere.js'
import { SoftAuthenticator } from '../support/soft-authenticator.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const ORIGIN = 'https://club.example'
const PASSWORD = 'correct horse battery'
const EN = { 'x-locale': 'en' }
const DAY = 86_400_000
let db: TestDatabase
let t: TestApp
let video: Video
let imageSet: ImageSet

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { ...PUBLIC_DEMO_SITE, RATE_LIMIT_PER_IP: '1000', PUBLIC_URL: ORIGIN })
  const em = db.orm.em.fork()
  await ensurePlans(em)
  video = makeVideo(em, { title: { en: 'Colour bars', de: 'Farbbalken' } })
  imageSet = makeImageSet(em, { title: { en: 'Test cards', de: 'Testbilder' } })
  await em.flush()
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const call = (path: string, input: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  trpcMutation(t.app, path, input, { ...EN, ...(cookie ? { cookie } : {}), ...headers })
const exportOf = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/account/export.json', headers: { ...(cookie ? { cookie } : {}), ...headers } })

let users = 0
const member = (options: { plan?: string } = {}) => signedInUser(t.app, db.orm.em.fork(), { email: `data${++users}@example.com`, ...options })

/** A processor's sale notification as CCBill sends it: the person's details included. */
function ccbillSale(externalId: string, email: string, userId: number) {
  return {
    subscriptionId: externalId,
    transactionId: `${externalId}-t`,
    firstName: 'Mia',
    lastName: 'Muster',
    address1: '1 Main Street',
    city: 'Berlin',
    postalCode: '10115',
    country: 'DE',
    email,
    phoneNumber: '+49 30 1234567',
    ipAddress: '203.0.113.9',
    username: 'mia',
    'X-userId': String(userId),
    'X-planSid': 'basic-monthly',
    billedInitialPrice: '14.99',
    billedCurrencyCode: '978',
    cardType: 'VISA',
    bin: '411111',
    last4: '1111',
    expDate: '0128',
    timestamp: '2026-11-24 10:15:00',
  }
}

describe('the export file', () => {
  it('holds every section of a member’s data, as an attachment that is never cached', async () => {
    const m = await member({ plan: 'basic-monthly' })
    const em = db.orm.em.fork()
    const subscription = await em.findOneOrFail(Subscription, { user: m.id })
    em.create(BillingEvent, {
      provider: 'ccbill',
      eventId: `sale-${m.id}`,
      type: 'sale',
      payload: ccbillSale(subscription.externalId, m.email, m.id),
      amountCents: 1499,
      currency: 'EUR',
      subscriptionExternalId: subscription.externalId,
      receivedAt: new Date(),
    })
    em.create(ContactMessage, { firstName: 'Mia', lastName: 'Muster', email: m.email, subject: 'Hello', message: 'A question', locale: 'en', user: m.id })
    await em.flush()
    for (const change of [
      { kind: 'video', id: video.id, favorite: true },
      { kind: 'video', id: video.id, rating: 'like' },
      { kind: 'imageSet', id: imageSet.id, watch_later: true },
    ]) {
      expect((await call('interactions.update', change, m.cookie)).statusCode).toBe(200)
    }
    await saveWatchPosition(db.orm.em.fork(), m.id, video.id, 42, new Date())
    const authenticator = new SoftAuthenticator(ORIGIN)
    const options = (await call('account.passkeyRegistrationOptions', undefined, m.cookie)).json().result.data
    expect((await call('account.registerPasskey', { name: 'Phone', response: authenticator.register(options) }, m.cookie)).statusCode).toBe(200)

    const res = await exportOf(m.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="streamclub-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const file = res.json()
    expect(file).toMatchObject({ format: 'streamclub-account-export', version: 1, exportedAt: expect.any(String) })
    expect(Object.keys(file.sections)).toEqual([
      'account',
      'subscriptions',
      'billingEvents',
      'favorites',
      'watchLater',
      'ratings',
      'viewed',
      'watchPositions',
      'downloads',
      'sessions',
      'passkeys',
      'emailChanges',
      'contactMessages',
      'errorReports',
    ])
    const s = file.sections
    expect(s.account).toMatchObject({ id: m.id, email: m.email, role: 'user', hasPassword: true })
    expect(s.subscriptions).toEqual([
      expect.objectContaining({ processorSubscriptionId: subscription.externalId, status: 'active', plan: expect.objectContaining({ sid: 'basic-monthly' }) }),
    ])
    expect(s.billingEvents).toEqual([
      expect.objectContaining({ type: 'sale', amountCents: 1499, currency: 'EUR', fields: expect.objectContaining({ email: m.email }) }),
    ])
    expect(s.favorites).toEqual([{ type: 'video', id: video.id, title: 'Colour bars', updatedAt: expect.any(String) }])
    expect(s.ratings).toEqual([{ type: 'video', id: video.id, title: 'Colour bars', rating: 'like', updatedAt: expect.any(String) }])
    expect(s.watchLater).toEqual([{ type: 'imageSet', id: imageSet.id, title: 'Test cards', updatedAt: expect.any(String) }])
    expect(s.watchPositions).toEqual([{ videoId: video.id, title: 'Colour bars', positionSeconds: 42, updatedAt: expect.any(String) }])
    expect(s.sessions).toEqual([expect.objectContaining({ authMethod: 'password', country: null, device: expect.any(Object) })])
    // Passkeys: names and dates, never keys or credential ids.
    expect(s.passkeys).toEqual([{ name: 'Phone', createdAt: expect.any(String), lastUsedAt: null, synced: false }])
    expect(res.body).not.toContain(authenticator.credentials[0]!.id.toString('base64url'))
    expect(s.contactMessages).toEqual([expect.objectContaining({ subject: 'Hello', message: 'A question' })])
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/)
  })

  it('answers visitors 401 and refuses a request another site started', async () => {
    expect((await exportOf()).statusCode).toBe(401)
    const m = await member()
    expect((await exportOf(m.cookie, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
  })
})

describe('changing the address', () => {
  it('mails a link to the new address, changes it when opened, tells the old address with an undo link that restores it and ends every session', async () => {
    const m = await member()
    const newEmail = `moved${users}@example.com`
    const res = await call('account.requestEmailChange', { email: newEmail }, m.cookie)
    expect(res.json().result.data).toEqual({ sentTo: newEmail })
    expect((await trpcQuery(t.app, 'account.email', undefined, { cookie: m.cookie })).json().result.data.pending).toMatchObject({ newEmail })
    const confirm = linkOf((await latestMail(db.orm, newEmail))!)
    expect(`${confirm.url.origin}${confirm.url.pathname}`).toBe(`${ORIGIN}/account/email/confirm`)
    // Nothing changed yet: the old address still signs in.
    expect((await me(t.app, m.cookie))?.email).toBe(m.email)

    const confirmed = await call('account.confirmEmailChange', { token: confirm.token })
    expect(confirmed.json().result.data).toEqual({ email: newEmail })
    expect((await me(t.app, m.cookie))?.email).toBe(newEmail)
    expect((await call('account.confirmEmailChange', { token: confirm.token })).json().error.message).toBe(
      'This link has already been used. Please request a new one.',
    )
    expect(errorOf(await logIn(t.app, m.email, PASSWORD)).message).toBe('The email address or the password is not correct.')
    expect(sessionCookieOf(await logIn(t.app, newEmail.toUpperCase(), PASSWORD))).toMatch(/^sid=/)

    const notice = (await latestMail(db.orm, m.email))!
    expect(notice.subject).toBe('The email address of your Streamclub account was changed')
    expect(notice.text).toContain(`was changed to ${newEmail}`)
    const undo = linkOf(notice)
    expect(`${undo.url.origin}${undo.url.pathname}`).toBe(`${ORIGIN}/account/email/undo`)

    // While the undo link works, the old address stays its owner's: a sign-up with it looks
    // the same as ever, but makes no account and tells the address instead.
    expect((await call('auth.signUp', { email: m.email, password: 'someone else entirely' })).statusCode).toBe(200)
    expect(await db.orm.em.fork().count(User, { email: m.email })).toBe(0)
    expect((await latestMail(db.orm, m.email))!.subject).toBe('You already have a Streamclub account')

    const undone = await call('account.undoEmailChange', { token: undo.token })
    expect(undone.json().result.data).toEqual({ email: m.email })
    expect(await db.orm.em.fork().count(Session, { user: m.id })).toBe(0)
    expect(await me(t.app, m.cookie)).toBeNull()
    expect(sessionCookieOf(await logIn(t.app, m.email, PASSWORD))).toMatch(/^sid=/)
    expect(errorOf(await call('account.undoEmailChange', { token: undo.token })).message).toBe('This link has already been used. Please request a new one.')
  })

  it('answers the same for a taken address, whose owner is told instead, and refuses one’s own address', async () => {
    const m = await member()
    const other = await makeUser(db.orm.em.fork(), { email: `taken${users}@example.com` })
    const mails = await db.orm.em.fork().count(MailMessage, {})
    const taken = await call('account.requestEmailChange', { email: other.email.toUpperCase() }, m.cookie)
    // The address page shows the change as waiting, as for a free address: it never confirms.
    const pendingTaken = (await trpcQuery(t.app, 'account.email', undefined, { cookie: m.cookie })).json().result.data.pending
    expect(pendingTaken).toMatchObject({ newEmail: other.email.toUpperCase() })
    const free = await call('account.requestEmailChange', { email: `free${users}@example.com` }, m.cookie)
    expect(taken.statusCode).toBe(200)
    expect(taken.json().result.data).toEqual({ sentTo: other.email.toUpperCase() })
    expect(free.json().result.data).toEqual({ sentTo: `free${users}@example.com` })
    expect(await db.orm.em.fork().count(MailMessage, {})).toBe(mails + 2)
    const freePending = (await trpcQuery(t.app, 'account.email', undefined, { cookie: m.cookie })).json().result.data.pending
    expect(Object.keys(freePending)).toEqual(Object.keys(pendingTaken))
    const told = await db.orm.em.fork().findOneOrFail(MailMessage, { to: other.email.toUpperCase() })
    expect(told.subject).toBe('Your email address at Streamclub')
    expect(told.text).not.toMatch(/https?:\/\//)
    expect(errorOf(await call('account.requestEmailChange', { email: m.email.toUpperCase() }, m.cookie)).data.fieldErrors).toEqual({
      email: 'That is already your address.',
    })
  })

  it('asks for a recent proof of identity, and expires its links', async () => {
    const m = await member()
    await db.orm.em.fork().nativeUpdate(Session, { id: m.sessionId }, { authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    expect(errorOf(await call('account.requestEmailChange', { email: 'later@example.com' }, m.cookie)).data).toMatchObject({
      key: 'account.errors.reauthRequired',
    })
    await call('account.reauthenticate', { method: 'password', password: PASSWORD }, m.cookie)
    await call('account.requestEmailChange', { email: `late${users}@example.com` }, m.cookie)
    const link = linkOf((await latestMail(db.orm, `late${users}@example.com`))!)
    await db.orm.em.getConnection().execute(`update email_change set expires_at = now() - interval '1 minute' where user_id = ?`, [m.id])
    expect(errorOf(await call('account.confirmEmailChange', { token: link.token })).message).toBe('This link has expired. Please request a new one.')
    expect(errorOf(await call('account.confirmEmailChange', { token: 'x'.repeat(43) })).message).toBe('This link is not valid. Please request a new one.')
  })
})

describe('deleting the account', () => {
  it('waits for a renewing membership to be cancelled, for the member to give up paid time, and for a fresh proof of identity; administrators cannot', async () => {
    const m = await member({ plan: 'basic-monthly' })
    expect((await trpcQuery(t.app, 'account.deletion', undefined, { cookie: m.cookie })).json().result.data).toEqual({
      terms: { kind: 'cancelFirst', date: expect.any(String) },
      cancelUrl: 'https://billing-support.example.com/subscriptions/cancel',
    })
    expect(errorOf(await call('account.deleteAccount', { confirmLosingPaidPeriod: true }, m.cookie)).message).toBe(
      'Your membership still renews: cancel it with the payment provider first.',
    )
    await db.orm.em.fork().nativeUpdate(Subscription, { user: m.id }, { pendingChange: 'cancel' })
    expect((await trpcQuery(t.app, 'account.deletion', undefined, { cookie: m.cookie })).json().result.data.terms.kind).toBe('losesPaidPeriod')
    expect(errorOf(await call('account.deleteAccount', {}, m.cookie)).data.fieldErrors).toEqual({
      confirmLosingPaidPeriod: 'Please confirm that you give up the rest of your paid time.',
    })
    await db.orm.em.fork().nativeUpdate(Session, { id: m.sessionId }, { authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    expect(errorOf(await call('account.deleteAccount', { confirmLosingPaidPeriod: true }, m.cookie)).data).toMatchObject({
      key: 'account.errors.reauthRequired',
    })
    expect(await db.orm.em.fork().count(User, { id: m.id })).toBe(1)

    const admin = await signedInUser(t.app, db.orm.em.fork(), { email: `admin${++users}@example.com`, role: 'admin' })
    expect(errorOf(await call('account.deleteAccount', {}, admin.cookie)).message).toBe('Administrator accounts are not deleted here.')
  })

  it('erases the member everywhere but in what the law keeps, ends the sessions, mails a last confirmation that leaves no copy, and frees the address', async () => {
    // A distinctive id, so a search for it as a number finds only what belongs to this account.
    await db.orm.em.getConnection().execute(`select setval('app_user_id_seq', 987654)`)
    const m = await member()
    expect(m.id).toBe(987655)
    const phone = sessionCookieOf(await logIn(t.app, m.email, PASSWORD, true))
    const em = db.orm.em.fork()
    const plan = await em.findOneOrFail(Plan, { sid: 'basic-monthly' })
    const ended = makeSubscription(em, m.id, plan, { status: 'ended', paidUntil: new Date(Date.now() - 5 * DAY), externalId: 'cc-deleted-1' })
    em.create(BillingEvent, {
      provider: 'ccbill',
      eventId: 'sale-deleted-1',
      type: 'sale',
      payload: ccbillSale(ended.externalId, m.email, m.id),
      amountCents: 1499,
      currency: 'EUR',
      subscriptionExternalId: ended.externalId,
      receivedAt: new Date(),
    })
    em.create(ContactMessage, { firstName: 'Mia', lastName: 'Muster', email: m.email, subject: 'Signed in', message: 'Hello', locale: 'en', user: m.id })
    em.create(ContactMessage, {
      firstName: 'Mia',
      lastName: 'Muster',
      email: m.email.toUpperCase(),
      subject: 'As a visitor',
      message: 'Hello again',
      locale: 'en',
      user: null,
    })
    em.create(ErrorFeedback, { message: `It broke, write to me at ${m.email}`, path: '/en/videos', errorText: null, user: m.id })
    em.create(DownloadCounter, { user: m.id, day: new Date().toISOString().slice(0, 10), count: 2 })
    await em.flush()
    for (const change of [
      { kind: 'video', id: video.id, rating: 'like' },
      { kind: 'video', id: video.id, favorite: true },
      { kind: 'imageSet', id: imageSet.id, rating: 'dislike' },
    ]) {
      expect((await call('interactions.update', change, m.cookie)).statusCode).toBe(200)
    }
    await saveWatchPosition(db.orm.em.fork(), m.id, video.id, 12, new Date())
    const likesBefore = (await db.orm.em.fork().findOneOrFail(Video, video.id)).likes
    const authenticator = new SoftAuthenticator(ORIGIN)
    const options = (await call('account.passkeyRegistrationOptions', undefined, m.cookie)).json().result.data
    await call('account.registerPasskey', { name: 'Phone', response: authenticator.register(options) }, m.cookie)
    // An address change, confirmed: the earlier address counts as the member's too.
    const earlier = m.email
    const current = `moved${users}@example.org`
    await call('account.requestEmailChange', { email: current }, m.cookie)
    await call('account.confirmEmailChange', { token: linkOf((await latestMail(db.orm, current))!).token })
    // An administrator ended the member's sessions once: the console's audit log names the account.
    const admin = await signedInUser(t.app, db.orm.em.fork(), { email: `auditor${++users}@example.com`, role: 'admin' })
    expect((await call('admin.users.endSessions', { id: m.id }, admin.cookie)).statusCode).toBe(200)
    const fresh = sessionCookieOf(await logIn(t.app, current, PASSWORD))

    const deleted = await call('account.deleteAccount', {}, fresh)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('')
    expect(await me(t.app, fresh)).toBeNull()
    expect(await me(t.app, phone)).toBeNull()

    // The ratings left the items' counters; the billing records stay, without the person.
    expect((await db.orm.em.fork().findOneOrFail(Video, video.id)).likes).toBe(likesBefore - 1)
    const kept = await db.orm.em.fork().findOneOrFail(Subscription, { externalId: 'cc-deleted-1' })
    expect(kept.user).toBeNull()
    const event = await db.orm.em.fork().findOneOrFail(BillingEvent, { eventId: 'sale-deleted-1' })
    expect(event.amountCents).toBe(1499)
    expect(Object.keys(event.payload).sort()).toEqual([
      'X-planSid',
      'billedCurrencyCode',
      'billedInitialPrice',
      'country',
      'subscriptionId',
      'timestamp',
      'transactionId',
    ])

    // The last mail is queued; once delivered, its row is gone.
    const last = (await latestMail(db.orm, current))!
    expect(last.subject).toBe('Your Streamclub account was deleted')
    expect(last.forgetAfterSending).toBe(true)
    expect(await findEverywhere(db.orm.em.fork(), { email: current, userId: m.id })).toEqual(['public.audit_log.target_id: 1', 'public.mail_message.to: 1'])
    const smtp = await fakeSmtpServer()
    await quickAddJob({ connectionString: db.url }, 'send_mail', { id: last.id })
    await runOnce({ connectionString: db.url, taskList: createTaskList({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), orm: db.orm }) })
    await smtp.close()
    expect(smtp.received.some((raw) => raw.includes('Subject: Your Streamclub account was deleted'))).toBe(true)
    expect(await db.orm.em.fork().count(MailMessage, { id: last.id })).toBe(0)

    // What is left, searched in every table: the audit log's note of the administrator's action on account 987655 (docs/accounts.md).
    expect(await findEverywhere(db.orm.em.fork(), { email: earlier, userId: m.id })).toEqual(['public.audit_log.target_id: 1'])
    expect(await findEverywhere(db.orm.em.fork(), { email: current, userId: m.id })).toEqual(['public.audit_log.target_id: 1'])
    expect((await db.orm.em.fork().findOneOrFail(AuditEntry, { targetType: 'user', targetId: String(m.id) })).userEmail).toBe(admin.email)

    // Both addresses are free again.
    expect((await call('auth.signUp', { email: current, password: PASSWORD })).statusCode).toBe(200)
    expect(await db.orm.em.fork().count(User, { email: current })).toBe(1)
    expect((await call('auth.signUp', { email: earlier, password: PASSWORD })).statusCode).toBe(200)
    expect(await db.orm.em.fork().count(User, { email: earlier })).toBe(1)
  })
})
