import type { EntityManager } from '@mikro-orm/postgresql'
import { Plan } from '../../core/db/entities/index.js'
import type { LocalizedText } from '../../core/domain/locale.js'
import type { PlanPeriod } from '../../core/domain/billing/prices.js'

interface PlanSeed {
  sid: string
  name: LocalizedText
  period: PlanPeriod
  priceCents: number
  trialDays?: number
  trialPriceCents?: number
  features: string[]
  dailyDownloadLimit?: number
  visibility?: 'public' | 'unlisted'
  highlight?: boolean
}

const basic = { de: 'Basis', en: 'Basic', es: 'Básico', fr: 'Essentiel', it: 'Base' }
const premium = { de: 'Premium', en: 'Premium', es: 'Premium', fr: 'Premium', it: 'Premium' }
const period = (name: LocalizedText, suffix: LocalizedText): LocalizedText =>
  Object.fromEntries(Object.entries(name).map(([locale, text]) => [locale, `${text} ${suffix[locale as keyof LocalizedText]}`]))
const MONTH = { de: 'Monat', en: 'Month', es: 'Mes', fr: 'Mois', it: 'Mese' }
const YEAR = { de: 'Jahr', en: 'Year', es: 'Año', fr: 'Année', it: 'Anno' }
const TWO_YEARS = { de: '2 Jahre', en: '2 Years', es: '2 años', fr: '2 ans', it: '2 anni' }

/**
 * The demo plan catalogue: monthly, yearly and biyearly plans, some with a trial, premium
 * plans with downloads (and a daily limit), one highlighted ("most popular") and one
 * unlisted retention offer that only a direct link reaches. Prices are per billing period.
 */
export const DEMO_PLANS: PlanSeed[] = [
  {
    sid: 'basic-monthly',
    name: period(basic, MONTH),
    period: 'monthly',
    priceCents: 1499,
    trialDays: 2,
    trialPriceCents: 100,
    features: ['fullCatalog', 'hd', 'fullPreviews', 'newWeekly', 'cancelAnytime'],
  },
  {
    sid: 'premium-monthly',
    name: period(premium, MONTH),
    period: 'monthly',
    priceCents: 2499,
    trialDays: 3,
    trialPriceCents: 0,
    features: ['fullCatalog', 'uhd', 'fullPreviews', 'downloads', 'newWeekly', 'cancelAnytime'],
    dailyDownloadLimit: 10,
  },
  {
    sid: 'basic-yearly',
    name: period(basic, YEAR),
    period: 'yearly',
    priceCents: 9588,
    features: ['fullCatalog', 'hd', 'fullPreviews', 'newWeekly'],
  },
  {
    sid: 'premium-yearly',
    name: period(premium, YEAR),
    period: 'yearly',
    priceCents: 14388,
    trialDays: 7,
    trialPriceCents: 199,
    features: ['fullCatalog', 'uhd', 'fullPreviews', 'downloads', 'newWeekly'],
    dailyDownloadLimit: 20,
    highlight: true,
  },
  {
    sid: 'premium-biyearly',
    name: period(premium, TWO_YEARS),
    period: 'biyearly',
    priceCents: 23976,
    features: ['fullCatalog', 'uhd', 'fullPreviews', 'downloads', 'newWeekly'],
    dailyDownloadLimit: 30,
  },
  {
    sid: 'premium-monthly-comeback',
    name: period(premium, MONTH),
    period: 'monthly',
    priceCents: 999,
    features: ['fullCatalog', 'uhd', 'fullPreviews', 'downloads', 'cancelAnytime'],
    dailyDownloadLimit: 10,
    visibility: 'unlisted',
  },
]

/** Inserts the demo plans. */
export async function seedPlans(em: EntityManager): Promise<Plan[]> {
  const plans = DEMO_PLANS.map((seed, index) =>
    em.create(Plan, {
      sid: seed.sid,
      name: seed.name,
      period: seed.period,
      priceCents: seed.priceCents,
      currency: 'EUR',
      trialDays: seed.trialDays ?? null,
      trialPriceCents: seed.trialDays ? (seed.trialPriceCents ?? 0) : null,
      features: seed.features,
      dailyDownloadLimit: seed.dailyDownloadLimit ?? 0,
      visibility: seed.visibility ?? 'public',
      highlight: seed.highlight ?? false,
      sortOrder: index,
    }),
  )
  await em.flush()
  return plans
}

/** Seeds the plans when the plan table is empty (also on a database seeded before plans existed). */
export async function ensurePlans(em: EntityManager): Promise<number> {
  if ((await em.count(Plan, {})) > 0) return 0
  return (await seedPlans(em)).length
}
