/**
 * The member's own sessions (the security page): where they are signed in, and ending any
 * other one or all others. An ended session is signed out at its next request, and this
 * server's media gateway stops serving it at once (onSessionsEnded, as for a logout; other
 * servers within MEDIA_ACCESS_CACHE_SECONDS).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Session } from '../../db/entities/index.js'
import type { AuthMethod } from '../../domain/auth/recent-auth.js'
import { AppError } from '../../domain/errors.js'
import { describeDevice, type Device } from './devices.js'
import { endOtherSessions, endUserSession, type CurrentUser } from './sessions.js'

export interface SessionView {
  /** The session's id (the SHA-256 of its cookie token: it signs nobody in). */
  id: string
  current: boolean
  device: Device
  /** ISO country code where the session began, when it was known. */
  country: string | null
  createdAt: string
  lastSeenAt: string
  authenticatedAt: string
  authMethod: AuthMethod | null
  remember: boolean
}

/** The member's live sessions: this browser's first, then the most recently active. */
export async function listSessions(em: EntityManager, user: CurrentUser, now: Date): Promise<SessionView[]> {
  const sessions = await em.find(Session, { user: user.id, expiresAt: { $gt: now } }, { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' } })
  return sessions
    .map((session) => ({
      id: session.id,
      current: session.id === user.sessionId,
      device: describeDevice(session.userAgent ?? null),
      country: session.country ?? null,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: (session.id === user.sessionId ? now : session.lastSeenAt).toISOString(),
      authenticatedAt: session.authenticatedAt.toISOString(),
      authMethod: session.authMethod ?? null,
      remember: session.remember,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** Ends one of the member's other sessions (this browser's own ends by logging out). */
export async function endOneSession(em: EntityManager, user: CurrentUser, sessionId: string): Promise<void> {
  if (sessionId === user.sessionId) throw new AppError('BAD_REQUEST', 'account.errors.currentSession')
  if (!(await endUserSession(em, user.id, sessionId))) throw new AppError('NOT_FOUND', 'notFound')
}

/** Ends every session of the member but this browser's; returns how many ended. */
export function endEveryOtherSession(em: EntityManager, user: CurrentUser): Promise<number> {
  return endOtherSessions(em, user.id, user.sessionId)
}
