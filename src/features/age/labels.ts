/** How the age-assurance pages name rules, methods and proof lifetimes, in the page's language. */
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root.js'
import { regionName } from '../../../core/domain/age/regions.js'
import type { Locale } from '../../../core/domain/locale.js'
import type { TranslationFunctions } from '../../../i18n/i18n-types.js'

export type PublicAgeRule = inferRouterOutputs<AppRouter>['age']['rules']['rules'][number]
type RuleShape = Pick<PublicAgeRule, 'id' | 'countries' | 'regions'>

const countryNames = new Map<Locale, Intl.DisplayNames>()

/** A country's name in the locale ('FR' → 'Frankreich'). */
function countryName(code: string, locale: Locale): string {
  let names = countryNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' })
    countryNames.set(locale, names)
  }
  return names.of(code) ?? code
}

/** A rule's place for people: 'France', 'United States (26 states)', 'All other countries'. */
export function ruleLabel(rule: RuleShape, locale: Locale, LL: TranslationFunctions): string {
  if (rule.id === 'local') return LL.age.statement.local()
  if (rule.countries.includes('*')) return LL.age.statement.elsewhere()
  const parts = rule.countries.map((code) => countryName(code, locale))
  const byCountry = new Map<string, string[]>()
  for (const region of rule.regions) byCountry.set(region.slice(0, 2), [...(byCountry.get(region.slice(0, 2)) ?? []), region])
  for (const [country, regions] of byCountry) {
    parts.push(
      regions.length > 3 ? LL.age.statement.regionsOf({ country: countryName(country, locale), count: regions.length }) : regions.map(regionName).join(', '),
    )
  }
  return parts.join(', ')
}

/** A visitor's place: 'Texas, United States', 'France'. */
export function placeLabel(where: { country: string | null; region: string | null }, locale: Locale, LL: TranslationFunctions): string {
  if (!where.country) return LL.age.statement.unknownPlace()
  const country = countryName(where.country, locale)
  return where.region ? `${regionName(where.region)}, ${country}` : country
}

const KIND_KEYS = { dev: 'dev', 'eu-wallet': 'euWallet', oidc: 'oidc', 'session-api': 'sessionApi', card: 'card' } as const

/** What kind of check a method is. */
export function kindLabel(kind: string, LL: TranslationFunctions): string {
  const key = KIND_KEYS[kind as keyof typeof KIND_KEYS]
  return key ? LL.age.verify.kinds[key]() : kind
}

/** How long a proof lasts under a rule, in a table cell. */
export function lastsLabel(proof: PublicAgeRule['proof'], LL: TranslationFunctions): string {
  if (proof.scope === 'visit') return LL.age.statement.visitLasts({ hours: proof.maxHours, idle: proof.idleMinutes })
  const base = proof.maxDays === null ? LL.age.statement.accountOnce() : LL.age.statement.accountLasts({ days: proof.maxDays })
  return proof.loginEachVisit ? `${base}, ${LL.age.statement.loginEachVisit()}` : base
}

/** How long a proof lasts under a rule, as sentences for the visitor about to verify. */
export function scopeSentences(proof: PublicAgeRule['proof'], LL: TranslationFunctions): string[] {
  if (proof.scope === 'visit') return [LL.age.verify.scope.visit({ idle: proof.idleMinutes, hours: proof.maxHours })]
  return [
    proof.maxDays === null ? LL.age.verify.scope.accountOnce() : LL.age.verify.scope.account({ days: proof.maxDays }),
    ...(proof.loginEachVisit ? [LL.age.verify.scope.loginEachVisit()] : []),
  ]
}
