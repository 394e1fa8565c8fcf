import { notFound } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { isLocale, type Locale } from '../../../core/domain/locale.js'

const ID = /^[1-9]\d{0,9}$/
const MAX_ID = 2_147_483_647

/** The id of a detail path, or null when it cannot name a stored item. */
export function parseId(raw: string): number | null {
  if (!ID.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}

/**
 * Loads a detail page's data; an id that is malformed, unknown or names an item that may not
 * be shown (upcoming) gives the not-found page.
 */
export async function loadDetail<T>(
  queryClient: QueryClient,
  params: { lang: string; id: string },
  options: (locale: Locale, id: number) => unknown,
): Promise<T> {
  const id = parseId(params.id)
  if (id === null || !isLocale(params.lang)) throw notFound()
  try {
    return (await queryClient.ensureQueryData(options(params.lang, id) as never)) as T
  } catch (error) {
    const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw notFound()
    throw error
  }
}
