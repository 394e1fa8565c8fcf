import { defineEntity, p } from '@mikro-orm/core'
import { timeOfInsert, timeOfLastChange } from './properties.js'
import { LOCALES } from '../../domain/locale.js'
import type { RichTextOp } from '../../domain/site/rich-text.js'
import { REPORT_STATES } from '../../domain/site/reports.js'
import { FAQ_GROUPS, REPORT_TYPES } from '../../domain/site/site.js'
import { User } from './user.js'

const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  properties: {
    id: p.integer().primary(),
    firstName: p.string().length(200),
    lastName: p.string().length(200),
    email: p.string().length(320),
    subject: p.string().length(300),
    message: p.text(),
    locale: p.enum(LOCALES),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: timeOfInsert(),
    /** Marked handled in the operations console; null: still to be answered. */
    handledAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['handledAt', 'createdAt'] }],
})
export class ContactMessage extends ContactMessageSchema.class {}
ContactMessageSchema.setClass(ContactMessage)

const RemovalReportSchema = defineEntity({
  name: 'RemovalReport',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(200),
    email: p.string().length(320),
    urls: p.array(),
    type: p.enum(REPORT_TYPES),
    depicted: p.boolean(),
    issues: p.array(),
    description: p.text(),
    signature: p.string().length(200),
    locale: p.enum(LOCALES),
    status: p.enum(REPORT_STATES).default('new'),
    /** The note given with the last change of state in the console (the audit log keeps every one). */
    statusNote: p.text().nullable(),
    statusChangedAt: p.datetime().nullable(),
    /** When it arrived; its due date follows from it (domain/reports.ts `reportDue`). */
    createdAt: timeOfInsert(),
  },
  indexes: [{ properties: ['status', 'createdAt'] }, { properties: ['createdAt'] }],
})
export class RemovalReport extends RemovalReportSchema.class {}
RemovalReportSchema.setClass(RemovalReport)

const ErrorFeedbackSchema = defineEntity({
  name: 'ErrorFeedback',
  properties: {
    id: p.integer().primary(),
    message: p.text(),
    path: p.string().length(2048).nullable(),
    errorText: p.text().nullable(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: timeOfInsert(),
  },
})
export class ErrorFeedback extends ErrorFeedbackSchema.class {}
ErrorFeedbackSchema.setClass(ErrorFeedback)

const LegalPageSchema = defineEntity({
  name: 'LegalPage',
  properties: {
    id: p.integer().primary(),
    slug: p.string().length(64),
    locale: p.enum(LOCALES),
    title: p.string().length(300),
    content: p.json<{ ops: RichTextOp[] }>(),
    updatedAt: timeOfLastChange(),
  },
  uniques: [{ properties: ['slug', 'locale'] }],
})
export class LegalPage extends LegalPageSchema.class {}
LegalPageSchema.setClass(LegalPage)

/**
 * One question of the FAQ page: its group (the group titles live in i18n), its place in the
 * group, the question per language and the answer per language as delta rich text (the
 * legal pages' format, so an answer can link to a page of the site).
 */
const FaqEntrySchema = defineEntity({
  name: 'FaqEntry',
  properties: {
    id: p.integer().primary(),
    group: p.enum(FAQ_GROUPS),
    sortOrder: p.integer().default(0),
    question: p.json<Partial<Record<(typeof LOCALES)[number], string>>>(),
    answer: p.json<Partial<Record<(typeof LOCALES)[number], { ops: RichTextOp[] }>>>(),
    updatedAt: timeOfLastChange(),
  },
})
export class FaqEntry extends FaqEntrySchema.class {}
FaqEntrySchema.setClass(FaqEntry)

/**
 * Every outgoing mail. The worker delivers it over SMTP when SMTP_URL is set; without it
 * the row stays here as the developer outbox (readable at /dev/mail).
 */
const MailMessageSchema = defineEntity({
  name: 'MailMessage',
  properties: {
    id: p.integer().primary(),
    to: p.string().length(320),
    subject: p.string().length(300),
    text: p.text(),
    html: p.text().nullable(),
    createdAt: timeOfInsert(),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    /** Removed once delivered (the confirmation of an account's deletion: no copy of the address stays). */
    forgetAfterSending: p.boolean().default(false),
  },
})
export class MailMessage extends MailMessageSchema.class {}
MailMessageSchema.setClass(MailMessage)
