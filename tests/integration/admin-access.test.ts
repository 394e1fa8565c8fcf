/**
 * The console is for administrators only, whatever the client does: every admin procedure,
 * read from the router (a new one is covered without touching this file), is refused to a
 * visitor (401), a user and a permanent-access user (403, translated), and every admin
 * change is an audited one (its audit entry written in the change's transaction).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, User } from '../../server/db/entities/index.js'
import { AppError } from '../../server/domain/errors.js'
import { auditedProcedure } from '../../server/trpc/admin.js'
import type { Context } from '../../server/trpc/context.js'
import { createCallerFactory, router } from '../../server/trpc/trpc.js'
import { adminProcedures, signedInAs } from '../support/admin.js'
import { createTestApp, SITE_CLIENT, type TestApp } from '../support/app.js'
import { makeUser } from '../support/accounts.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { sampleOf } from '../support/zod-inputs.js'

let db: TestDatabase
let t: TestApp
const cookies: Record<string, string> = {}

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm, { LOG_LEVEL: 'silent' })
  const em = db.orm.em.fork()
  for (const role of ['user', 'permanentAccess', 'admin'] as const) cookies[role] = (await signedInAs(em, role)).cookie
})
afterAll(async () => {
  await t?.app.close()
  await db?.drop()
})

function call(path: string, type: 'query' | 'mutation', input: unknown, cookie?: string) {
  const headers: Record<string, string> = { 'x-locale': 'de', ...SITE_CLIENT, ...(cookie ? { cookie } : {}) }
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    return t.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers })
  }
  return t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input ?? null) })
}

describe('every admin procedure, from the router', () => {
  it('the router has admin procedures, and every change among them is audited', () => {
    expect(adminProcedures.length).toBeGreaterThan(0)
    expect(adminProcedures.filter((p) => p.type === 'mutation' && !p.audited).map((p) => p.path)).toEqual([])
  })

  it.each(adminProcedures.map((p) => [p.path, p] as const))('%s: 401 for a visitor, 403 for a user and a permanent-access user', async (_path, procedure) => {
    const input = procedure.input ? sampleOf(procedure.input) : undefined
    const visitor = await call(procedure.path, procedure.type, input)
    expect(visitor.statusCode).toBe(401)
    expect(visitor.json().error.data.code).toBe('UNAUTHORIZED')
    for (const role of ['user', 'permanentAccess'] as const) {
      const res = await call(procedure.path, procedure.type, input, cookies[role])
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403)
      expect(res.json().error).toMatchObject({ message: 'Dazu bist du nicht berechtigt.', data: { code: 'FORBIDDEN' } })
    }
  })

  it('an administrator reads them (the queries answer)', async () => {
    for (const procedure of adminProcedures.filter((p) => p.type === 'query')) {
      const res = await call(procedure.path, 'query', procedure.input ? sampleOf(procedure.input) : undefined, cookies.admin)
      expect(res.statusCode, `${procedure.path}: ${res.body}`).not.toBe(403)
      expect(res.statusCode, `${procedure.path}: ${res.body}`).toBeLessThan(500)
    }
  })
})

describe('audited changes', () => {
  /** A console change made for this test: sets a user's role and says so, or fails after it. */
  const testRouter = router({
    setRole: auditedProcedure
      .input((value) => value as { email: string; role: 'user' | 'admin'; then?: 'fail' | 'forget' })
      .mutation(async ({ ctx, input }) => {
        const user = await ctx.em.findOneOrFail(User, { email: input.email })
        const before = { role: user.role }
        user.role = input.role
        await ctx.em.flush()
        if (input.then !== 'forget') ctx.audit({ targetType: 'user', targetId: user.id, before, after: { role: user.role } })
        if (input.then === 'fail') throw new AppError('BAD_REQUEST', 'invalidInput')
        return { ok: true }
      }),
  })
  const createCaller = createCallerFactory(testRouter)

  async function callerFor(em: EntityManager, role: 'admin' | 'user') {
    const actor = await makeUser(em, { email: `${role}-actor-${Math.random().toString(36).slice(2)}@example.com`, role })
    const ctx = { em, now: new Date(), locale: 'en', user: { id: actor.id, email: actor.email, role, emailVerified: true } } as unknown as Context
    return { caller: createCaller(ctx), actor }
  }

  it('writes who, when, what, before and after with the change', async () => {
    const em = db.orm.em.fork()
    const target = await makeUser(em, { email: 'audit-target@example.com' })
    const { caller, actor } = await callerFor(db.orm.em.fork(), 'admin')
    await caller.setRole({ email: target.email, role: 'admin' })
    const entries = await db.orm.em.fork().find(AuditEntry, { targetType: 'user', targetId: String(target.id) })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ userEmail: actor.email, action: 'setRole', before: { role: 'user' }, after: { role: 'admin' } })
    expect(Date.now() - entries[0]!.createdAt.getTime()).toBeLessThan(60_000)
  })

  it('a failed change leaves neither the change nor an entry', async () => {
    const target = await makeUser(db.orm.em.fork(), { email: 'audit-failed@example.com' })
    const { caller } = await callerFor(db.orm.em.fork(), 'admin')
    await expect(caller.setRole({ email: target.email, role: 'admin', then: 'fail' })).rejects.toMatchObject({ code: 'BAD_REQUEST', cause: expect.any(AppError) })
    expect((await db.orm.em.fork().findOneOrFail(User, { id: target.id })).role).toBe('user')
    expect(await db.orm.em.fork().count(AuditEntry, { targetId: String(target.id) })).toBe(0)
  })

  it('a change that records nothing is refused and rolled back', async () => {
    const target = await makeUser(db.orm.em.fork(), { email: 'audit-forgot@example.com' })
    const { caller } = await callerFor(db.orm.em.fork(), 'admin')
    await expect(caller.setRole({ email: target.email, role: 'admin', then: 'forget' })).rejects.toThrow(/did not record/)
    expect((await db.orm.em.fork().findOneOrFail(User, { id: target.id })).role).toBe('user')
  })

  it('a non-admin cannot make one', async () => {
    const target = await makeUser(db.orm.em.fork(), { email: 'audit-user@example.com' })
    const { caller } = await callerFor(db.orm.em.fork(), 'user')
    await expect(caller.setRole({ email: target.email, role: 'admin' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect((await db.orm.em.fork().findOneOrFail(User, { id: target.id })).role).toBe('user')
  })
})
