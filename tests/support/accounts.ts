import type { EntityManager } from '@mikro-orm/postgresql'
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify'
import { MailMessage, Plan, Subscription, User } from '../../core/db/entities/index.js'
import type { Orm } from '../../core/db/orm.js'
import type { Role } from '../../core/domain/billing/membership.js'
import { hashPassword } from '../../core/services/auth/passwords.js'
import { SESSION_COOKIE, hashToken } from '../../core/services/auth/sessions.js'
import { trpcMutation, trpcQuery } from './app.js'

/** A user row made directly, with a real argon2id hash. */
export async function makeUser(
  em: EntityManager,
  { email, password = 'correct horse battery', verified = true, role = 'user' }: { email: string; password?: string; verified?: boolean; role?: Role },
): Promise<User> {
  const user = em.create(User, {
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: verified ? new Date() : null,
    role,
    locale: 'en',
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  await em.flush()
  return user
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: InjectResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!cookie?.value) throw new Error(`no session cookie set (status ${res.statusCode}: ${res.body})`)
  return `${SESSION_COOKIE}=${cookie.value}`
}

export async function logIn(app: FastifyInstance, email: string, password: string, remember = false, headers: Record<string, string> = {}) {
  return trpcMutation(app, 'auth.login', { email, password, remember }, { 'x-locale': 'en', ...headers })
}

/** auth.me as the holder of `cookie` sees it. */
export async function me(app: FastifyInstance, cookie?: string) {
  const res = await trpcQuery(app, 'auth.me', undefined, cookie ? { cookie } : {})
  return res.json().result.data as null | { id: number; email: string; emailVerified: boolean; role: Role; isMember: boolean }
}

/** The newest mail to `to`, read from the outbox table. */
export async function latestMail(orm: Orm, to: string): Promise<MailMessage | null> {
  return orm.em.fork().findOne(MailMessage, { to }, { orderBy: { id: 'desc' } })
}

/** The link of an account mail, and its token and email parameters. */
export function linkOf(mail: MailMessage): { url: URL; token: string; email: string } {
  const match = mail.text.match(/https?:\/\/\S+/)
  if (!match) throw new Error(`no link in mail: ${mail.text}`)
  const url = new URL(match[0])
  return { url, token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' }
}

/** The error of a tRPC response: translated message, code and field messages. */
export function errorOf(res: InjectResponse): { message: string; data: { code: string; httpStatus: number; fieldErrors?: Record<string, string> } } {
  const body = res.json()
  if (!body.error) throw new Error(`expected an error, got ${res.statusCode}: ${res.body}`)
  return body.error
}

/**
 * A user signed in through `app` (its session cookie and the session's id), with a role and,
 * given a plan sid, a subscription paid for the next 20 days.
 */
export async function signedInUser(app: FastifyInstance, em: EntityManager, { email, role = 'user', plan }: { email: string; role?: Role; plan?: string }) {
  const user = await makeUser(em, { email, role })
  if (plan) {
    const day = 86_400_000
    em.create(Subscription, {
      user,
      plan: await em.findOneOrFail(Plan, { sid: plan }),
      externalId: `ext-${email}`,
      startedAt: new Date(Date.now() - day),
      paidUntil: new Date(Date.now() + 20 * day),
    })
    await em.flush()
  }
  const cookie = sessionCookieOf(await logIn(app, email, 'correct horse battery'))
  return { id: user.id, email, cookie, sessionId: hashToken(cookie.split('=')[1]!) }
}
