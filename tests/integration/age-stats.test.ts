import type { EntityManager } from '@mikro-orm/postgresql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AgeAccess } from '../../core/domain/age/access.js'
import { AgeStats, ageStatsSummary } from '../../core/services/age/stats.js'
import { signedInUser } from '../support/accounts.js'
import { createTestApp, SITE_CLIENT, trpcMutation, trpcQuery } from '../support/app.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * The console's age-assurance figures (core/services/age/stats.ts): counted in memory, added to
 * age_daily_count by an additive upsert, summed per day range. The app part needs `npm run build`
 * (it renders pages).
 */
let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => {
  await db.drop()
})

const em = () => db.orm.em.fork()
const place = { country: 'FR', region: null, source: 'header' } as const
const access = (outcome: AgeAccess['outcome'], rule: string, verified = false): AgeAccess => ({
  outcome,
  jurisdiction: place,
  verified,
  explicitAllowed: outcome === 'open' || verified,
  rule,
})

async function tableRows(): Promise<Array<{ day: string; kind: string; key: string; count: number }>> {
  const rows = await em()
    .getConnection()
    .execute<Array<{ day: string; kind: string; key: string; count: string }>>(
      `select to_char(day, 'YYYY-MM-DD') as day, kind, key, count from age_daily_count order by kind, key, day`,
    )
  return rows.map((row) => ({ ...row, count: Number(row.count) }))
}

async function clear() {
  await em().getConnection().execute('delete from age_daily_count')
}

describe('the age counters', () => {
  it('adds the counts of several servers and flushes into the day they were counted', async () => {
    await clear()
    let now = Date.parse('2026-11-27T23:59:30Z')
    const one = new AgeStats(() => now)
    const two = new AgeStats(() => now)
    one.countView(access('blur', 'fr'))
    one.countView(access('blur', 'fr', true))
    one.countCheck('dev', 'started')
    now = Date.parse('2026-11-28T00:00:10Z')
    one.countView(access('blur', 'fr'))
    one.countCheck('dev', 'accepted')
    two.countView(access('front', 'gb'))
    two.countView(access('open', 'elsewhere'))
    two.countCheck('dev', 'started')
    two.countCheck('oidc-verifymy', 'refused')

    expect(await one.flush(em())).toBe(7)
    expect(one.pending).toBe(0)
    expect(await one.flush(em())).toBe(0)
    two.countView(access('blur', 'fr'))
    await two.flush(em())

    expect(await tableRows()).toEqual(
      [
        { day: '2026-11-27', kind: 'check', key: 'dev:started', count: 1 },
        { day: '2026-11-28', kind: 'check', key: 'dev:accepted', count: 1 },
        { day: '2026-11-28', kind: 'check', key: 'dev:started', count: 1 },
        { day: '2026-11-28', kind: 'check', key: 'oidc-verifymy:refused', count: 1 },
        { day: '2026-11-27', kind: 'outcome', key: 'blur', count: 2 },
        { day: '2026-11-28', kind: 'outcome', key: 'blur', count: 2 },
        { day: '2026-11-28', kind: 'outcome', key: 'front', count: 1 },
        { day: '2026-11-28', kind: 'outcome', key: 'open', count: 1 },
        { day: '2026-11-28', kind: 'rule', key: 'elsewhere', count: 1 },
        { day: '2026-11-27', kind: 'rule', key: 'fr', count: 2 },
        { day: '2026-11-28', kind: 'rule', key: 'fr', count: 2 },
        { day: '2026-11-28', kind: 'rule', key: 'gb', count: 1 },
        { day: '2026-11-27', kind: 'verified', key: 'blur', count: 1 },
      ].sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key) || a.day.localeCompare(b.day)),
    )

    // Both days, then today alone.
    const both = await ageStatsSummary(em(), 2, new Date('2026-11-28T12:00:00Z'))
    expect(both.views).toBe(6)
    expect(both.byOutcome.map((row) => [row.key, row.views])).toEqual([
      ['open', 1],
      ['blur', 4],
      ['front', 1],
    ])
    expect(both.byOutcome[1]!.share).toBeCloseTo(4 / 6)
    expect(both.byRule.map((row) => [row.key, row.views])).toEqual([
      ['fr', 4],
      ['elsewhere', 1],
      ['gb', 1],
    ])
    expect(both.byMethod).toEqual([
      { method: 'dev', started: 2, accepted: 1, refused: 0, share: 1 },
      { method: 'oidc-verifymy', started: 0, accepted: 0, refused: 1, share: 0 },
    ])
    expect(both.verifiedShare).toBeCloseTo(1 / 5)
    const today = await ageStatsSummary(em(), 1, new Date('2026-11-28T12:00:00Z'))
    expect(today.views).toBe(4)
    expect(today.verifiedShare).toBe(0)
    const empty = await ageStatsSummary(em(), 30, new Date('2027-06-01T12:00:00Z'))
    expect(empty).toMatchObject({ views: 0, byOutcome: [], byRule: [], byMethod: [], verifiedShare: null })
  })

  it('keeps the counts when the database refuses them, and stores them at the next flush', async () => {
    await clear()
    const stats = new AgeStats(() => Date.parse('2026-11-28T10:00:00Z'))
    stats.countView(access('blur', 'it'))
    const failing = { getConnection: () => ({ execute: () => Promise.reject(new Error('connection lost')) }) } as unknown as EntityManager
    await expect(stats.flush(failing)).rejects.toThrow('connection lost')
    stats.countView(access('blur', 'it'))
    await stats.flush(em())
    expect(await tableRows()).toEqual([
      { day: '2026-11-28', kind: 'outcome', key: 'blur', count: 2 },
      { day: '2026-11-28', kind: 'rule', key: 'it', count: 2 },
    ])
  })
})

