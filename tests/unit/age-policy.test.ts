import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../core/config.js'
import { DEFAULT_AGE_POLICY, US_AGE_VERIFICATION_STATES } from '../../core/domain/age/default-policy.js'
import { decideAccess } from '../../core/domain/age/decision.js'
import {
  acceptsMethod,
  AgePolicyError,
  NO_JURISDICTION_RULE,
  parseAgePolicy,
  regionCountries,
  ruleFor,
  unknownLocationRule,
} from '../../core/domain/age/policy.js'
import { proofCounts, proofExpiry, slidVisitExpiry, type AgeProof } from '../../core/domain/age/proof.js'
import { US_STATES, usRegionOf } from '../../core/domain/age/regions.js'

const at = (country: string | null, region: string | null = null) => ({ country, region })
const rule = (id: string) => DEFAULT_AGE_POLICY.rules.find((candidate) => candidate.id === id)!

describe('the default age policy, as data', () => {
  it('covers Germany, France, Italy, Spain, the United Kingdom and the US states with statutes', () => {
    expect(ruleFor(DEFAULT_AGE_POLICY, at('DE')).id).toBe('de')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('FR')).id).toBe('fr')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('IT')).id).toBe('it')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('ES')).id).toBe('es')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('GB')).id).toBe('gb')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('US', 'US-TX')).id).toBe('us-av-states')
    expect(US_AGE_VERIFICATION_STATES).toHaveLength(26)
    for (const region of US_AGE_VERIFICATION_STATES) expect(Object.values(US_STATES)).toContain(region.slice(3))
  })

  it('gives each jurisdiction the outcome, methods and proof its law asks for', () => {
    // France and Italy: a blurred tour, double anonymity offered, a proof per visit (Italy: 45 minutes idle).
    expect(rule('fr')).toMatchObject({ outcome: 'blur', doubleAnonymity: true, proof: { scope: 'visit' } })
    expect(rule('it')).toMatchObject({ outcome: 'blur', doubleAnonymity: true, proof: { scope: 'visit', idleMinutes: 45 } })
    // Germany: a closed user group, identified once, a sign-in at every visit.
    expect(rule('de')).toMatchObject({ outcome: 'blur', proof: { scope: 'account', maxDays: null, loginEachVisit: true } })
    // The UK: nothing before the check; credit cards count there, not in France.
    expect(rule('gb')).toMatchObject({ outcome: 'front', proof: { scope: 'account', maxDays: 365 } })
    expect(acceptsMethod(rule('gb'), { id: 'card', kind: 'card' })).toBe(true)
    expect(acceptsMethod(rule('fr'), { id: 'card', kind: 'card' })).toBe(false)
    expect(rule('us-av-states').outcome).toBe('front')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('NL')).outcome).toBe('open')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('US', 'US-CA')).outcome).toBe('open')
    // Every rule that hides something accepts at least one method, and cites its law.
    for (const candidate of DEFAULT_AGE_POLICY.rules.filter((r) => r.outcome !== 'open')) {
      expect(candidate.methods.length, candidate.id).toBeGreaterThan(0)
      expect(candidate.law?.name, candidate.id).toBeTruthy()
    }
  })

  it('gives an unknown public location the strictest rule, and a US visitor of an unknown state the strictest US rule', () => {
    expect(unknownLocationRule(DEFAULT_AGE_POLICY).outcome).toBe('front')
    expect(ruleFor(DEFAULT_AGE_POLICY, at(null)).id).toBe('gb')
    expect(ruleFor(DEFAULT_AGE_POLICY, at('US')).id).toBe('us-av-states')
    expect(regionCountries(DEFAULT_AGE_POLICY)).toEqual(new Set(['US']))
  })
})

