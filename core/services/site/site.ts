/**
 * Use cases of the site pages: contact messages and removal reports (stored, then mailed
 * to support in the same transaction), error feedback, and legal pages by slug.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { ContactMessage, ErrorFeedback, LegalPage, RemovalReport } from '../../db/entities/index.js'
import { FALLBACK_LOCALES, type Locale } from '../../domain/locale.js'
import { reportDue } from '../../domain/site/reports.js'
import type { RichTextDocument } from '../../domain/site/rich-text.js'
import { isUrgentReport, REPORT_PROCESSING_BUSINESS_DAYS, type LegalSlug, type ReportIssue, type ReportType } from '../../domain/site/site.js'
import { queueMail, type OutgoingMail } from './mail.js'

/** Who sent a form: the page's language and the signed-in user, if any. */
export interface Sender {
  locale: Locale
  userId: number | null
}

export interface ContactPayload {
  first_name: string
  last_name: string
  email: string
  subject: string
  message: string
}

export interface ReportPayload {
  name: string
  email: string
  urls: string[]
  type: ReportType
  depicted: boolean
  issues: ReportIssue[]
  description: string
  signature: string
}

/** One line for a mail subject: user text never adds header lines. */
const oneLine = (text: string, max = 120) => text.replace(/\s+/g, ' ').trim().slice(0, max)

/**
 * Stores a submission and queues its mail to support in one transaction: either both
 * happen or neither does.
 */
async function storeAndMail<T extends { id: number }>(
  em: EntityManager,
  create: (tx: EntityManager) => T,
  mail: (row: T) => Omit<OutgoingMail, 'to'>,
  supportEmail: string,
): Promise<{ id: number }> {
  return em.transactional(async (tx) => {
    const row = create(tx)
    await tx.flush()
    await queueMail(tx, { to: supportEmail, ...mail(row) })
    return { id: row.id }
  })
}

/** The sender lines every support mail starts with. */
const senderLines = (name: string, email: string, sender: Sender) => [
  `From: ${oneLine(name)} <${email}>`,
  `Language: ${sender.locale}`,
  `Account: ${sender.userId ? `user #${sender.userId}` : 'not signed in'}`,
]

export function sendContactMessage(em: EntityManager, input: ContactPayload, sender: Sender, supportEmail: string) {
  return storeAndMail(
    em,
    (tx) =>
      tx.create(ContactMessage, {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        locale: sender.locale,
        user: sender.userId,
      }),
    (row) => ({
      subject: `[Contact #${row.id}] ${oneLine(input.subject)}`,
      text: [
        `Contact message #${row.id}`,
        ...senderLines(`${input.first_name} ${input.last_name}`, input.email, sender),
        `Subject: ${oneLine(input.subject, 300)}`,
        '',
        input.message,
      ].join('\n'),
    }),
    supportEmail,
  )
}

export function submitRemovalReport(em: EntityManager, input: ReportPayload, sender: Sender, supportEmail: string, now = new Date()) {
  // Flagged in the subject so they are read first.
  const urgent = isUrgentReport(input.issues)
  const due = reportDue(now)
  return storeAndMail(
    em,
    (tx) =>
      tx.create(RemovalReport, {
        name: input.name,
        email: input.email,
        urls: input.urls,
        type: input.type,
        depicted: input.depicted,
        issues: input.issues,
        description: input.description,
        signature: input.signature,
        locale: sender.locale,
        createdAt: now,
      }),
    (row) => ({
      subject: `${urgent ? '[URGENT] ' : ''}[Removal report #${row.id}] ${input.type}: ${input.issues.join(', ')}`,
      text: [
        `Removal report #${row.id} (to be processed within ${REPORT_PROCESSING_BUSINESS_DAYS} business days: by ${due.day})`,
        ...senderLines(input.name, input.email, sender),
        `Type: ${input.type}`,
        `Sender depicted: ${input.depicted ? 'yes' : 'no'}`,
        `Issues: ${input.issues.join(', ')}`,
        'URLs:',
        ...input.urls.map((url) => `  ${url}`),
        `Signature: ${oneLine(input.signature)}`,
        'Confirmed under oath: yes',
        '',
        input.description,
      ].join('\n'),
    }),
    supportEmail,
  )
}

export async function saveErrorFeedback(
  em: EntityManager,
  input: { message: string; path?: string | undefined; error?: string | undefined },
  sender: Sender,
): Promise<{ id: number }> {
  const row = em.create(ErrorFeedback, {
    message: input.message,
    path: input.path ?? null,
    errorText: input.error ?? null,
    user: sender.userId,
  })
  await em.flush()
  return { id: row.id }
}

export interface LegalPageView {
  slug: string
  /** The language the text is in: the requested one, else de, else en. */
  locale: Locale
  title: string
  content: RichTextDocument
  updatedAt: string
}

/** A legal page in the requested language with the de-then-en fallback; null when none. */
export async function findLegalPage(em: EntityManager, slug: LegalSlug, locale: Locale): Promise<LegalPageView | null> {
  const order = [locale, ...FALLBACK_LOCALES.filter((l) => l !== locale)]
  const pages = await em.find(LegalPage, { slug, locale: { $in: order } })
  const page = order.map((l) => pages.find((p) => p.locale === l)).find(Boolean)
  if (!page) return null
  return { slug: page.slug, locale: page.locale, title: page.title, content: page.content, updatedAt: page.updatedAt.toISOString() }
}
