/**
 * What a request may see under the age-assurance policy of the visitor's jurisdiction: the one
 * answer that the page renderer, the tRPC procedures and the media routes all read (from
 * `req.ageAccess` / `ctx.ageAccess`), computed once per request on the server.
 *
 * Outcomes (per country or region, from the policy):
 * - `open`:  the click-through gate of the browser (self-declaration) is enough;
 * - `blur`:  a public tour that shows nothing explicit until the visitor is verified;
 * - `front`: nothing of the catalog until verified (the verification page instead);
 * - `block`: the site is not offered there (HTTP 451), except the legal pages.
 */
export const AGE_OUTCOMES = ['open', 'blur', 'front', 'block'] as const
export type AgeOutcome = (typeof AGE_OUTCOMES)[number]

/** Where the visitor is, as far as the server knows: ISO 3166-1 alpha-2 country, ISO 3166-2 region ('US-TX'). */
export interface Jurisdiction {
  country: string | null
  region: string | null
  /** How it was found: a trusted CDN header, the bundled IP database, the configured local jurisdiction, or not at all. */
  source: 'header' | 'ip-database' | 'local' | 'unknown'
}

export interface AgeAccess {
  outcome: AgeOutcome
  jurisdiction: Jurisdiction
  /** A proof of age that the policy of this jurisdiction accepts is present (on the session or the account). */
  verified: boolean
  /**
   * Explicit media (full posters, stills, clips, HLS) and explicit titles may be served: the
   * outcome is `open`, or the visitor is verified. When false, only tour-safe derivatives
   * (blurred pictures, safe titles) may leave the server.
   */
  explicitAllowed: boolean
  /** The id of the policy rule that decided (absent when a test or a bench fixed the answer). */
  rule?: string
}

/** Until a policy says otherwise: today's behaviour (the click-through gate decides in the browser). */
export const OPEN_ACCESS: AgeAccess = {
  outcome: 'open',
  jurisdiction: { country: null, region: null, source: 'unknown' },
  verified: false,
  explicitAllowed: true,
}

/** The variant of a cached page or answer: everything the rendered catalog depends on. */
export function accessVariant(access: AgeAccess): 'full' | 'tour' {
  return access.explicitAllowed ? 'full' : 'tour'
}
