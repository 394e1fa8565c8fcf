import { useRouter } from '@tanstack/react-router'
import type { Breakpoint } from '../../server/domain/list.js'
import type { Locale } from '../../server/domain/locale.js'

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
}

export function usePageEnvironment(): PageEnvironment {
  return useRouter().options.context.env
}
