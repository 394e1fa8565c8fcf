import type { EntityManager } from '@mikro-orm/postgresql'
import { FaqEntry } from '../../core/db/entities/index.js'
import { LOCALES, type Locale } from '../../core/domain/locale.js'
import type { RichTextOp } from '../../core/domain/site/rich-text.js'
import { REPORT_PROCESSING_BUSINESS_DAYS, SUPPORT_HOURS, type FaqGroup } from '../../core/domain/site/site.js'
import { translator } from '../../core/i18n.js'

type Key = 'included' | 'plans' | 'cancel' | 'trial' | 'statement' | 'downloads' | 'downloadLimit' | 'hours' | 'password' | 'report'

/** The first FAQ: each question with its group, and the page of the site its answer links to. */
const ENTRIES: Array<{ group: FaqGroup; key: Key; link?: { path: string; label: 'selectPlan' | 'contact' | 'report' } }> = [
  { group: 'membership', key: 'included' },
  { group: 'membership', key: 'plans', link: { path: '/account/select-plan', label: 'selectPlan' } },
  { group: 'membership', key: 'cancel' },
  { group: 'billing', key: 'trial' },
  { group: 'billing', key: 'statement' },
  { group: 'downloads', key: 'downloads' },
  { group: 'downloads', key: 'downloadLimit' },
  { group: 'support', key: 'hours', link: { path: '/contact', label: 'contact' } },
  { group: 'support', key: 'password' },
  { group: 'support', key: 'report', link: { path: '/report', label: 'report' } },
]

function answer(locale: Locale, entry: (typeof ENTRIES)[number]): { ops: RichTextOp[] } {
  const LL = translator(locale)
  const items = LL.site.faq.items
  const range = LL.site.supportHours.range
  const text =
    entry.key === 'hours'
      ? items.hours.a({ weekdays: range(SUPPORT_HOURS.weekdays), weekends: range(SUPPORT_HOURS.weekends) })
      : entry.key === 'report'
        ? items.report.a({ days: REPORT_PROCESSING_BUSINESS_DAYS })
        : items[entry.key].a()
  const ops: RichTextOp[] = [{ insert: `${text}\n` }]
  if (entry.link) ops.push({ insert: LL.meta[entry.link.label](), attributes: { link: `internal:${entry.link.path}` } }, { insert: '\n' })
  return { ops }
}

/**
 * The FAQ as the site first shipped it (the texts of i18n site.faq, in five languages), into an
 * empty faq_entry table only: questions edited in the console are never overwritten.
 */
export async function seedFaq(em: EntityManager): Promise<number> {
  if ((await em.count(FaqEntry, {})) > 0) return 0
  ENTRIES.forEach((entry, index) => {
    em.create(FaqEntry, {
      group: entry.group,
      sortOrder: (index + 1) * 10,
      question: Object.fromEntries(LOCALES.map((locale) => [locale, translator(locale).site.faq.items[entry.key].q()])),
      answer: Object.fromEntries(LOCALES.map((locale) => [locale, answer(locale, entry)])),
    })
  })
  await em.flush()
  return ENTRIES.length
}
