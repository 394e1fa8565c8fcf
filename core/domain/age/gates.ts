/**
 * What each outcome keeps from an unverified visitor, by path and by procedure: one place for
 * the server (status codes, refusals) and the client (which page it shows at a gated address).
 *
 *  - front: every catalog page shows the verification page instead (status 403: the page at
 *    that address is not what was asked for, so neither caches nor search engines take it for
 *    the catalog page); catalog procedures refuse.
 *  - block: every page shows the "not available" page (status 451), every other route answers
 *    451, except the legal and help pages (terms, privacy, 2257, imprint, contact, FAQ,
 *    report: the operator stays reachable and accountable) and the age-assurance statements.
 */
import type { AgeAccess, AgeOutcome } from './access.js'
import { isLocale, type Locale } from '../locale.js'

/** Pages under /{lang}/ that show nothing of the catalog: open in every outcome. */
const LEGAL_SECTIONS = ['tos', 'privacy', '2257', 'imprint', 'contact', 'faq', 'report'] as const
/** The age-assurance pages: the verification page, the statements, the "not available" page. */
export const VERIFY_SECTION = 'verify-age'
const STATEMENT_SECTION = 'age-assurance'
const BLOCKED_SECTION = 'age-blocked'

/** Pages outside /{lang}/ that a visitor needs before verifying (accounts, the development check); the console checks its own role. */
const PRE_VERIFICATION_ROOTS = ['login', 'sign-up', 'verify-email', 'account', 'demo-checkout', 'dev-age-check', 'admin']

/** What a page request's access lets it see: the page, the verification page, or the "not available" page. */
export type PageGate = 'verify' | 'blocked' | null

export function pageGate(access: Pick<AgeAccess, 'outcome' | 'explicitAllowed'>, pathname: string): PageGate {
  if (access.outcome !== 'block' && (access.outcome !== 'front' || access.explicitAllowed)) return null
  const [first = '', second = ''] = pathname.split('/').filter(Boolean)
  const section = isLocale(first) ? second : null
  const statement = section === STATEMENT_SECTION || section === BLOCKED_SECTION
  const legal = section !== null && (LEGAL_SECTIONS as readonly string[]).includes(section)
  if (access.outcome === 'block') return legal || statement ? null : 'blocked'
  if (legal || statement || section === VERIFY_SECTION) return null
  return section === null && PRE_VERIFICATION_ROOTS.includes(first) ? null : 'verify'
}

/**
 * The address the client's router shows instead of a gated one (the browser's address stays):
 * it carries the asked address, so the router maps it back (`askedAddressOf`).
 */
export function gatedPageTarget(gate: Exclude<PageGate, null>, pathname: string, search: string, fallback: Locale): string {
  const first = pathname.split('/')[1]
  const locale = isLocale(first) ? first : fallback
  const asked = `${pathname}${search}`
  if (gate === 'blocked') return `/${locale}/${BLOCKED_SECTION}?${new URLSearchParams({ from: asked })}`
  return `/${locale}/${VERIFY_SECTION}?${new URLSearchParams({ returnTo: asked, gate: '1' })}`
}

/** The asked address behind a gated page's address (see gatedPageTarget), or null for any other address. */
export function askedAddressOf(pathname: string, searchParams: URLSearchParams): string | null {
  const section = pathname.split('/')[2]
  if (section === VERIFY_SECTION && searchParams.get('gate') === '1') return searchParams.get('returnTo')
  if (section === BLOCKED_SECTION) return searchParams.get('from')
  return null
}

/** Procedures every visitor may call: the site's pages and forms, age verification, who is signed in. */
const ALWAYS = ['site.', 'age.', 'auth.me']
/** …and before verifying, in a front place: accounts, plans and payment, the console (its own role check). */
const BEFORE_VERIFYING = [...ALWAYS, 'auth.', 'plans.', 'billing.', 'admin.']

const allowedBy = (prefixes: readonly string[], path: string) => prefixes.some((prefix) => path === prefix || (prefix.endsWith('.') && path.startsWith(prefix)))

/** Why a procedure refuses the request (an `errors` key), or null when it may run. */
export function procedureRefusal(access: Pick<AgeAccess, 'outcome' | 'explicitAllowed'>, path: string): 'ageBlocked' | 'ageVerificationRequired' | null {
  if (access.outcome === 'block') return allowedBy(ALWAYS, path) ? null : 'ageBlocked'
  if (access.outcome === 'front' && !access.explicitAllowed) return allowedBy(BEFORE_VERIFYING, path) ? null : 'ageVerificationRequired'
  return null
}

/**
 * In a block place, the routes that are not pages and still answer: built assets, health,
 * robots and labels, and the server-to-server notifications of payment and age providers
 * (their servers may sit anywhere).
 */
export function blockExempt(pathname: string): boolean {
  if (/^\/(assets\/|favicon\.svg$|healthz$|readyz$|robots\.txt$|age-de\.xml$|billing\/webhook\/|age\/response\/)/.test(pathname)) return true
  if (!pathname.startsWith('/trpc/')) return false
  const procedures = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',')
  return procedures.every((path) => allowedBy(ALWAYS, path))
}

/** The site's label for youth-protection software in Germany (age-de.xml): the whole site is for 18 and over. */
export function ageDeXml(host: string, lastChange: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<age-declaration>
  <ageblock-basic>
    <age-issuer>${host.replace(/[^A-Za-z0-9.-]/g, '')}</age-issuer>
    <last-change>${lastChange}</last-change>
    <country>de</country>
    <label-version>1.0</label-version>
    <revisit-after>7days</revisit-after>
  </ageblock-basic>
  <ageblock-labeltype>
    <httpheader>false</httpheader>
    <htmlmeta>false</htmlmeta>
    <label-z>false</label-z>
    <xmlfile>true</xmlfile>
    <default-age>18</default-age>
  </ageblock-labeltype>
  <ageblock-labeltype-definition>
    <labeltype-xmlfile>
      <label class="website">
        <age>18</age>
      </label>
    </labeltype-xmlfile>
  </ageblock-labeltype-definition>
</age-declaration>
`
}

/** The RTA ("Restricted To Adults") label every page carries in a meta element named RATING. */
export const RTA_LABEL = 'RTA-5042-1996-1400-1577-RTA'

/** Whether a policy answers the same for everyone (every rule open): only then may shared caches keep pages. */
export function uniformlyOpen(outcomes: readonly AgeOutcome[]): boolean {
  return outcomes.every((outcome) => outcome === 'open')
}
