/**
 * The console is for administrators only, whatever the client does: every admin procedure,
 * read from the router (a new one is covered without touching this file), is refused to a
 * visitor (401), a user and a permanent-access user (403, translated), and every admin
 * change is an audited one (its audit entry written in the change's transaction). A
 * subscription (server-sent events) answers with its refusal as the stream's only event. The
 * console's HTTP routes outside tRPC (the tus upload), read from the app's route tree, are
 * refused the same way on every method.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditEntry, User } from '../../core/db/entities/index.js'
import { AppError } from '../../core/domain/errors.js'
import { PICTURE_BODY_TYPE } from '../../core/domain/media/pictures.js'
import { auditedProcedure } from '../../server/trpc/admin.js'
import type { Context } from '../../server/trpc/context.js'
import { createCallerFactory, router } from '../../server/trpc/trpc.js'
import { adminHttpRoutes, adminProcedures, signedInAs } from '../support/admin.js'
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

function call(path: string, type: 'query' | 'mutation' | 'subscription', input: unknown, cookie?: string) {
  const headers: Record<string, string> = { 'x-locale': 'de', ...SITE_CLIENT, ...(cookie ? { cookie } : {}) }
  if (type !== 'mutation') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    return t.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers })
  }
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? null),
  })
}

describe('every admin procedure, from the router', () => {
  it('the router has admin procedures, and every change among them is audited', () => {
    expect(adminProcedures.length).toBeGreaterThan(0)
    expect(adminProcedures.filter((p) => p.type === 'mutation' && !p.audited).map((p) => p.path)).toEqual([])
  })

  /** The refusal of a call: the JSON error, or a subscription's one `serialized-error` event (its stream then ends). */
  const refusalOf = (res: Awaited<ReturnType<typeof call>>, type: string) => {
    if (type !== 'subscription') return { status: res.statusCode, error: res.json().error }
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    // No board: the stream says it is connected, then only the refusal.
    expect(
      res.body
        .split('\n\n')
        .filter((block) => block.trim())
        .map((block) => /^event: (\S+)/.exec(block.trim())?.[1]),
    ).toEqual(['connected', 'serialized-error'])
    const event = /event: serialized-error\ndata: (.*)/.exec(res.body)
    return { status: (JSON.parse(event![1]!) as { data: { httpStatus: number } }).data.httpStatus, error: JSON.parse(event![1]!) }
  }

  it.each(adminProcedures.map((p) => [p.path, p] as const))('%s: 401 for a visitor, 403 for a user and a permanent-access user', async (_path, procedure) => {
    const input = procedure.input ? sampleOf(procedure.input) : undefined
    const visitor = refusalOf(await call(procedure.path, procedure.type, input), procedure.type)
    expect(visitor.status).toBe(401)
    expect(visitor.error.data.code).toBe('UNAUTHORIZED')
    for (const role of ['user', 'permanentAccess'] as const) {
      const res = refusalOf(await call(procedure.path, procedure.type, input, cookies[role]), procedure.type)
      expect(res.status, `${role}: ${JSON.stringify(res.error)}`).toBe(403)
      expect(res.error).toMatchObject({ message: 'Dazu bist du nicht berechtigt.', data: { code: 'FORBIDDEN' } })
    }
  })

  it('the console’s HTTP routes (the tus upload): 401 for a visitor, 403 for the other roles, on every method', async () => {
    const routes = adminHttpRoutes(t.app)
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining(['HEAD /admin/uploads/:id', 'PATCH /admin/uploads/:id', 'POST /admin/uploads']),
    )
    // A real upload to aim at, so a refusal is not a 404.
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/uploads',
      headers: {
        ...SITE_CLIENT,
        cookie: cookies.admin!,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')}`,
      },
    })
    expect(created.statusCode).toBe(201)
    const id = String(created.headers.location).split('/').at(-1)!
    for (const route of routes) {
      const request = {
        method: route.method as 'POST',
        url: route.url.replace(':id', id),
        payload: route.method === 'PATCH' || route.method === 'PUT' ? Buffer.from('0123456789') : undefined,
        // Each byte route's own body type (the same-origin guard refuses any other before the role is asked).
        headers: {
          'x-locale': 'de',
          ...SITE_CLIENT,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'upload-length': '10',
          ...(route.method === 'PATCH'
            ? { 'content-type': 'application/offset+octet-stream' }
            : route.method === 'PUT'
              ? { 'content-type': PICTURE_BODY_TYPE }
              : {}),
        },
      }
      const visitor = await t.app.inject(request)
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401)
      for (const role of ['user', 'permanentAccess'] as const) {
        const res = await t.app.inject({ ...request, headers: { ...request.headers, cookie: cookies[role]! } })
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403)
        if (route.method !== 'HEAD') expect(res.json().error).toBe('Dazu bist du nicht berechtigt.')
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/admin/uploads/${id}`, headers: { 'tus-resumable': '1.0.0', cookie: cookies.admin! } })
    expect(head.headers['upload-offset']).toBe('0')
  })

  it('an administrator reads them (the queries answer)', async () => {
    for (const procedure of adminProcedures.filter((p) => p.type === 'query')) {
      // (Subscriptions stream until closed: admin-pipeline.test.ts follows the live board.)
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
    await expect(caller.setRole({ email: target.email, role: 'admin', then: 'fail' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: expect.any(AppError),
    })
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
