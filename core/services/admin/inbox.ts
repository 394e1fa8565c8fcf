/**
 * The console's inbox: removal reports (due date, state, the unpublish of what they name),
 * contact messages (handled or not) and error-screen feedback, and the counts the console's
 * home shows. Changes return what they changed (before and after) for the audit log.
 */
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ContactMessage, ErrorFeedback, ImageSet, Model, RemovalReport, Video } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'
import { localize, type Locale } from '../../domain/locale.js'
import { publishingStatus, type PublishingStatus } from '../../domain/catalog/publish.js'
import {
  isOverdue,
  OPEN_REPORT_STATES,
  overdueIfReceivedBefore,
  reportDue,
  reportedItemOf,
  type ReportedKind,
  type ReportState,
} from '../../domain/site/reports.js'
import type { ReportFilter } from '../../domain/site/inbox.js'
import { isUrgentReport } from '../../domain/site/site.js'
import type { AuditRecord } from './audit.js'
import { unpublishContent } from './content.js'

const INBOX_PAGE_SIZE = 25

const pageOf = (query: { page: number }) => ({ limit: INBOX_PAGE_SIZE, offset: (query.page - 1) * INBOX_PAGE_SIZE })
const metaOf = (page: number, total: number) => ({ total, page, lastPage: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) })
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null

// ---- Removal reports ----

function reportWhere(filter: ReportFilter, now: Date) {
  switch (filter) {
    case 'open':
      return { status: { $in: [...OPEN_REPORT_STATES] } }
    case 'overdue':
      return { status: { $in: [...OPEN_REPORT_STATES] }, createdAt: { $lt: overdueIfReceivedBefore(now) } }
    case 'all':
      return {}
    default:
      return { status: filter }
  }
}

/** Reports waiting for a decision: the one due first (the oldest) on top; decided ones: the newest first. */
const reportOrder = (filter: ReportFilter) =>
  filter === 'open' || filter === 'overdue' || filter === 'new' || filter === 'inReview'
    ? ({ createdAt: 'asc', id: 'asc' } as const)
    : ({ createdAt: 'desc', id: 'desc' } as const)

function reportSummary(row: RemovalReport, now: Date) {
  const state = row.status as ReportState
  const due = reportDue(row.createdAt)
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    type: row.type,
    issues: row.issues as string[],
    urgent: isUrgentReport(row.issues as string[]),
    urls: row.urls as string[],
    receivedAt: row.createdAt.toISOString(),
    dueDay: due.day,
    dueAt: due.at.toISOString(),
    overdue: isOverdue({ state, receivedAt: row.createdAt }, now),
    state,
  }
}

export async function listReports(em: EntityManager, query: { filter: ReportFilter; page: number }, now: Date) {
  const [rows, total] = await em.findAndCount(RemovalReport, reportWhere(query.filter, now), { orderBy: reportOrder(query.filter), ...pageOf(query) })
  return { items: rows.map((row) => reportSummary(row, now)), meta: metaOf(query.page, total) }
}

