/**
 * The contract between the server's page renderer (server/render) and the client's server entry
 * (src/entry-server.tsx): what the server hands over for one page request. Both import it from
 * here, so neither imports the other.
 */
import type { Manifest } from '@tanstack/react-router'
import type { AgeOutcome } from './domain/age/access.js'
import type { Breakpoint } from './domain/catalog/list.js'
import type { Locale } from './domain/locale.js'

/**
 * What the server knows about a page request beyond its path, handed to the browser with the
 * router's state so both render the same: the site's address, whether a search engine asks,
 * the visitor's preferred language and the device's likely breakpoint.
 */
export interface PageEnvironment {
  /** The site's public address (canonical links, Open Graph, JSON-LD). */
  publicUrl: string
  /** Search engines and link previews: no age gate. */
  isBot: boolean
  /** From Accept-Language (server) or the stored choice (browser): where / and unprefixed paths go. */
  preferredLocale: Locale
  /** Phones get the narrow list sizes from the first byte; others the wide ones. */
  breakpoint: Breakpoint
  /** When the server rendered the page (ms): relative times hydrate against it. */
  renderedAt: number
  /** What the page may show under the age-assurance policy; pages are cached per value. */
  age: PageAge
}

/** The part of the request's age-assurance answer a page depends on (core/domain/age/access.ts). */
export interface PageAge {
  outcome: AgeOutcome
  verified: boolean
  explicitAllowed: boolean
  /** The policy rule that decided; null when a test fixed the answer. */
  rule: string | null
}

/**
 * The same as text, for the page's html element (the browser reads it before its router starts);
 * also the age part of the server's cache keys. Takes the request's whole answer as well.
 */
export function pageAgeText(age: Omit<PageAge, 'rule'> & { rule?: string | null }): string {
  return `${age.outcome} ${age.rule ?? '-'} ${age.verified ? 1 : 0} ${age.explicitAllowed ? 1 : 0}`
}

export function parsePageAge(text: string | undefined): PageAge {
  const [outcome, rule, verified, explicitAllowed] = (text ?? '').split(' ')
  if (outcome !== 'blur' && outcome !== 'front' && outcome !== 'block')
    return { outcome: 'open', verified: false, explicitAllowed: true, rule: rule && rule !== '-' ? rule : null }
  return { outcome, verified: verified === '1', explicitAllowed: explicitAllowed === '1', rule: rule && rule !== '-' ? rule : null }
}

/** One page request for the built server entry; `ApiClient` is the tRPC client of the app's router. */
export interface RenderRequest<ApiClient> {
  request: Request
  /** A client whose links call the server's router in-process, as an anonymous visitor. */
  apiClient: ApiClient
  env: PageEnvironment
  /** The built client's entry script and stylesheets. */
  manifest: Manifest
}
