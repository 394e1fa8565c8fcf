/**
 * The age-assurance policy: ordered rules per country and region, each giving an outcome
 * (core/domain/age/access.ts), the verification methods accepted there, whether a
 * double-anonymity method must be offered, and how long a proof lasts. The shipped policy is
 * default-policy.ts; a file named by AGE_POLICY_FILE replaces it (docs/age-assurance.md).
 *
 * Matching: the first rule that names the visitor's region (ISO 3166-2, 'US-TX') or country
 * (ISO 3166-1 alpha-2, 'FR'), or '*', decides. A location the server cannot place gets the
 * rule named by `unknown`, else the strictest rule (the first with the strictest outcome).
 * A country whose region is unknown while some rule names regions of it gets the strictest of
 * the rules that could apply there.
 */
import { z } from 'zod'
import { AGE_OUTCOMES, type AgeOutcome, type Jurisdiction } from './access.js'

export type ProofScope = 'visit' | 'account'

const COUNTRY = /^[A-Z]{2}$/
const REGION = /^[A-Z]{2}-[A-Z0-9]{1,3}$/

/** How long a proof lasts under a rule. */
const proofSchema = z.discriminatedUnion('scope', [
  z
    .object({
      /** This browser session only, never tied to an account (Arcom's and AGCOM's "each access"). */
      scope: z.literal('visit'),
      /** The proof lapses after this long without a request (AGCOM: 45 minutes). */
      idleMinutes: z
        .number()
        .int()
        .min(5)
        .max(24 * 60)
        .default(60),
      /** …and at the latest this long after the check. */
      maxHours: z
        .number()
        .int()
        .min(1)
        .max(7 * 24)
        .default(12),
    })
    .strict(),
  z
    .object({
      /** Kept on the account: the visitor signs in (or up) before the check. */
      scope: z.literal('account'),
      /** Checked again after this many days; null: once is enough (KJM: "at least once"). */
      maxDays: z.number().int().min(1).max(3650).nullable().default(365),
      /** The proof counts only in a session signed in during this visit (KJM: authentication at every use). */
      loginEachVisit: z.boolean().default(false),
      /** With loginEachVisit: a sign-in older than this no longer counts as this visit's. */
      visitHours: z.number().int().min(1).max(72).default(12),
    })
    .strict(),
])

const ruleSchema = z
  .object({
    /** Short and stable: used in URLs (/{lang}/age-assurance/{id}), caches and statistics. */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or dashes'),
    countries: z.array(z.union([z.literal('*'), z.string().regex(COUNTRY, 'must be an ISO 3166-1 alpha-2 code such as FR, or *')])).default([]),
    regions: z.array(z.string().regex(REGION, 'must be an ISO 3166-2 code such as US-TX')).default([]),
    outcome: z.enum(AGE_OUTCOMES),
    /** Accepted methods, by kind ('eu-wallet', 'oidc', 'session-api', 'card') or by configured method id. */
    methods: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a method kind or id')).default([]),
    /** At least one double-anonymity method must be offered (Arcom, AGCOM). */
    doubleAnonymity: z.boolean().default(false),
    proof: proofSchema.default({ scope: 'visit', idleMinutes: 60, maxHours: 12 }),
    /** What the statement page cites as the reason. */
    law: z
      .object({ name: z.string().min(1).max(300), url: z.url({ protocol: /^https?$/ }).optional() })
      .strict()
      .optional(),
  })
  .strict()
  .refine((rule) => rule.countries.length + rule.regions.length > 0, { message: 'names no country, region or *', path: ['countries'] })

const agePolicySchema = z
  .object({
    /** Kept with every proof made under the policy (e.g. the date it was adopted). */
    version: z.string().min(1).max(40),
    /** The id of the rule for a public address the server cannot place; default: the strictest rule. */
    unknown: z.string().optional(),
    rules: z.array(ruleSchema).min(1, 'needs at least one rule'),
  })
  .strict()
  .superRefine((policy, ctx) => {
    const seen = new Set<string>()
    policy.rules.forEach((rule, index) => {
      if (seen.has(rule.id)) ctx.addIssue({ code: 'custom', message: `the id ${rule.id} is used twice`, path: ['rules', index, 'id'] })
      seen.add(rule.id)
    })
    if (policy.unknown !== undefined && !seen.has(policy.unknown)) {
      ctx.addIssue({ code: 'custom', message: `names no rule of this policy (${policy.unknown})`, path: ['unknown'] })
    }
  })

