import crypto from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { EntityManager } from '@mikro-orm/postgresql'
import { AuthToken, RateLimitHit, Session, Subscription, type User } from '../db/entities/index.js'
import type { Role } from '../domain/membership.js'
import type { Locale } from '../domain/locale.js'

export const SESSION_COOKIE = 'sid'

/**
 * Sessions live in PostgreSQL; the browser holds only a random token in an httpOnly,
 * SameSite=Lax cookie (Secure over https), and the table holds only its SHA-256.
 * "Remember me" makes a persistent cookie and a 30-day session; otherwise the cookie ends
 * with the browser session and the server forgets an idle session after 12 hours. Both
 * slide forward while the user is active.
 */
export const SESSION_TTL_MS = { browser: 12 * 3_600_000, remember: 30 * 86_400_000 } as const
/** Activity refreshes a session's expiry at most this often (one write per interval). */
const TOUCH_INTERVAL_MS = 10 * 60_000

/** The signed-in caller as procedures see it. */
export interface CurrentUser {
  id: number
  email: string
  emailVerified: boolean
  role: Role
  locale: Locale
  sessionId: string
  /** End of the paid period of the user's active subscription, if any. */
  activePlanUntil: Date | null
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** A random token for a cookie or a mailed link: 256 bits, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

function sessionTtl(remember: boolean): number {
  return remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.browser
}

function cookieOptions(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https' }
}

export async function loadCurrentUser(
  em: EntityManager,
  cookies: Record<string, string | undefined>,
  now: Date,
): Promise<CurrentUser | null> {
  const token = cookies[SESSION_COOKIE]
  if (!token || token.length > 128) return null
  const session = await em.findOne(Session, { id: hashToken(token), expiresAt: { $gt: now } }, { populate: ['user'] })
  if (!session) return null
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: now, expiresAt: new Date(now.getTime() + sessionTtl(session.remember)) })
  }
  const user = session.user
  const subscription = await em.findOne(
    Subscription,
    { user: user.id, status: 'active', paidUntil: { $gt: now } },
    { orderBy: { paidUntil: 'desc' } },
  )
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    locale: user.locale,
    sessionId: session.id,
    activePlanUntil: subscription?.paidUntil ?? null,
  }
}

/**
 * Signs the user in: always a new session id (a session handed to the browser before login
 * is never promoted), the previous session of this browser is removed.
 */
export async function startSession(
  em: EntityManager,
  req: FastifyRequest,
  reply: FastifyReply,
  user: User,
  remember: boolean,
  now: Date,
): Promise<void> {
  const previous = req.cookies[SESSION_COOKIE]
  if (previous && previous.length <= 128) await em.nativeDelete(Session, { id: hashToken(previous) })
  const token = randomToken()
  const ttl = sessionTtl(remember)
  em.create(Session, {
    id: hashToken(token),
    user,
    remember,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttl),
    userAgent: (req.headers['user-agent'] ?? '').slice(0, 512) || null,
  })
  await em.flush()
  reply.setCookie(SESSION_COOKIE, token, remember ? { ...cookieOptions(req), maxAge: Math.floor(ttl / 1000) } : cookieOptions(req))
}

/** Signs this browser out: its session row is deleted and the cookie cleared. */
export async function endSession(em: EntityManager, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE]
  if (token && token.length <= 128) await em.nativeDelete(Session, { id: hashToken(token) })
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req))
}

/** Ends every session of a user except, optionally, one (after a password change). */
export async function endOtherSessions(em: EntityManager, userId: number, keepSessionId?: string): Promise<void> {
  await em.nativeDelete(Session, keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId })
}

/**
 * Housekeeping (worker cron): deletes expired sessions, rate-limit counters past their
 * window, and mailed-link tokens a day after they expired or were used.
 */
export async function purgeExpiredAuthRows(em: EntityManager, now: Date): Promise<{ sessions: number; tokens: number; rateLimits: number }> {
  const dayAgo = new Date(now.getTime() - 86_400_000)
  const sessions = await em.nativeDelete(Session, { expiresAt: { $lte: now } })
  const tokens = await em.nativeDelete(AuthToken, { $or: [{ expiresAt: { $lte: dayAgo } }, { usedAt: { $lte: dayAgo } }] })
  const rateLimits = await em.nativeDelete(RateLimitHit, { resetAt: { $lte: now } })
  return { sessions, tokens, rateLimits }
}