describe('policy files', () => {
  const minimal = {
    version: 'v1',
    rules: [
      { id: 'nl', countries: ['NL'], outcome: 'block' },
      { id: 'rest', countries: ['*'], outcome: 'open' },
    ],
  }

  it('take defaults for what they leave out, and match in order', () => {
    const policy = parseAgePolicy(minimal)
    expect(policy.rules[0]).toMatchObject({ methods: [], doubleAnonymity: false, proof: { scope: 'visit', idleMinutes: 60, maxHours: 12 } })
    expect(ruleFor(policy, at('NL')).outcome).toBe('block')
    expect(ruleFor(policy, at('BE')).outcome).toBe('open')
    expect(ruleFor(policy, at(null)).id).toBe('nl')
    expect(ruleFor(parseAgePolicy({ ...minimal, unknown: 'rest' }), at(null)).id).toBe('rest')
  })

  it('are refused with errors that name the rule and the field', () => {
    const bad = {
      version: 'v1',
      rules: [
        { id: 'fr', countries: ['France'], outcome: 'hide', proof: { scope: 'account', maxDays: 0 } },
        { id: 'fr', countries: ['*'], outcome: 'open' },
      ],
    }
    let error: unknown
    try {
      parseAgePolicy(bad, 'policy.json')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AgePolicyError)
    const message = (error as Error).message
    expect(message).toMatch(/^policy\.json is not valid:/)
    expect(message).toContain('rule "fr" (rules[0]).countries.0: must be an ISO 3166-1 alpha-2 code such as FR, or *')
    expect(message).toContain('rule "fr" (rules[0]).outcome')
    expect(message).toContain('rule "fr" (rules[0]).proof.maxDays')
    const twice = {
      version: 'v1',
      rules: [
        { id: 'fr', countries: ['FR'], outcome: 'blur' },
        { id: 'fr', countries: ['*'], outcome: 'open' },
      ],
    }
    expect(() => parseAgePolicy(twice)).toThrow('rule "fr" (rules[1]).id: the id fr is used twice')
    expect(() => parseAgePolicy({ ...minimal, unknown: 'nowhere' })).toThrow(/unknown: names no rule of this policy/)
    expect(() => parseAgePolicy({ ...minimal, rules: [{ id: 'x', outcome: 'open' }] })).toThrow(
      /rule "x" \(rules\[0\]\)\.countries: names no country, region or \*/,
    )
    expect(() => parseAgePolicy({ ...minimal, extra: 1 })).toThrow(AgePolicyError)
  })

  it('replace the default through AGE_POLICY_FILE, checked at start-up', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-policy-'))
    const file = path.join(dir, 'policy.json')
    fs.writeFileSync(file, JSON.stringify(minimal))
    const base = { APP_SECRET: 'x'.repeat(32) }
    expect(loadConfig({ ...base, AGE_POLICY_FILE: file }).age.policy.rules.map((r) => r.id)).toEqual(['nl', 'rest'])
    fs.writeFileSync(file, JSON.stringify({ version: 'v1', rules: [{ id: 'de', countries: ['DE'], outcome: 'front', proof: { scope: 'session' } }] }))
    expect(() => loadConfig({ ...base, AGE_POLICY_FILE: file })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, AGE_POLICY_FILE: file })).toThrow(/rule "de" \(rules\[0\]\)\.proof\.scope/)
    fs.writeFileSync(file, '{ not json')
    expect(() => loadConfig({ ...base, AGE_POLICY_FILE: file })).toThrow(/AGE_POLICY_FILE: cannot read .* as JSON/)
    fs.rmSync(dir, { recursive: true })
  })
})

describe('age settings', () => {
  const base = { APP_SECRET: 'x'.repeat(32) }
  const PUBLIC = { PUBLIC_URL: 'https://club.example.com', SMTP_URL: 'smtp://mail.example.com' }
  const PUBLIC_DEMO = { ...PUBLIC, BILLING_PROVIDER: 'demo', DEMO_CHECKOUT: 'true' }
  const PUBLIC_SEGPAY = {
    ...PUBLIC,
    BILLING_PROVIDER: 'segpay',
    SEGPAY_PACKAGE_ID: '1',
    SEGPAY_PRICE_POINTS: 'basic-monthly=2',
    SEGPAY_POSTBACK_SECRET: 's'.repeat(32),
    SEGPAY_ALLOWED_IPS: '10.0.0.1',
  }
  it('open loopback visitors and run the development provider for a localhost PUBLIC_URL only', () => {
    expect(loadConfig(base).age).toMatchObject({ local: { kind: 'none' }, devProvider: true, policySource: 'default' })
    // A public address is a deployment: a proxy that forwarded nothing gets the strictest rule.
    const deployed = loadConfig({ ...base, ...PUBLIC_SEGPAY }).age
    expect(deployed).toMatchObject({ local: { kind: 'unknown' }, devProvider: false })
    // A public demo site (DEMO_CHECKOUT=true) may run the development check, on purpose only.
    expect(loadConfig({ ...base, ...PUBLIC_DEMO, AGE_DEV_PROVIDER: 'true' }).age.devProvider).toBe(true)
    expect(loadConfig({ ...base, ...PUBLIC_DEMO }).age.devProvider).toBe(false)
    expect(loadConfig({ ...base, AGE_LOCAL_JURISDICTION: 'us-tx' }).age.local).toEqual({ kind: 'place', country: 'US', region: 'US-TX' })
    expect(loadConfig({ ...base, AGE_LOCAL_JURISDICTION: 'FR' }).age.local).toEqual({ kind: 'place', country: 'FR', region: null })
    expect(() => loadConfig({ ...base, AGE_LOCAL_JURISDICTION: 'France' })).toThrow(/AGE_LOCAL_JURISDICTION/)
    expect(() => loadConfig({ ...base, ...PUBLIC_SEGPAY, AGE_DEV_PROVIDER: 'true' })).toThrow(/AGE_DEV_PROVIDER: the development age check says yes to anyone/)
    expect(loadConfig({ ...base, AGE_COUNTRY_HEADERS: 'X-Country, CF-IPCountry' }).age.countryHeaders).toEqual(['x-country', 'cf-ipcountry'])
    expect(() => loadConfig({ ...base, AGE_REGION_HEADERS: 'x region' })).toThrow(/AGE_REGION_HEADERS/)
  })
})

