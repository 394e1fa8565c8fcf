/**
 * The console's users page: accounts found by the start of their address, a user's role,
 * plan, subscriptions, billing events and sessions; the role set and every session ended.
 * Changes return what they changed (before and after) for the audit log.
 */
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { BillingEvent, Session, Subscription, SUBSCRIPTION_STATUSES, User } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'
import { localize, type Locale } from '../../domain/locale.js'
import { currentSubscription, isMember, ROLES, type Role } from '../../domain/billing/membership.js'
import type { AuditRecord } from './audit.js'
import { findUserByEmail } from '../auth/accounts.js'
import { endAllSessions } from '../auth/sessions.js'

const USERS_PAGE_SIZE = 25
/** Billing events shown with a user, the newest first. */
const USER_BILLING_EVENTS = 50

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null
/** A LIKE pattern matching text that starts with `prefix` as typed (its % and _ are no wildcards). */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Accounts whose address starts with `email`, in any case (the index `app_user_email_prefix`),
 * alphabetically; an empty search lists the newest accounts first.
 */
export async function searchUsers(em: EntityManager, query: { email: string; page: number }) {
  const prefix = query.email.toLowerCase()
  const where = prefix ? `where lower(email) like ? escape '\\'` : ''
  const params = prefix ? [startsWith(prefix)] : []
  const order = prefix ? 'lower(email), id' : 'created_at desc, id desc'
  const connection = em.getConnection()
  const [rows, [{ total }]] = await Promise.all([
    connection.execute<Array<{ id: number; email: string; role: Role; email_verified_at: Date | null; created_at: Date }>>(
      `select id, email, role, email_verified_at, created_at from app_user ${where} order by ${order} limit ? offset ?`,
      [...params, USERS_PAGE_SIZE, (query.page - 1) * USERS_PAGE_SIZE],
    ),
    connection.execute<Array<{ total: string }>>(`select count(*) as total from app_user ${where}`, params) as Promise<[{ total: string }]>,
  ])
  const count = Number(total)
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    meta: { total: count, page: query.page, lastPage: Math.max(1, Math.ceil(count / USERS_PAGE_SIZE)) },
  }
}

async function userOrNotFound(em: EntityManager, id: number, lock = false) {
  const user = await em.findOne(User, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
  if (!user) throw new AppError('NOT_FOUND', 'notFound')
  return user
}

/** A user as the console shows one: role, address, membership, subscriptions (newest first), billing events, live sessions. */
export async function userDetail(em: EntityManager, id: number, locale: Locale, now: Date) {
  const user = await userOrNotFound(em, id)
  const subscriptions = await em.find(Subscription, { user: id }, { populate: ['plan', 'pendingPlan'], orderBy: { startedAt: 'desc', id: 'desc' } })
  const current = currentSubscription(subscriptions, now)
  const externalIds = subscriptions.map((s) => s.externalId)
  const [[events, eventCount], sessions] = await Promise.all([
    externalIds.length
      ? em.findAndCount(
          BillingEvent,
          { subscriptionExternalId: { $in: externalIds } },
          { orderBy: { receivedAt: 'desc', id: 'desc' }, limit: USER_BILLING_EVENTS },
        )
      : Promise.resolve([[], 0] as [BillingEvent[], number]),
    em.count(Session, { user: id, expiresAt: { $gt: now } }),
  ])
  return {
    id: user.id,
    email: user.email,
    role: user.role as Role,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    createdAt: user.createdAt.toISOString(),
    locale: user.locale,
    member: isMember({ role: user.role, activePlanUntil: current?.paidUntil ?? null }, now),
    currentSubscriptionId: current?.id ?? null,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      externalId: s.externalId,
      plan: localize(s.plan.name, locale),
      period: s.plan.period,
      status: s.status as (typeof SUBSCRIPTION_STATUSES)[number],
      startedAt: s.startedAt.toISOString(),
      trialEndsAt: iso(s.trialEndsAt),
      paidUntil: s.paidUntil.toISOString(),
      pendingChange: s.pendingChange ?? null,
      pendingPlan: s.pendingPlan ? localize(s.pendingPlan.name, locale) : null,
      pendingFrom: iso(s.pendingFrom),
      endedAt: iso(s.endedAt),
      endReason: s.endReason ?? null,
    })),
    billingEvents: {
      total: eventCount,
      items: events.map((e) => ({
        id: e.id,
        provider: e.provider,
        type: e.type,
        subscriptionExternalId: e.subscriptionExternalId ?? null,
        receivedAt: e.receivedAt.toISOString(),
        amountCents: e.amountCents ?? null,
        currency: e.currency ?? null,
        error: e.error ?? null,
      })),
    },
    sessions,
  }
}

/** Sets a user's role; an administrator cannot take their own administrator role away. */
export async function setRole(em: EntityManager, actor: { id: number }, input: { id: number; role: Role }): Promise<AuditRecord> {
  if (input.id === actor.id && input.role !== 'admin') throw new AppError('FORBIDDEN', 'ownAdminRole', undefined, 'role')
  const user = await userOrNotFound(em, input.id, true)
  if (user.role === input.role) throw new AppError('CONFLICT', 'roleUnchanged', undefined, 'role')
  const before = { role: user.role }
  user.role = input.role
  await em.flush()
  return { targetType: 'user', targetId: user.id, before, after: { role: user.role } }
}

/**
 * Ends every session of a user (their next request is signed out; the media gateway stops
 * serving them): the audit record and `announce`, to call once committed (sessions.ts).
 */
export async function endUserSessions(em: EntityManager, id: number, now: Date): Promise<{ record: AuditRecord; ended: number; announce: () => void }> {
  const user = await userOrNotFound(em, id, true)
  const { live, announce } = await endAllSessions(em, user.id, now)
  return { record: { targetType: 'user', targetId: user.id, before: { sessions: live }, after: { sessions: 0 } }, ended: live, announce }
}

export class RoleChangeError extends Error {
  override name = 'RoleChangeError'
}

/** Sets a user's role (npm run user:role); the email is matched case-insensitively. */
export async function setUserRole(em: EntityManager, email: string, role: string): Promise<{ email: string; previous: Role; role: Role }> {
  if (!isRole(role)) throw new RoleChangeError(`Unknown role "${role}". Roles: ${ROLES.join(', ')}.`)
  const user = await findUserByEmail(em, email)
  if (!user) throw new RoleChangeError(`No user has the email address "${email}".`)
  const previous = user.role
  user.role = role
  await em.flush()
  return { email: user.email, previous, role }
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}
