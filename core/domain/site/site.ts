/**
 * Business constants and rules of the site pages (contact, report, legal pages), spec
 * sections 5 and 9. Pure: shared by the server and the client.
 */

/** Support hours (spec section 9), in the time zone below. */
export const SUPPORT_HOURS = {
  weekdays: { from: '08:00', to: '20:00' },
  weekends: { from: '12:00', to: '18:00' },
} as const
export const SUPPORT_TIME_ZONE = 'Europe/Berlin'

export const REPORT_MAX_URLS = 5
export const REPORT_PROCESSING_BUSINESS_DAYS = 7
export const REPORT_TYPES = ['abuse', 'copyright'] as const
export type ReportType = (typeof REPORT_TYPES)[number]
export const REPORT_ISSUES = ['non_consentual', 'trafficking', 'personal_info', 'weapons', 'minors', 'drugs'] as const
export type ReportIssue = (typeof REPORT_ISSUES)[number]
/** Reports about minors or trafficking are urgent: flagged in the support mail and in the console. */
const URGENT_REPORT_ISSUES: readonly ReportIssue[] = ['minors', 'trafficking']
export const isUrgentReport = (issues: readonly string[]) => issues.some((issue) => (URGENT_REPORT_ISSUES as readonly string[]).includes(issue))

/** The FAQ page's groups, in page order (their titles live in i18n: site.faq.groups). */
export const FAQ_GROUPS = ['membership', 'billing', 'downloads', 'support'] as const
export type FaqGroup = (typeof FAQ_GROUPS)[number]

/** Where a home-page banner is shown. */
export const BANNER_POSITIONS = ['top', 'bottom'] as const

/** Legal pages loaded by slug, each a route /{lang}/{slug}. */
export const LEGAL_SLUGS = ['tos', 'privacy', '2257', 'imprint'] as const
export type LegalSlug = (typeof LEGAL_SLUGS)[number]

/**
 * True when `url` is an address on the product's own site (`siteUrl`, i.e. PUBLIC_URL):
 * http or https, the same host and port, an optional "www." in front, any path.
 */
export function isOwnSiteUrl(url: string, siteUrl: string): boolean {
  let site: URL
  let candidate: URL
  try {
    site = new URL(siteUrl)
    candidate = new URL(url.trim())
  } catch {
    return false
  }
  if (candidate.protocol !== 'http:' && candidate.protocol !== 'https:') return false
  if (candidate.username || candidate.password) return false
  const bare = (host: string) => host.replace(/^www\./, '')
  return bare(candidate.hostname) === bare(site.hostname) && candidate.port === site.port
}

/**
 * The report page's `url` query carries a content path (e.g. /de/videos/12) or a full
 * address; the first URL field is prefilled with the full address on the site.
 */
export function reportUrlFromQuery(value: string | undefined, siteUrl: string): string {
  const text = value?.trim() ?? ''
  if (!text) return ''
  if (text.startsWith('/') && !text.startsWith('//')) return `${siteUrl.replace(/\/$/, '')}${text}`
  return text
}
