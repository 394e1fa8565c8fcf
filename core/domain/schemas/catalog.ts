/**
 * Payloads of the catalog's read procedures (spec section 3, List query parameters), shared by
 * the tRPC inputs and the client. Messages are keys of the i18n `errors` dictionary.
 * Page, per_page and sort_by are normalised rather than refused (spec section 5: page minimum
 * 1, default 1; sort default newest); filters of the wrong type are refused with a 400.
 */
import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { MAX_PER_PAGE } from '../catalog/list.js'
import { text } from './text.js'

/** Relations a list can bring along (`with`); each list uses the ones that apply to it. */
const LIST_RELATIONS = ['featured_preview', 'featured_model', 'models', 'category', 'rating'] as const
export type ListRelation = (typeof LIST_RELATIONS)[number]

/** The longest search text accepted. */
const MAX_SEARCH_LENGTH = 100

export const localeSchema = z.enum(LOCALES, 'invalidLocale')

const id = z.number('invalidId').int('invalidId').positive('invalidId').max(2_147_483_647, 'invalidId')
const ids = (max: number) => z.array(id).max(max, 'tooManyValues')

export const searchTextSchema = text('invalidSearch').trim().max(MAX_SEARCH_LENGTH, 'searchTooLong')

export const listQuerySchema = z.object({
  locale: localeSchema,
  with: z.array(z.enum(LIST_RELATIONS, 'invalidRelation')).max(LIST_RELATIONS.length, 'tooManyValues').optional(),
  /** Capped to MAX_PER_PAGE; anything unusable becomes the default (normalised in the service). */
  per_page: z.number().optional().catch(undefined),
  /** Below 1 becomes 1, past the last page becomes the last (normalised in the service). */
  page: z.number().optional().catch(undefined),
  /** Unknown names fall back to the list's default sort. */
  sort_by: z
    .object({ name: text().max(32).optional(), direction: text().max(8).optional() })
    .optional()
    .catch(undefined),
  /** Upcoming items only (publish_at in the future): the coming-soon lists. */
  soon: z.boolean('invalidFilter').optional(),
  /** A fresh random order on every call. */
  random: z.boolean('invalidFilter').optional(),
  /** A random order that stays the same for the same seed, so pages do not repeat items. */
  random_persist: z.union([text().max(64, 'invalidFilter'), z.number().int()], 'invalidFilter').optional(),
  /** The caller's favorites / watch-later items; needs a signed-in user. */
  favorite: z.boolean('invalidFilter').optional(),
  watch_later: z.boolean('invalidFilter').optional(),
  q: searchTextSchema.optional(),
  category: id.optional(),
  models: ids(20).optional(),
  not: z.union([id.transform((value) => [value]), ids(50)]).optional(),
  /** Categories only: the ones featured on the home page. */
  featured: z.boolean('invalidFilter').optional(),
  /** At most this many items, on one page (home blocks, recommendations). */
  limit: z.number('invalidFilter').int('invalidFilter').min(1, 'invalidFilter').max(MAX_PER_PAGE, 'invalidFilter').optional(),
})
export type ListQueryInput = z.input<typeof listQuerySchema>
export type ListQuery = z.output<typeof listQuerySchema>

export const detailQuerySchema = z.object({ locale: localeSchema, id })

export const bannersQuerySchema = z.object({ locale: localeSchema, position: z.enum(['top', 'bottom'], 'invalidFilter') })
