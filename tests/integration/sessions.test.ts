import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Plan, Session, Subscription } from '../../core/db/entities/index.js'
import { hashToken, loadCurrentUser, SESSION_COOKIE, SESSION_TTL_MS } from '../../core/services/auth/sessions.js'
import { makeUser } from '../support/accounts.js'
import { makeSubscription } from '../support/factories.js'
import { currentSubscription } from '../../core/domain/billing/membership.js'
import { membershipOf } from '../../core/services/billing/membership.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

const MINUTE = 60_000
const DAY = 86_400_000
let db: TestDatabase
let plan: Plan

beforeAll(async () => {
  db = await createTestDatabase()
  const em = db.orm.em.fork()
  plan = em.create(Plan, { sid: 'session-test', name: { en: 'Session test' }, period: 'monthly', priceCents: 100, features: [], visibility: 'unlisted' })
  await em.flush()
})
afterAll(() => db.drop())

let users = 0
/** A user with a session last seen `seenAgo` ms before `now`; returns the cookie token. */
async function sessionOf(now: Date, { seenAgo = 0, expiresIn = DAY, verified = true } = {}) {
  const em = db.orm.em.fork()
  const user = await makeUser(em, { email: `session${++users}@example.com`, verified })
  const token = `token-${users}`
  em.create(Session, {
    id: hashToken(token),
    user,
    remember: false,
    createdAt: new Date(now.getTime() - seenAgo),
    lastSeenAt: new Date(now.getTime() - seenAgo),
    expiresAt: new Date(now.getTime() + expiresIn),
  })
  await em.flush()
  return { user, token }
}

const load = (token: string, now: Date) => loadCurrentUser(db.orm.em.fork(), { [SESSION_COOKIE]: token }, now)
const stored = (token: string) => db.orm.em.fork().findOneOrFail(Session, { id: hashToken(token) })

describe('loadCurrentUser', () => {
  it('answers the user of a live session, and nothing for an expired, unknown or oversized token', async () => {
    const now = new Date()
    const { user, token } = await sessionOf(now)
    expect(await load(token, now)).toEqual({
      id: user.id,
      email: user.email,
      emailVerified: true,
      role: 'user',
      locale: 'en',
      sessionId: hashToken(token),
      activePlanUntil: null,
      plan: null,
      authenticatedAt: expect.any(Date),
      authMethod: null,
    })
    const expired = await sessionOf(now, { expiresIn: -MINUTE })
    expect(await load(expired.token, now)).toBeNull()
    expect(await load('no-such-token', now)).toBeNull()
    expect(await load('x'.repeat(129), now)).toBeNull()
  })

  it('slides the expiry forward at most every 10 minutes of activity', async () => {
    const now = new Date()
    const recent = await sessionOf(now, { seenAgo: 5 * MINUTE, expiresIn: 2 * MINUTE })
    const before = await stored(recent.token)
    await load(recent.token, now)
    expect((await stored(recent.token)).expiresAt).toEqual(before.expiresAt)

    const idle = await sessionOf(now, { seenAgo: 11 * MINUTE, expiresIn: 2 * MINUTE })
    await load(idle.token, now)
    const touched = await stored(idle.token)
    expect(touched.lastSeenAt).toEqual(now)
    expect(touched.expiresAt).toEqual(new Date(now.getTime() + SESSION_TTL_MS.browser))
  })

  it('gives the end of the latest active paid period, ignoring lapsed and ended subscriptions', async () => {
    const now = new Date()
    const { user, token } = await sessionOf(now, { verified: false })
    const em = db.orm.em.fork()
    const subscribe = (paidUntil: Date, status: 'active' | 'ended') =>
      em.create(Subscription, {
        user: user.id,
        plan,
        externalId: `ext-${paidUntil.getTime()}-${status}`,
        status,
        startedAt: new Date(now.getTime() - 40 * DAY),
        paidUntil,
      })
    subscribe(new Date(now.getTime() - DAY), 'active')
    subscribe(new Date(now.getTime() + 90 * DAY), 'ended')
    await em.flush()
    expect(await load(token, now)).toMatchObject({ emailVerified: false, activePlanUntil: null })

    const until = new Date(now.getTime() + 20 * DAY)
    subscribe(until, 'active')
    subscribe(new Date(now.getTime() + 5 * DAY), 'active')
    await em.flush()
    expect((await load(token, now))?.activePlanUntil).toEqual(until)
  })

  it("reads the same current subscription as the domain's currentSubscription, and membershipOf agrees, for any mix of subscriptions", async () => {
    const now = new Date()
    const em = db.orm.em.fork()
    const other = em.create(Plan, {
      sid: 'session-test-2',
      name: { en: 'Other' },
      period: 'yearly',
      priceCents: 900,
      features: ['downloads', 'uhd'],
      dailyDownloadLimit: 7,
      visibility: 'unlisted',
    })
    await em.flush()
    // A fixed pseudo-random sequence: every run checks the same 40 users.
    let seed = 7
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    for (let i = 0; i < 40; i++) {
      const { user, token } = await sessionOf(now)
      const made = Array.from({ length: next(4) }, (_, k) =>
        makeSubscription(em, user.id, next(2) ? plan : other, {
          status: next(3) === 0 ? 'ended' : 'active',
          // Distinct ends from 10 days ago to 30 days ahead (the domain leaves ties open).
          paidUntil: new Date(now.getTime() + (next(40) - 10) * DAY + k * MINUTE),
        }),
      )
      await em.flush()
      const expected = currentSubscription(made, now)
      const loaded = (await load(token, now))!
      expect({ until: loaded.activePlanUntil, plan: loaded.plan?.id ?? null }, `user ${i}`).toEqual({
        until: expected?.paidUntil ?? null,
        plan: expected ? (expected.plan as Plan).id : null,
      })
      const membership = (await membershipOf(db.orm.em.fork(), user.id, now))!
      expect({ until: membership.paidUntil, plan: membership.plan?.id ?? null, isMember: membership.isMember }).toEqual({
        until: expected?.paidUntil ?? null,
        plan: expected ? (expected.plan as Plan).id : null,
        isMember: expected !== null,
      })
    }
  })
})
