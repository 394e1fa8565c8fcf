/**
 * The sections of a member's data export (GDPR Articles 15 and 20), in the file's order. Each
 * section is a name and a read of one member's rows; adding one is a few lines here (and a row
 * in docs/accounts.md, "The export file"). Reads run inside one read-only, repeatable-read
 * transaction, so the sections agree with each other.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { localize, type Locale } from '../../domain/locale.js'
import type { LocalizedText } from '../../db/entities/index.js'
import { describeDevice } from '../auth/devices.js'

interface ExportSubject {
  userId: number
  /** The member's language: catalog titles are given in it. */
  locale: Locale
}

export interface ExportSection {
  /** The section's key in the file. */
  key: string
  read(em: EntityManager, subject: ExportSubject): Promise<unknown>
}

type Row = Record<string, unknown>

const rows = (em: EntityManager, sql: string, params: unknown[]) => em.execute<Row[]>(sql, params)
const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString())
const title = (value: unknown, locale: Locale) => (typeof value === 'string' ? value : localize(value as LocalizedText, locale))

/**
 * The member's state rows of videos, image sets and models (favorite, watch later, rating,
 * viewed), with each item's title, filtered by `condition` on the state row `s`.
 */
function itemStates(condition: string) {
  return async (em: EntityManager, { userId, locale }: ExportSubject) => {
    const found = await rows(
      em,
      `select 'video' as type, s.video_id as id, v.title, s.rating, s.viewed_at, s.updated_at
         from video_state s join video v on v.id = s.video_id where s.user_id = ? and ${condition}
       union all
       select 'imageSet', s.image_set_id, i.title, s.rating, s.viewed_at, s.updated_at
         from image_set_state s join image_set i on i.id = s.image_set_id where s.user_id = ? and ${condition}
       union all
       select 'model', s.model_id, to_jsonb(p.first_name), s.rating, s.viewed_at, s.updated_at
         from model_state s join performer p on p.id = s.model_id where s.user_id = ? and ${condition}
       order by updated_at desc, type, id`,
      [userId, userId, userId],
    )
    return found.map((row) => ({
      type: row.type,
      id: row.id,
      title: title(row.title, locale),
      ...(condition.includes('rating') ? { rating: row.rating } : {}),
      ...(condition.includes('viewed_at') ? { viewedAt: iso(row.viewed_at) } : {}),
      updatedAt: iso(row.updated_at),
    }))
  }
}

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    key: 'account',
    async read(em, { userId }) {
      const [user] = await rows(
        em,
        'select id, email, email_verified_at, role, locale, created_at, updated_at, password_hash is not null as has_password from app_user where id = ?',
        [userId],
      )
      return {
        id: user!.id,
        email: user!.email,
        emailVerifiedAt: iso(user!.email_verified_at),
        role: user!.role,
        language: user!.locale,
        createdAt: iso(user!.created_at),
        updatedAt: iso(user!.updated_at),
        hasPassword: user!.has_password,
      }
    },
  },
  {
    key: 'subscriptions',
    async read(em, { userId, locale }) {
      const found = await rows(
        em,
        `select s.external_id, p.sid, p.name, p.period, p.price_cents, p.currency, s.status, s.started_at, s.trial_ends_at, s.paid_until,
                s.pending_change, n.sid as pending_plan, s.pending_from, s.ended_at, s.end_reason
           from subscription s join plan p on p.id = s.plan_id left join plan n on n.id = s.pending_plan_id
          where s.user_id = ? order by s.started_at, s.id`,
        [userId],
      )
      return found.map((row) => ({
        processorSubscriptionId: row.external_id,
        plan: { sid: row.sid, name: localize(row.name as LocalizedText, locale), period: row.period, priceCents: row.price_cents, currency: row.currency },
        status: row.status,
        startedAt: iso(row.started_at),
        trialEndsAt: iso(row.trial_ends_at),
        paidUntil: iso(row.paid_until),
        pendingChange: row.pending_change,
        pendingPlan: row.pending_plan,
        pendingFrom: iso(row.pending_from),
        endedAt: iso(row.ended_at),
        endReason: row.end_reason,
      }))
    },
  },
  {
    key: 'billingEvents',
    async read(em, { userId }) {
      const found = await rows(
        em,
        `select e.provider, e.event_id, e.type, e.received_at, e.amount_cents, e.currency, e.subscription_external_id, e.payload
           from billing_event e where e.subscription_external_id in (select external_id from subscription where user_id = ?)
          order by e.received_at, e.id`,
        [userId],
      )
      return found.map((row) => ({
        provider: row.provider,
        eventId: row.event_id,
        type: row.type,
        receivedAt: iso(row.received_at),
        amountCents: row.amount_cents,
        currency: row.currency,
        processorSubscriptionId: row.subscription_external_id,
        fields: row.payload,
      }))
    },
  },
  { key: 'favorites', read: itemStates('s.favorite') },
  { key: 'watchLater', read: itemStates('s.watch_later') },
  { key: 'ratings', read: itemStates('s.rating is not null') },
  { key: 'viewed', read: itemStates('s.viewed_at is not null') },
  {
    key: 'watchPositions',
    async read(em, { userId, locale }) {
      const found = await rows(
        em,
        `select w.video_id, v.title, w.position_seconds, w.updated_at from watch_position w join video v on v.id = w.video_id
          where w.user_id = ? order by w.updated_at desc`,
        [userId],
      )
      return found.map((row) => ({
        videoId: row.video_id,
        title: title(row.title, locale),
        positionSeconds: row.position_seconds,
        updatedAt: iso(row.updated_at),
      }))
    },
  },
  {
    key: 'downloads',
    async read(em, { userId }) {
      const found = await rows(em, `select to_char(day, 'YYYY-MM-DD') as day, count from download_counter where user_id = ? order by day`, [userId])
      return found.map((row) => ({ day: row.day, count: row.count }))
    },
  },
  {
    key: 'sessions',
    async read(em, { userId }) {
      const found = await rows(
        em,
        `select user_agent, country, remember, created_at, last_seen_at, authenticated_at, auth_method, expires_at
           from session where user_id = ? order by created_at`,
        [userId],
      )
      return found.map((row) => ({
        userAgent: row.user_agent,
        device: describeDevice(row.user_agent as string | null),
        country: row.country,
        staysSignedIn: row.remember,
        createdAt: iso(row.created_at),
        lastSeenAt: iso(row.last_seen_at),
        authenticatedAt: iso(row.authenticated_at),
        authMethod: row.auth_method,
        expiresAt: iso(row.expires_at),
      }))
    },
  },
  {
    key: 'passkeys',
    async read(em, { userId }) {
      const found = await rows(em, 'select name, created_at, last_used_at, backed_up from passkey where user_id = ? order by created_at, id', [userId])
      return found.map((row) => ({ name: row.name, createdAt: iso(row.created_at), lastUsedAt: iso(row.last_used_at), synced: row.backed_up }))
    },
  },
  {
    key: 'emailChanges',
    async read(em, { userId }) {
      const found = await rows(em, 'select old_email, new_email, created_at, confirmed_at, undone_at from email_change where user_id = ? order by id', [userId])
      return found.map((row) => ({
        from: row.old_email,
        to: row.new_email,
        askedAt: iso(row.created_at),
        confirmedAt: iso(row.confirmed_at),
        undoneAt: iso(row.undone_at),
      }))
    },
  },
  {
    key: 'contactMessages',
    async read(em, { userId }) {
      const found = await rows(
        em,
        'select first_name, last_name, email, subject, message, created_at, handled_at from contact_message where user_id = ? order by created_at',
        [userId],
      )
      return found.map((row) => ({
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        sentAt: iso(row.created_at),
        answeredAt: iso(row.handled_at),
      }))
    },
  },
  {
    key: 'errorReports',
    async read(em, { userId }) {
      const found = await rows(em, 'select message, path, created_at from error_feedback where user_id = ? order by created_at', [userId])
      return found.map((row) => ({ message: row.message, page: row.path, sentAt: iso(row.created_at) }))
    },
  },
]