describe('the access decision', () => {
  const where = { country: 'FR', region: null, source: 'header' as const }
  it('allows explicit media where the outcome is open or the visitor is verified, never where it is block', () => {
    expect(decideAccess(rule('elsewhere'), where, false)).toMatchObject({ outcome: 'open', explicitAllowed: true, rule: 'elsewhere' })
    expect(decideAccess(rule('fr'), where, false)).toMatchObject({ outcome: 'blur', verified: false, explicitAllowed: false })
    expect(decideAccess(rule('fr'), where, true)).toMatchObject({ outcome: 'blur', verified: true, explicitAllowed: true })
    expect(decideAccess(rule('gb'), where, false).explicitAllowed).toBe(false)
    const block = parseAgePolicy({ version: 'v', rules: [{ id: 'x', countries: ['*'], outcome: 'block' }] }).rules[0]!
    expect(decideAccess(block, where, true)).toMatchObject({ verified: false, explicitAllowed: false })
    expect(decideAccess(NO_JURISDICTION_RULE, { country: null, region: null, source: 'local' }, false).explicitAllowed).toBe(true)
  })
})

describe('proofs of age', () => {
  const now = new Date('2026-11-28T12:00:00Z')
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000)
  const proof = (over: Partial<AgeProof>): AgeProof => ({
    scope: 'visit',
    over18: true,
    method: 'dev',
    methodKind: 'dev',
    provider: 'dev',
    doubleAnonymous: true,
    policyVersion: 'v',
    verifiedAt: now,
    expiresAt: minutes(60),
    ...over,
  })
  const yes = { now, accepted: true, signedInThisVisitAt: null }

  it('last a visit: idle time slides with activity up to the longest life', () => {
    expect(proofExpiry(rule('it'), now)).toEqual(minutes(45))
    const fresh = proof({ expiresAt: minutes(45) })
    expect(proofCounts(rule('it'), fresh, { ...yes, now: minutes(44) })).toBe(true)
    expect(proofCounts(rule('it'), fresh, { ...yes, now: minutes(46) })).toBe(false)
    expect(slidVisitExpiry(rule('it'), fresh, minutes(30))).toEqual(minutes(75))
    expect(slidVisitExpiry(rule('it'), fresh, now)).toBeNull()
    // Never past maxHours after the check.
    expect(slidVisitExpiry(rule('it'), proof({ expiresAt: minutes(700) }), minutes(690))).toEqual(minutes(720))
    expect(proofCounts(rule('it'), proof({ expiresAt: minutes(800) }), { ...yes, now: minutes(721) })).toBe(false)
  })

  it('count only under a rule of the same scope that accepts the method', () => {
    expect(proofCounts(rule('fr'), proof({}), { ...yes, accepted: false })).toBe(false)
    expect(proofCounts(rule('gb'), proof({}), yes)).toBe(false)
    expect(proofCounts(rule('gb'), proof({ scope: 'account', expiresAt: null }), yes)).toBe(true)
  })

  it('on an account, are checked again after the rule’s interval, and in Germany need a sign-in during this visit', () => {
    const account = proof({ scope: 'account', expiresAt: proofExpiry(rule('gb'), now) })
    expect(proofCounts(rule('gb'), account, { ...yes, now: minutes(364 * 24 * 60) })).toBe(true)
    expect(proofCounts(rule('gb'), account, { ...yes, now: minutes(366 * 24 * 60) })).toBe(false)
    const once = proof({ scope: 'account', expiresAt: proofExpiry(rule('de'), now) })
    expect(once.expiresAt).toBeNull()
    expect(proofCounts(rule('de'), once, yes)).toBe(false)
    expect(proofCounts(rule('de'), once, { ...yes, now: minutes(5 * 365 * 24 * 60), signedInThisVisitAt: minutes(5 * 365 * 24 * 60 - 30) })).toBe(true)
    expect(proofCounts(rule('de'), once, { ...yes, now: minutes(13 * 60), signedInThisVisitAt: now })).toBe(false)
  })
})

describe('US regions', () => {
  it('map the IP database’s state names to ISO 3166-2', () => {
    expect(usRegionOf('Texas')).toBe('US-TX')
    expect(usRegionOf('District of Columbia')).toBe('US-DC')
    expect(usRegionOf('Bavaria')).toBeUndefined()
    expect(Object.keys(US_STATES)).toHaveLength(51)
  })
})