async function reportOrNotFound(em: EntityManager, id: number, lock = false) {
  const row = await em.findOne(RemovalReport, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
  if (!row) throw new AppError('NOT_FOUND', 'notFound')
  return row
}

/** A reported URL as the console shows it: the item of this site it names (if any) and where that item stands. */
export interface NamedItem {
  url: string
  kind: ReportedKind | null
  id: number | null
  /** The item exists (a URL may name an id that was never or is no longer there). */
  found: boolean
  title: string | null
  /** Videos and image sets only; a model page has no publishing state. */
  status: PublishingStatus | null
}

/** The items of this site the report's URLs name, with their titles and publishing state, in the URLs' order. */
async function namedItems(em: EntityManager, urls: string[], siteUrl: string, locale: Locale, now: Date): Promise<NamedItem[]> {
  const refs = urls.map((url) => ({ url, ref: reportedItemOf(url, siteUrl) }))
  const idsOf = (kind: ReportedKind) => [...new Set(refs.flatMap(({ ref }) => (ref?.kind === kind ? [ref.id] : [])))]
  const [videos, imageSets, models] = await Promise.all([
    em.find(Video, { id: { $in: idsOf('video') } }),
    em.find(ImageSet, { id: { $in: idsOf('imageSet') } }),
    em.find(Model, { id: { $in: idsOf('model') } }),
  ])
  return refs.map(({ url, ref }) => {
    if (!ref) return { url, kind: null, id: null, found: false, title: null, status: null }
    if (ref.kind === 'model') {
      const model = models.find((m) => m.id === ref.id)
      return { url, ...ref, found: Boolean(model), title: model?.firstName ?? null, status: null }
    }
    const item = (ref.kind === 'video' ? videos : imageSets).find((row) => row.id === ref.id)
    if (!item) return { url, ...ref, found: false, title: null, status: null }
    const state = { publishAt: item.publishAt ?? null, releasedAt: item.releasedAt ?? null, mediaStatus: item.mediaStatus, withdrawn: item.withdrawn }
    return { url, ...ref, found: true, title: localize(item.title, locale), status: publishingStatus(state, now) }
  })
}

export async function reportDetail(em: EntityManager, id: number, siteUrl: string, locale: Locale, now: Date) {
  const row = await reportOrNotFound(em, id)
  return {
    ...reportSummary(row, now),
    depicted: row.depicted,
    description: row.description,
    signature: row.signature,
    locale: row.locale,
    note: row.statusNote ?? null,
    stateChangedAt: iso(row.statusChangedAt),
    items: await namedItems(em, row.urls as string[], siteUrl, locale, now),
  }
}

const reportState = (row: RemovalReport) => ({ state: row.status as ReportState, note: row.statusNote ?? null })

/** Sets the report's state and note; the change as an audit record (null when nothing would change). */
function applyState(row: RemovalReport, state: ReportState, note: string, now: Date): AuditRecord | null {
  const before = reportState(row)
  if (before.state === state && (note === '' || note === before.note)) return null
  row.status = state
  row.statusNote = note || null
  row.statusChangedAt = now
  return { targetType: 'removalReport', targetId: row.id, before, after: reportState(row) }
}

/** A report's new state with an optional note (a note alone may be added to the same state). */
export async function setReportState(em: EntityManager, input: { id: number; state: ReportState; note: string }, now: Date): Promise<AuditRecord> {
  const row = await reportOrNotFound(em, input.id, true)
  const change = applyState(row, input.state, input.note, now)
  if (!change) throw new AppError('CONFLICT', 'reportStateUnchanged', undefined, 'state')
  await em.flush()
  return change
}

/**
 * The report's one action: every video and image set it names is taken off the site
 * (content-admin.ts `unpublishContent`, the publishing rule) and the report is marked removed. A model page it names
 * has no publishing state and stays. Refused when the report names no video or image set of
 * this site, or when all of them are off the site already and the report is marked removed.
 */
export async function unpublishReported(
  em: EntityManager,
  input: { id: number; note: string },
  siteUrl: string,
  now: Date,
): Promise<{ records: AuditRecord[]; unpublished: number }> {
  const row = await reportOrNotFound(em, input.id, true)
  const refs = new Map<string, { kind: 'video' | 'imageSet'; id: number }>()
  for (const url of row.urls as string[]) {
    const ref = reportedItemOf(url, siteUrl)
    if (ref && ref.kind !== 'model') refs.set(`${ref.kind}:${ref.id}`, { kind: ref.kind, id: ref.id })
  }
  const named = [...refs.values()]
  const [videos, imageSets] = await Promise.all([
    em.count(Video, { id: { $in: named.filter((r) => r.kind === 'video').map((r) => r.id) } }),
    em.count(ImageSet, { id: { $in: named.filter((r) => r.kind === 'imageSet').map((r) => r.id) } }),
  ])
  if (videos + imageSets === 0) throw new AppError('CONFLICT', 'reportNamesNoContent')
  const records: AuditRecord[] = (await unpublishContent(em, named, now)).map(({ kind, id, before, after }) => ({
    targetType: kind,
    targetId: id,
    before,
    after,
  }))
  const unpublished = records.length
  const stateChange = applyState(row, 'removed', input.note, now)
  if (stateChange) records.push(stateChange)
  if (records.length === 0) throw new AppError('CONFLICT', 'reportAlreadyRemoved')
  await em.flush()
  return { records, unpublished }
}

// ---- Contact messages ----

export async function listMessages(em: EntityManager, query: { filter: 'open' | 'handled' | 'all'; page: number }) {
  const where = query.filter === 'open' ? { handledAt: null } : query.filter === 'handled' ? { handledAt: { $ne: null } } : {}
  const [rows, total] = await em.findAndCount(ContactMessage, where, { orderBy: { createdAt: 'desc', id: 'desc' }, ...pageOf(query) })
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      subject: row.subject,
      message: row.message,
      locale: row.locale,
      receivedAt: row.createdAt.toISOString(),
      handledAt: iso(row.handledAt),
    })),
    meta: metaOf(query.page, total),
  }
}

/** Marks a message handled (or open again); refused when it already is. */
export async function setMessageHandled(em: EntityManager, input: { id: number; handled: boolean }, now: Date): Promise<AuditRecord> {
  const row = await em.findOne(ContactMessage, input.id, { lockMode: LockMode.PESSIMISTIC_WRITE })
  if (!row) throw new AppError('NOT_FOUND', 'notFound')
  if (Boolean(row.handledAt) === input.handled) throw new AppError('CONFLICT', input.handled ? 'messageAlreadyHandled' : 'messageAlreadyOpen')
  const before = { handledAt: iso(row.handledAt) }
  row.handledAt = input.handled ? now : null
  await em.flush()
  return { targetType: 'contactMessage', targetId: row.id, before, after: { handledAt: iso(row.handledAt) } }
}

// ---- Error feedback ----

export async function listFeedback(em: EntityManager, query: { page: number }) {
  const [rows, total] = await em.findAndCount(ErrorFeedback, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, populate: ['user'], ...pageOf(query) })
  return {
    items: rows.map((row) => ({
      id: row.id,
      message: row.message,
      path: row.path ?? null,
      error: row.errorText ?? null,
      receivedAt: row.createdAt.toISOString(),
      userEmail: row.user?.email ?? null,
    })),
    meta: metaOf(query.page, total),
  }
}

// ---- The console's home ----

const FEEDBACK_RECENT_DAYS = 7

/** What waits in the inbox: new, in-review and overdue reports, open messages, the last week's feedback. */
export async function inboxCounts(em: EntityManager, now: Date) {
  const [newReports, inReviewReports, overdueReports, openMessages, recentFeedback] = await Promise.all([
    em.count(RemovalReport, { status: 'new' }),
    em.count(RemovalReport, { status: 'inReview' }),
    em.count(RemovalReport, reportWhere('overdue', now)),
    em.count(ContactMessage, { handledAt: null }),
    em.count(ErrorFeedback, { createdAt: { $gte: new Date(now.getTime() - FEEDBACK_RECENT_DAYS * 86_400_000) } }),
  ])
  return { newReports, inReviewReports, overdueReports, openMessages, recentFeedback, feedbackDays: FEEDBACK_RECENT_DAYS }
}
