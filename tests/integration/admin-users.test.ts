/**
 * The console's users page: search by the start of an address (any case, % and _ taken as
 * typed, paged), a user's plan, subscriptions, billing events (from the real demo webhook) and
 * sessions; the role set (never an administrator's own admin role away) and every session of a
 * user ended (their next request is signed out). Every change writes its audit entry; bad input
 * is refused with a translated message and leaves the data as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, Plan, Session, User } from '../../core/db/entities/index.js'
import { localize } from '../../core/domain/locale.js'
import { ensurePlans } from '../../scripts/seed/plans.js'
import { signedInAs } from '../support/admin.js'
import { createTestApp, trpcMutation, trpcQuery, type TestApp } from '../support/app.js'
import { errorOf, logIn, makeUser, me, sessionCookieOf } from '../support/accounts.js'
import { newId, postback, saleFields } from '../support/billing.js'
import { makeSubscription } from '../support/factories.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const DAY = 86_400_000
const PASSWORD = 'correct horse battery'

let db: TestDatabase
let t: TestApp
let admin: { cookie: string; email: string; id: number }

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { RATE_LIMIT_PER_IP: '100000' })
  await ensurePlans(db.orm.em.fork())
  admin = await signedInAs(db.orm.em.fork(), 'admin', 'console-admin@example.com')
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
})

const fresh = () => db.orm.em.fork()
const asAdmin = (locale = 'en') => ({ cookie: admin.cookie, 'x-locale': locale })
const query = async (path: string, input: unknown) => {
  const res = await trpcQuery(t.app, path, input, asAdmin())
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.data
}
const change = (path: string, input: unknown, locale = 'en') => trpcMutation(t.app, path, input, asAdmin(locale))
const emails = (list: { items: Array<{ email: string }> }) => list.items.map((u) => u.email)

describe('admin.users.search', () => {
  it('finds addresses by their start in any case; % and _ are taken as typed', async () => {
    for (const email of ['Alice.Smith@example.com', 'alice_b@example.com', 'alicexb@example.com', 'bob@example.com']) await makeUser(fresh(), { email })
    const found = await query('admin.users.search', { email: 'ALICE' })
    expect(emails(found).sort()).toEqual(['Alice.Smith@example.com', 'alice_b@example.com', 'alicexb@example.com'])
    expect(found.items.find((u: { email: string }) => u.email === 'bob@example.com')).toBeUndefined()
    expect(found.items[0]).toMatchObject({ role: 'user', emailVerified: true, createdAt: expect.any(String), id: expect.any(Number) })
    expect(emails(await query('admin.users.search', { email: 'alice_' }))).toEqual(['alice_b@example.com'])
    expect(emails(await query('admin.users.search', { email: 'ali%' }))).toEqual([])
    expect(emails(await query('admin.users.search', { email: '  bob@EXAMPLE.com ' }))).toEqual(['bob@example.com'])
  })

  it('pages 25 at a time; an empty search lists the newest accounts first', async () => {
    for (let i = 0; i < 30; i++) await makeUser(fresh(), { email: `page-${String(i).padStart(2, '0')}@example.com` })
    const first = await query('admin.users.search', { email: 'page-' })
    expect(first.items).toHaveLength(25)
    expect(first.meta).toEqual({ total: 30, page: 1, lastPage: 2 })
    const second = await query('admin.users.search', { email: 'page-', page: 2 })
    expect(emails(second)).toEqual(['page-25@example.com', 'page-26@example.com', 'page-27@example.com', 'page-28@example.com', 'page-29@example.com'])
    expect(emails(await query('admin.users.search', {}))[0]).toBe('page-29@example.com')
  })

  it('refuses a search text that is too long, translated', async () => {
    const res = await trpcQuery(t.app, 'admin.users.search', { email: 'x'.repeat(321) }, asAdmin('de'))
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).data.fieldErrors).toEqual({ email: 'Der Suchtext ist zu lang.' })
  })
})

describe('admin.users.user', () => {
  it('shows role, address, plan, subscriptions with the pending change, billing events newest first and live sessions', async () => {
    const user = await makeUser(fresh(), { email: 'member@example.com' })
    const other = await makeUser(fresh(), { email: 'someone-else@example.com' })
    const secret = t.config.billing.demoSecret
    const premium = await fresh().findOneOrFail(Plan, { sid: 'premium-monthly' })
    const sale = saleFields(user.id, premium)
    expect((await postback(t.app, secret, sale)).statusCode).toBe(200)
    const subscriptionId = sale.subscriptionId!
    const event = (eventType: string, extra: Record<string, string> = {}) => ({
      eventType,
      eventId: newId(eventType),
      timestamp: new Date().toISOString(),
      subscriptionId,
      ...extra,
    })
    expect(
      (await postback(t.app, secret, event('RenewalSuccess', { billedAmount: '24.99', billedCurrency: 'EUR', transactionId: newId('tx') }))).statusCode,
    ).toBe(200)
    expect((await postback(t.app, secret, event('Cancellation'))).statusCode).toBe(200)
    expect((await postback(t.app, secret, saleFields(other.id, premium))).statusCode).toBe(200)
    // An older subscription that ended, and sessions: one expired, two live.
    const em = fresh()
    makeSubscription(em, user.id, premium.id, {
      status: 'ended',
      startedAt: new Date(Date.now() - 90 * DAY),
      paidUntil: new Date(Date.now() - 60 * DAY),
      externalId: 'old-sub',
    })
    await em.flush()
    await logIn(t.app, user.email, PASSWORD)
    await fresh().nativeUpdate(Session, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) })
    await logIn(t.app, user.email, PASSWORD)
    await logIn(t.app, user.email, PASSWORD)

    const detail = await query('admin.users.user', { id: user.id })
    expect(detail).toMatchObject({
      id: user.id,
      email: 'member@example.com',
      role: 'user',
      emailVerifiedAt: expect.any(String),
      locale: 'en',
      member: true,
      sessions: 2,
    })
    expect(detail.subscriptions).toHaveLength(2)
    expect(detail.subscriptions[0]).toMatchObject({
      externalId: subscriptionId,
      plan: localize(premium.name, 'en'),
      period: 'monthly',
      status: 'active',
      pendingChange: 'cancel',
      pendingFrom: expect.any(String),
      paidUntil: expect.any(String),
    })
    expect(detail.currentSubscriptionId).toBe(detail.subscriptions[0].id)
    expect(detail.subscriptions[1]).toMatchObject({ externalId: 'old-sub', status: 'ended' })
    expect(detail.billingEvents.total).toBe(3)
    expect(detail.billingEvents.items.map((e: { type: string }) => e.type)).toEqual(['cancel', 'renewal', 'sale'])
    expect(detail.billingEvents.items[1]).toMatchObject({ provider: 'demo', amountCents: 2499, currency: 'EUR', subscriptionExternalId: subscriptionId })

    const nobody = await trpcQuery(t.app, 'admin.users.user', { id: 999999 }, asAdmin('it'))
    expect(nobody.statusCode).toBe(404)
    expect(errorOf(nobody).message).toBe('Questo contenuto non esiste.')
  })
})

describe('admin.users.setRole', () => {
  it('sets the role, audited before and after; the user has it at their next request', async () => {
    const user = await makeUser(fresh(), { email: 'promoted@example.com' })
    const cookie = sessionCookieOf(await logIn(t.app, user.email, PASSWORD))
    expect(await me(t.app, cookie)).toMatchObject({ role: 'user', isMember: false })
    const res = await change('admin.users.setRole', { id: user.id, role: 'permanentAccess' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await me(t.app, cookie)).toMatchObject({ role: 'permanentAccess', isMember: true })
    const [entry] = await fresh().find(AuditEntry, { action: 'admin.users.setRole', targetId: String(user.id) })
    expect(entry).toMatchObject({ userEmail: admin.email, targetType: 'user', before: { role: 'user' }, after: { role: 'permanentAccess' } })
  })

  it("refuses an administrator's own admin role, the same role, an unknown role and user, translated, and changes nothing", async () => {
    const own = await change('admin.users.setRole', { id: admin.id, role: 'user' }, 'de')
    expect(own.statusCode).toBe(403)
    expect(errorOf(own).message).toBe(
      'Du kannst dir deine eigene Administratorrolle nicht nehmen. Bitte eine andere Administratorin oder einen anderen Administrator darum.',
    )
    expect((await fresh().findOneOrFail(User, admin.id)).role).toBe('admin')
    expect(await me(t.app, admin.cookie)).toMatchObject({ role: 'admin' })

    const user = await makeUser(fresh(), { email: 'stays@example.com' })
    const same = await change('admin.users.setRole', { id: user.id, role: 'user' }, 'fr')
    expect(same.statusCode).toBe(409)
    expect(errorOf(same).message).toBe('Ce compte a déjà ce rôle.')
    const bad = await change('admin.users.setRole', { id: user.id, role: 'superuser' }, 'es')
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).data.fieldErrors).toEqual({ role: 'Elige uno de los roles.' })
    expect((await change('admin.users.setRole', { id: 999999, role: 'admin' })).statusCode).toBe(404)
    expect((await fresh().findOneOrFail(User, user.id)).role).toBe('user')
    expect(await fresh().count(AuditEntry, { targetId: { $in: [String(admin.id), String(user.id)] } })).toBe(0)
  })
})

describe('admin.users.endSessions', () => {
  it('ends every session of the user: their next request is signed out; audited with the count', async () => {
    const user = await makeUser(fresh(), { email: 'signed-out@example.com' })
    const laptop = sessionCookieOf(await logIn(t.app, user.email, PASSWORD))
    const phone = sessionCookieOf(await logIn(t.app, user.email, PASSWORD))
    expect(await me(t.app, laptop)).toMatchObject({ email: user.email })
    const res = await change('admin.users.endSessions', { id: user.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().result.data).toEqual({ ended: 2 })
    expect(await me(t.app, laptop)).toBeNull()
    expect(await me(t.app, phone)).toBeNull()
    expect(await fresh().count(Session, { user: user.id })).toBe(0)
    const [entry] = await fresh().find(AuditEntry, { action: 'admin.users.endSessions', targetId: String(user.id) })
    expect(entry).toMatchObject({ userEmail: admin.email, before: { sessions: 2 }, after: { sessions: 0 } })
    // The administrator's own session is not touched.
    expect(await me(t.app, admin.cookie)).toMatchObject({ role: 'admin' })
    expect((await query('admin.users.user', { id: user.id })).sessions).toBe(0)
  })

  it('refuses an unknown user and a malformed id', async () => {
    const nobody = await change('admin.users.endSessions', { id: 999999 }, 'de')
    expect(nobody.statusCode).toBe(404)
    expect(errorOf(nobody).message).toBe('Diesen Inhalt gibt es nicht.')
    expect((await change('admin.users.endSessions', { id: 'all' })).statusCode).toBe(400)
    expect(await fresh().count(AuditEntry, { action: 'admin.users.endSessions' })).toBe(1)
  })
})
