import { notFound } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import type { Locale } from '../../../core/domain/locale.js'
import type { LegalSlug } from '../../../core/domain/site/site.js'
import type { Trpc } from '../../lib/trpc'
import type { RouterContext } from '../../router-context'

/** A legal page's query (its loader here, its component in LegalPage.tsx, loaded with the route). */
export const legalPageOptions = (trpc: Trpc, slug: LegalSlug, locale: Locale) => trpc.site.legalPage.queryOptions({ slug, locale })

/** Route loader of a legal page; a page missing in every language is the not-found page. */
export async function loadLegalPage(context: RouterContext, slug: LegalSlug, locale: Locale) {
  try {
    await context.queryClient.ensureQueryData(legalPageOptions(context.trpc, slug, locale))
  } catch (error) {
    if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND') throw notFound()
    throw error
  }
}
