import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { AuthToken, EmailChange, RateLimitHit, Session, WebauthnChallenge, type User } from '../../db/entities/index.js'
import type { AuthMethod } from '../../domain/auth/recent-auth.js'
import type { Role } from '../../domain/billing/membership.js'
import type { Locale } from '../../domain/locale.js'
import { CURRENT_PLAN_COLUMNS, CURRENT_PLAN_JOIN, currentPlanOf, type CurrentPlanRow, type Membership } from '../billing/membership.js'

export const SESSION_COOKIE = 'sid'
/**
 * Set with every sign-in, without max-age: it ends with the browser session even when the
 * session cookie is remembered. Its value is derived from the session token, so it marks "signed
 * in during this visit" for that session only (age rules that need an authentication at every
 * visit, core/services/age/proofs.ts).
 */
export const VISIT_COOKIE = 'sid_visit'

/** The visit cookie's value for a session token. */
export function visitMarker(sessionToken: string): string {
  return crypto.createHash('sha256').update(`visit:${sessionToken}`).digest('base64url')
}

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
  /** When the member last proved who they are in this session (sign-in or re-authentication). */
  authenticatedAt: Date
  /** How (null for sessions from before this was recorded). */
  authMethod: AuthMethod | null
  /** End of the paid period of the user's current subscription, if any. */
  activePlanUntil: Date | null
  /** The plan of that subscription (read in the same statement as the session); null without one. */
  plan: Membership['plan']
}

/** Sessions that ended in this process: by id, or every session of a user (but one). */
export type EndedSessions = { sessionId: string } | { userId: number; except?: string }

const endedListeners = new Set<(ended: EndedSessions) => void>()

/**
 * Tells `listener` about every session this process ends (logout, a login replacing the
 * browser's session, a password change or reset); returns the unsubscribe function. Caches
 * of session facts (the media gateway's) drop their entries through it.
 */
export function onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
  endedListeners.add(listener)
  return () => void endedListeners.delete(listener)
}

function sessionsEnded(ended: EndedSessions): void {
  for (const listener of endedListeners) listener(ended)
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

/** What the session use cases need of the browser's request and of the answer to it. */
export interface BrowserRequest {
  ip: string
  userAgent: string | null
  /** Reached over https (cookies get Secure). */
  secure: boolean
  /** The visitor's country (ISO 3166-1 alpha-2) when the server knows it (the age-assurance jurisdiction), else null. */
  country: string | null
  cookies: Record<string, string | undefined>
  setCookie(name: string, value: string, options: CookieOptions): void
  clearCookie(name: string, options: CookieOptions): void
}

interface CookieOptions {
  path: string
  httpOnly: boolean
  sameSite: 'lax'
  secure: boolean
  /** Seconds; without it the cookie ends with the browser session. */
  maxAge?: number
}

function cookieOptions(browser: BrowserRequest): CookieOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: browser.secure }
}

/**
 * The caller of a request from its cookie: session, user and the end of an active paid
 * period in one statement (it runs on every signed-in request); the session's expiry slides
 * forward at most once per TOUCH_INTERVAL_MS.
 */
export async function loadCurrentUser(em: EntityManager, cookies: Record<string, string | undefined>, now: Date): Promise<CurrentUser | null> {
  const sessionId = sessionIdOf(cookies)
  return sessionId ? loadSessionUser(em, sessionId, now) : null
}

/** The session table's id for a request's session cookie (its SHA-256), or null without one. */
export function sessionIdOf(cookies: Record<string, string | undefined>): string | null {
  const token = cookies[SESSION_COOKIE]
  return token && token.length <= 128 ? hashToken(token) : null
}

/** The user of a live session by the session table's id (see loadCurrentUser), with the current plan, in one statement; or null. */
export async function loadSessionUser(em: EntityManager, sessionId: string, now: Date): Promise<CurrentUser | null> {
  const [row] = await em.getConnection().execute<SessionRow[]>(
    `select s.id as session_id, s.remember, s.last_seen_at, s.authenticated_at, s.auth_method, u.id, u.email, u.email_verified_at, u.role, u.locale,
            ${CURRENT_PLAN_COLUMNS}
       from session s join app_user u on u.id = s.user_id
       ${CURRENT_PLAN_JOIN}
      where s.id = ? and s.expires_at > ?`,
    [now, sessionId, now],
  )
  if (!row) return null
  const current = currentPlanOf(row)
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await em.nativeUpdate(Session, { id: row.session_id }, { lastSeenAt: now, expiresAt: new Date(now.getTime() + sessionTtl(row.remember)) })
  }
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    role: row.role,
    locale: row.locale,
    sessionId: row.session_id,
    authenticatedAt: new Date(row.authenticated_at),
    authMethod: row.auth_method,
    activePlanUntil: current.paidUntil,
    plan: current.plan,
  }
}

