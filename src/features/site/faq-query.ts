import type { Locale } from '../../../core/domain/locale.js'
import type { Trpc } from '../../lib/trpc'
import type { RouterContext } from '../../router-context'

/**
 * The FAQ page's query, apart from its components (FaqPage.tsx), so the entry script, which
 * holds every route's loader, does not carry the page.
 */
export const faqOptions = (trpc: Trpc, locale: Locale) => trpc.site.faq.queryOptions({ locale })

/** Route loader of the FAQ page. */
export const loadFaq = (context: RouterContext, locale: Locale) => context.queryClient.ensureQueryData(faqOptions(context.trpc, locale))
