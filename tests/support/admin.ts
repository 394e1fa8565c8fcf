import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import { Session } from '../../core/db/entities/index.js'
import type { Role } from '../../core/domain/billing/membership.js'
import { hashToken, SESSION_COOKIE } from '../../core/services/auth/sessions.js'
import { auditMiddleware } from '../../server/trpc/admin.js'
import { appRouter } from '../../server/trpc/root.js'
import { makeUser } from './accounts.js'

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription'
  inputs: z.core.$ZodType[]
  middlewares: unknown[]
}

/** Every procedure of the console, read from the router (a new one is covered by itself). */
export const adminProcedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures)
  .filter(([path]) => path.startsWith('admin.'))
  .map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    input: procedure._def.inputs[0],
    audited: procedure._def.middlewares.includes((auditMiddleware as unknown as { _middlewares: unknown[] })._middlewares[0]),
  }))

/** A user of the role with a live session; returns the Cookie header value. */
export async function signedInAs(
  em: EntityManager,
  role: Role,
  email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`,
): Promise<{ cookie: string; id: number; email: string }> {
  const user = await makeUser(em, { email, role })
  const token = crypto.randomBytes(32).toString('base64url')
  const now = new Date()
  em.create(Session, { id: hashToken(token), user, remember: false, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 3_600_000) })
  await em.flush()
  return { cookie: `${SESSION_COOKIE}=${token}`, id: user.id, email }
}

/**
 * Every HTTP route of the console outside tRPC (the upload's tus routes), read from the app's
 * route tree, so a new one is covered by itself: [{ method, url }] with `:params` left in.
 */
export function adminHttpRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const stack: string[] = []
  const routes: Array<{ method: string; url: string }> = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    stack.push(match[2]!)
    const url = stack.join('')
    if (url.startsWith('/admin/') && match[3]) for (const method of match[3].split(', ')) routes.push({ method, url })
  }
  return routes
}
