/** The console's legal page editor: each page's title and delta rich text, per language. */
import type { EntityManager } from '@mikro-orm/postgresql'
import { LegalPage } from '../../../db/entities/index.js'
import { LOCALES } from '../../../domain/locale.js'
import type { LegalPageInput } from '../../../domain/schemas/catalog-admin.js'
import { LEGAL_SLUGS, type LegalSlug } from '../../../domain/site/site.js'
import type { Locale } from '../../../domain/locale.js'
import { changed } from './common.js'

/** Every page in every language: its title and last change, or null where the language has none (the site falls back). */
export async function listLegalPagesForAdmin(em: EntityManager) {
  const rows = await em.find(LegalPage, {})
  return LEGAL_SLUGS.map((slug) => ({
    slug,
    languages: LOCALES.map((locale) => {
      const row = rows.find((r) => r.slug === slug && r.locale === locale)
      return { locale, title: row?.title ?? null, updatedAt: row?.updatedAt.toISOString() ?? null }
    }),
  }))
}

export async function legalPageForEdit(em: EntityManager, slug: LegalSlug, locale: Locale) {
  const row = await em.findOne(LegalPage, { slug, locale })
  return { slug, locale, exists: Boolean(row), title: row?.title ?? '', content: row?.content ?? { ops: [] }, updatedAt: row?.updatedAt.toISOString() ?? null }
}

export async function saveLegalPage(em: EntityManager, input: LegalPageInput) {
  const row = await em.findOne(LegalPage, { slug: input.slug, locale: input.locale })
  const before = row ? { title: row.title, content: row.content } : null
  const page = row ?? em.create(LegalPage, { slug: input.slug, locale: input.locale, title: input.title, content: input.content })
  page.title = input.title
  page.content = input.content
  await em.flush()
  await changed(em, 'legal page')
  return { id: page.id, before, after: { title: page.title, content: page.content } }
}