interface SessionRow extends CurrentPlanRow {
  session_id: string
  remember: boolean
  last_seen_at: Date | string
  authenticated_at: Date | string
  auth_method: AuthMethod | null
  id: number
  email: string
  email_verified_at: Date | string | null
  role: Role
  locale: Locale
}

/**
 * Signs the user in: always a new session id (a session handed to the browser before login
 * is never promoted), the previous session of this browser is removed. The session records how
 * the member proved who they are, and the country of the request when it is known.
 */
export async function startSession(em: EntityManager, browser: BrowserRequest, user: User, remember: boolean, now: Date, method: AuthMethod): Promise<void> {
  const previous = sessionIdOf(browser.cookies)
  if (previous) {
    await em.nativeDelete(Session, { id: previous })
    sessionsEnded({ sessionId: previous })
  }
  const token = randomToken()
  const ttl = sessionTtl(remember)
  em.create(Session, {
    id: hashToken(token),
    user,
    remember,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttl),
    userAgent: browser.userAgent?.slice(0, 512) || null,
    authenticatedAt: now,
    authMethod: method,
    country: countryCode(browser.country),
  })
  await em.flush()
  browser.setCookie(SESSION_COOKIE, token, remember ? { ...cookieOptions(browser), maxAge: Math.floor(ttl / 1000) } : cookieOptions(browser))
  browser.setCookie(VISIT_COOKIE, visitMarker(token), cookieOptions(browser))
}

/** A well-formed two-letter country code, or null. */
function countryCode(country: string | null): string | null {
  return country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null
}

/** The member proved who they are again in this session ("confirm it's you"). */
export async function markAuthenticated(em: EntityManager, sessionId: string, method: AuthMethod, now: Date): Promise<void> {
  await em.nativeUpdate(Session, { id: sessionId }, { authenticatedAt: now, authMethod: method })
}

/**
 * Ends one session of a user (not this browser's: that is a logout); false when the user has
 * no such session. The media gateway of this process stops serving it at once.
 */
export async function endUserSession(em: EntityManager, userId: number, sessionId: string): Promise<boolean> {
  const removed = await em.nativeDelete(Session, { id: sessionId, user: userId })
  if (removed) sessionsEnded({ sessionId })
  return removed > 0
}

/** Signs this browser out: its session row is deleted and the cookie cleared. */
export async function endSession(em: EntityManager, browser: BrowserRequest): Promise<void> {
  const sessionId = sessionIdOf(browser.cookies)
  if (sessionId) {
    await em.nativeDelete(Session, { id: sessionId })
    sessionsEnded({ sessionId })
  }
  browser.clearCookie(SESSION_COOKIE, cookieOptions(browser))
  browser.clearCookie(VISIT_COOKIE, cookieOptions(browser))
}

/** Ends every session of a user except, optionally, one (after a password change); returns how many ended. */
export async function endOtherSessions(em: EntityManager, userId: number, keepSessionId?: string): Promise<number> {
  const ended = await em.nativeDelete(Session, keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId })
  sessionsEnded(keepSessionId ? { userId, except: keepSessionId } : { userId })
  return ended
}

/**
 * Ends every session of a user from the operations console, inside the caller's transaction:
 * returns how many were live at `now` and `announce`, to call once the change is committed, so
 * this process's session caches (the media gateway's) drop them (announced earlier, a cache
 * could reload a session the transaction has not yet removed). Other servers' caches follow
 * within MEDIA_ACCESS_CACHE_SECONDS.
 */
export async function endAllSessions(em: EntityManager, userId: number, now: Date): Promise<{ live: number; announce: () => void }> {
  const live = await em.count(Session, { user: userId, expiresAt: { $gt: now } })
  await em.nativeDelete(Session, { user: userId })
  return { live, announce: () => sessionsEnded({ userId }) }
}

/**
 * Housekeeping (worker cron): deletes expired sessions, rate-limit counters past their
 * window, mailed-link tokens a day after they expired or were used, WebAuthn challenges that
 * expired, and address changes whose links all ran out a day ago.
 */
export async function purgeExpiredAuthRows(
  em: EntityManager,
  now: Date,
): Promise<{ sessions: number; tokens: number; rateLimits: number; challenges: number; emailChanges: number }> {
  const dayAgo = new Date(now.getTime() - 86_400_000)
  const sessions = await em.nativeDelete(Session, { expiresAt: { $lte: now } })
  const tokens = await em.nativeDelete(AuthToken, { $or: [{ expiresAt: { $lte: dayAgo } }, { usedAt: { $lte: dayAgo } }] })
  const rateLimits = await em.nativeDelete(RateLimitHit, { resetAt: { $lte: now } })
  const challenges = await em.nativeDelete(WebauthnChallenge, { expiresAt: { $lte: now } })
  const emailChanges = await em.nativeDelete(EmailChange, {
    $or: [{ confirmedAt: null, expiresAt: { $lte: dayAgo } }, { undoUntil: { $lte: dayAgo } }, { undoneAt: { $lte: dayAgo } }],
  })
  return { sessions, tokens, rateLimits, challenges, emailChanges }
}