export type AgePolicy = z.output<typeof agePolicySchema>
export type AgePolicyInput = z.input<typeof agePolicySchema>
export type AgeRule = AgePolicy['rules'][number]

export class AgePolicyError extends Error {
  override name = 'AgePolicyError'
}

/**
 * The policy from its JSON form, or an AgePolicyError whose lines name the rule (by id and
 * position) and the field of each problem.
 */
export function parseAgePolicy(input: unknown, source = 'the age policy'): AgePolicy {
  const parsed = agePolicySchema.safeParse(input)
  if (parsed.success) return parsed.data
  const rules = (input as { rules?: Array<{ id?: unknown }> } | null)?.rules
  const lines = parsed.error.issues.map((issue) => {
    const [first, index, ...rest] = issue.path
    if (first === 'rules' && typeof index === 'number') {
      const id = Array.isArray(rules) && typeof rules[index]?.id === 'string' ? ` "${rules[index].id}"` : ''
      return `  rule${id} (rules[${index}])${rest.length ? `.${rest.join('.')}` : ''}: ${issue.message}`
    }
    return `  ${issue.path.join('.') || '(the file)'}: ${issue.message}`
  })
  throw new AgePolicyError(`${source} is not valid:\n${lines.join('\n')}`)
}

const RANK: Record<AgeOutcome, number> = { open: 0, blur: 1, front: 2, block: 3 }

function strictest(rules: readonly AgeRule[]): AgeRule {
  let best = rules[0]!
  for (const rule of rules) if (RANK[rule.outcome] > RANK[best.outcome]) best = rule
  return best
}

/** The rule for a public address the server cannot place. */
export function unknownLocationRule(policy: AgePolicy): AgeRule {
  return (policy.unknown && policy.rules.find((rule) => rule.id === policy.unknown)) || strictest(policy.rules)
}

function matchesCountry(rule: AgeRule, country: string): boolean {
  return rule.countries.includes(country) || rule.countries.includes('*')
}

/** The rule that decides for a location (see the file's comment). */
export function ruleFor(policy: AgePolicy, where: Pick<Jurisdiction, 'country' | 'region'>): AgeRule {
  const { country, region } = where
  if (!country) return unknownLocationRule(policy)
  if (region) {
    const rule = policy.rules.find((candidate) => candidate.regions.includes(region) || matchesCountry(candidate, country))
    return rule ?? unknownLocationRule(policy)
  }
  // The region is unknown: every rule for a region of this country could apply, as could the
  // first rule for the country itself.
  const prefix = `${country}-`
  const byRegion = policy.rules.filter((candidate) => candidate.regions.some((code) => code.startsWith(prefix)))
  const byCountry = policy.rules.find((candidate) => matchesCountry(candidate, country))
  const candidates = byCountry ? [...byRegion, byCountry] : byRegion
  if (!candidates.length) return unknownLocationRule(policy)
  // In policy order, so ties go to the earlier rule.
  return strictest(policy.rules.filter((rule) => candidates.includes(rule)))
}

/** Whether a rule accepts a method (named by its kind or its id). */
export function acceptsMethod(rule: Pick<AgeRule, 'methods'>, method: { id: string; kind: string }): boolean {
  return rule.methods.includes(method.id) || rule.methods.includes(method.kind)
}

/**
 * The rule of a visitor from a loopback or private address when the server is told to assume
 * no jurisdiction (AGE_LOCAL_JURISDICTION=none, the default for a localhost PUBLIC_URL): the
 * open outcome, as before age assurance existed. Never part of a policy file.
 */
export const NO_JURISDICTION_RULE: AgeRule = {
  id: 'local',
  countries: [],
  regions: [],
  outcome: 'open',
  methods: [],
  doubleAnonymity: false,
  proof: { scope: 'visit', idleMinutes: 60, maxHours: 12 },
}

/** Countries some rule splits into regions (their visitors need the region looked up). */
export function regionCountries(policy: AgePolicy): Set<string> {
  return new Set(policy.rules.flatMap((rule) => rule.regions.map((region) => region.slice(0, 2))))
}
