import type { EntityManager } from '@mikro-orm/postgresql'
import { LegalPage } from '../../core/db/entities/index.js'
import { LOCALES, type Locale } from '../../core/domain/locale.js'
import { LEGAL_SLUGS } from '../../core/domain/site/site.js'
import { textToDelta, type LegalTexts } from './legal/delta.js'
import de from './legal/de.js'
import en from './legal/en.js'
import es from './legal/es.js'
import fr from './legal/fr.js'
import it from './legal/it.js'

export const LEGAL_TEXTS: Record<Locale, LegalTexts> = { de, en, es, fr, it }

/**
 * Synthetic legal pages (terms, privacy, 2257, legal notice) in five languages, stored as
 * delta rich text. Only into an empty legal_page table: texts the operator has edited are
 * never overwritten. Returns how many pages were written.
 */
export async function seedLegalPages(em: EntityManager): Promise<number> {
  if ((await em.count(LegalPage, {})) > 0) return 0
  for (const locale of LOCALES) {
    for (const slug of LEGAL_SLUGS) {
      const text = LEGAL_TEXTS[locale][slug]
      em.create(LegalPage, { slug, locale, title: text.title, content: textToDelta(text.body) })
    }
  }
  await em.flush()
  return LOCALES.length * LEGAL_SLUGS.length
}
