/**
 * The FAQ: questions and answers per language (answers in the legal pages' delta rich text),
 * grouped as the page shows them. The site reads them here (`faqPage`, with the de-then-en
 * fallback per question); the console edits them.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { FaqEntry } from '../../db/entities/index.js'
import { FALLBACK_LOCALES, LOCALES, localize, type Locale } from '../../domain/locale.js'
import type { RichTextDocument } from '../../domain/site/rich-text.js'
import { hasRichText, type FaqInput } from '../../domain/schemas/catalog-admin.js'
import { FAQ_GROUPS } from '../../domain/site/site.js'
import { allLocales, filled, found } from '../admin/catalog/common.js'
import { removeRow, saveRow, type EditedResource } from '../admin/catalog/edit.js'

const FIELDS = ['group', 'sortOrder', 'question', 'answer'] as const
const ORDER = { orderBy: { sortOrder: 'asc', id: 'asc' } } as const

/** The answer in the requested language, else de, else en. */
function localAnswer(answer: FaqEntry['answer'], locale: Locale): RichTextDocument {
  for (const candidate of [locale, ...FALLBACK_LOCALES]) if (hasRichText(answer[candidate])) return answer[candidate]!
  return { ops: [] }
}

/** The FAQ page in a language: its groups in page order, each with its questions. */
export async function faqPage(em: EntityManager, locale: Locale) {
  const rows = await em.find(FaqEntry, {}, ORDER)
  return FAQ_GROUPS.map((group) => ({
    group,
    entries: rows
      .filter((row) => row.group === group)
      .map((row) => ({ id: row.id, question: localize(row.question, locale), answer: localAnswer(row.answer, locale) })),
  })).filter((group) => group.entries.length > 0)
}

export async function listFaqForAdmin(em: EntityManager, locale: Locale) {
  const rows = await em.find(FaqEntry, {}, ORDER)
  return rows
    .sort((a, b) => FAQ_GROUPS.indexOf(a.group) - FAQ_GROUPS.indexOf(b.group))
    .map((row) => ({
      id: row.id,
      group: row.group,
      sortOrder: row.sortOrder,
      question: localize(row.question, locale),
      missing: LOCALES.filter((l) => !row.question[l] || !hasRichText(row.answer[l])),
    }))
}

export async function faqEntryForEdit(em: EntityManager, id: number) {
  const row = found(await em.findOne(FaqEntry, id))
  return {
    id: row.id,
    group: row.group,
    sortOrder: row.sortOrder,
    question: allLocales(row.question),
    answer: Object.fromEntries(LOCALES.map((l) => [l, row.answer[l] ?? { ops: [] }])) as Record<Locale, RichTextDocument>,
  }
}

const faqEntries: EditedResource<FaqEntry, FaqInput> = {
  entity: FaqEntry,
  name: 'faq',
  fields: FIELDS,
  create: (em, input) => em.create(FaqEntry, { group: input.group, question: {}, answer: {} }),
  apply: (row, input) => {
    row.group = input.group
    row.sortOrder = input.sortOrder
    row.question = filled(input.question)
    // An empty answer is a missing translation, as an empty question is.
    row.answer = Object.fromEntries(LOCALES.filter((l) => hasRichText(input.answer[l])).map((l) => [l, input.answer[l]]))
  },
}

export const saveFaqEntry = (em: EntityManager, input: FaqInput) => saveRow(em, faqEntries, input)

export const removeFaqEntry = (em: EntityManager, id: number) => removeRow(em, faqEntries, id)