describe('the age counters of a server', () => {
  it('counts pages per outcome and rule and checks per method, stores them on close, and shows them to administrators only', async () => {
    await clear()
    const t = await createTestApp(db.orm, { TRUST_PROXY: 'true', AGE_STATS_FLUSH_SECONDS: '3600' })
    const fr = { 'cf-ipcountry': 'FR', 'x-locale': 'en' }
    for (const url of ['/en', '/en/videos', '/en/models']) {
      const page = await t.app.inject({ method: 'GET', url, headers: fr })
      expect(page.statusCode, url).toBe(200)
    }
    expect((await t.app.inject({ method: 'GET', url: '/en/videos', headers: { 'cf-ipcountry': 'GB' } })).statusCode).toBe(403)
    // API answers and files are not page views.
    await trpcQuery(t.app, 'age.status', undefined, fr)
    // A development check, started and answered yes.
    const started = await trpcMutation(t.app, 'age.start', { method: 'dev', returnTo: '/en' }, fr)
    expect(started.statusCode, started.body).toBe(200)
    const cookie = started.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const answered = await trpcMutation(t.app, 'age.devAnswer', { check: started.json().result.data.checkId, over18: true }, { ...fr, cookie })
    expect(answered.statusCode, answered.body).toBe(200)
    const back = await t.app.inject({ method: 'GET', url: answered.json().result.data.url, headers: { ...fr, cookie } })
    expect(back.statusCode).toBe(303)
    const proof = back.cookies.find((c) => c.name === 'age_proof')!
    const verifiedPage = await t.app.inject({ method: 'GET', url: '/en/videos', headers: { ...fr, cookie: `${cookie}; age_proof=${proof.value}` } })
    expect(verifiedPage.statusCode).toBe(200)

    // Nothing is stored before the interval or the close.
    expect(await tableRows()).toEqual([])
    const admin = await signedInUser(t.app, em(), { email: 'age-stats-admin@example.com', role: 'admin' })
    const member = await signedInUser(t.app, em(), { email: 'age-stats-user@example.com' })
    await t.app.close()
    const counts = Object.fromEntries((await tableRows()).map((row) => [`${row.kind} ${row.key}`, row.count]))
    expect(counts).toEqual({
      'outcome blur': 4,
      'outcome front': 1,
      'rule fr': 4,
      'rule gb': 1,
      'verified blur': 1,
      'check dev:started': 1,
      'check dev:accepted': 1,
    })

    const next = await createTestApp(db.orm, { TRUST_PROXY: 'true' })
    try {
      const refused = await trpcQuery(next.app, 'admin.age.stats', { days: 7 }, { cookie: member.cookie, ...SITE_CLIENT })
      expect(refused.statusCode).toBe(403)
      const res = await trpcQuery(next.app, 'admin.age.stats', { days: 7 }, { cookie: admin.cookie, ...SITE_CLIENT })
      expect(res.statusCode, res.body).toBe(200)
      const stats = res.json().result.data
      expect(stats).toMatchObject({ days: 7, views: 5, methodNames: { dev: 'Streamclub development check' } })
      expect(stats.byOutcome).toEqual([
        { key: 'blur', views: 4, share: 0.8 },
        { key: 'front', views: 1, share: 0.2 },
      ])
      expect(stats.byMethod).toEqual([{ method: 'dev', started: 1, accepted: 1, refused: 0, share: 1 }])
      expect(stats.verifiedShare).toBeCloseTo(1 / 5)
      const bad = await trpcQuery(next.app, 'admin.age.stats', { days: 0 }, { cookie: admin.cookie, ...SITE_CLIENT })
      expect(bad.statusCode).toBe(400)
    } finally {
      await next.app.close()
    }
  })
})
