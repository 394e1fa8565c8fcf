/**
 * Payloads of the site pages, one schema each, used by the tRPC input and by the form
 * that sends it. Messages are keys of the i18n `errors` dictionary.
 */
import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { LEGAL_SLUGS, REPORT_ISSUES, REPORT_MAX_URLS, REPORT_TYPES, isOwnSiteUrl } from '../site/site.js'
import { text } from './text.js'

/** A required single-line or multi-line text, trimmed, with its own "required" message. */
const requiredText = (message: string, max: number) => text().trim().min(1, message).max(max, 'textTooLong')

const emailField = text().trim().min(1, 'emailRequired').max(320, 'textTooLong').pipe(z.email('emailInvalid'))

export const contactSchema = z.object({
  first_name: requiredText('firstNameRequired', 200),
  last_name: requiredText('lastNameRequired', 200),
  email: emailField,
  subject: requiredText('subjectRequired', 300),
  message: requiredText('messageRequired', 10_000),
})
export type ContactInput = z.input<typeof contactSchema>

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * The removal report. `siteUrl` is the product's own address (PUBLIC_URL): every URL must
 * lie on it. Without it (only for the transport's first check) any http(s) URL passes.
 * The form keeps empty URL fields; they are dropped before sending (`withoutEmptyUrls`).
 */
export function reportSchema(siteUrl?: string) {
  return z.object({
    name: requiredText('nameRequired', 200),
    email: emailField,
    urls: z
      .array(text().trim().max(2048, 'textTooLong'))
      .max(REPORT_MAX_URLS, 'tooManyUrls')
      .superRefine((urls, ctx) => {
        if (!urls[0]) ctx.addIssue({ code: 'custom', path: [0], message: 'urlRequired' })
        urls.forEach((url, index) => {
          if (url && !(siteUrl ? isOwnSiteUrl(url, siteUrl) : isHttpUrl(url))) {
            ctx.addIssue({ code: 'custom', path: [index], message: 'urlInvalid' })
          }
        })
      }),
    type: z.enum(REPORT_TYPES),
    depicted: z.boolean(),
    issues: z
      .array(z.enum(REPORT_ISSUES))
      .min(1, 'issuesRequired')
      .max(REPORT_ISSUES.length)
      .transform((issues) => [...new Set(issues)]),
    description: requiredText('descriptionRequired', 10_000),
    signature: requiredText('signatureRequired', 200),
    /** The sender confirms under oath to be the person concerned and that the information is correct. */
    oath: z.literal(true, 'oathRequired'),
  })
}
export type ReportInput = z.input<ReturnType<typeof reportSchema>>

/** Spec section 7: only non-empty URLs are sent. */
export function withoutEmptyUrls<T extends { urls: string[] }>(values: T): T {
  return { ...values, urls: values.urls.map((url) => url.trim()).filter(Boolean) }
}

/** Optional feedback on the error screen; when sent it must say what the user was doing. */
export const errorFeedbackSchema = z.object({
  message: requiredText('feedbackRequired', 5000),
  path: text().max(2048).optional(),
  error: text().max(4000).optional(),
})

/** What the error screen reports about the error itself (logged for the team). */
export const clientErrorSchema = z.object({
  message: text().max(2000),
  path: text().max(2048),
  stack: text().max(8000).optional(),
})

export const faqInput = z.object({ locale: z.enum(LOCALES) })

export const legalPageInput = z.object({
  slug: z.enum(LEGAL_SLUGS),
  locale: z.enum(LOCALES),
})
