/**
 * The age-assurance answer of a request, computed once before any route runs: where the
 * visitor is (locate.ts) → the policy's rule → a proof it accepts (proofs.ts) → AgeAccess.
 * Open and block rules need no proof, and a visitor without an age or session cookie has
 * none, so most requests cost a header read or one in-memory database lookup (a microsecond).
 */
import type { AgeAccess, Jurisdiction } from '../../domain/age/access.js'
import { decideAccess, needsProof } from '../../domain/age/decision.js'
import { NO_JURISDICTION_RULE, ruleFor, type AgePolicy, type AgeRule } from '../../domain/age/policy.js'
import type { VisitorLocator } from './locate.js'

type Headers = Record<string, string | string[] | undefined>
export type Cookies = Record<string, string | undefined>

/** Whether the request holds a proof of age the rule accepts. */
export interface ProofCheck {
  verified(rule: AgeRule, cookies: Cookies, now: Date): boolean | Promise<boolean>
}

const NO_PROOFS: ProofCheck = { verified: () => false }

export class AgeAccessResolver {
  /** Rules by place: a few hundred entries at most (countries and US states). */
  private readonly rulesByPlace = new Map<string, AgeRule>()
  private readonly rulesById: Map<string, AgeRule>

  constructor(
    readonly policy: AgePolicy,
    private readonly locator: Pick<VisitorLocator, 'locate'>,
    private readonly proofs: ProofCheck = NO_PROOFS,
  ) {
    this.rulesById = new Map([...policy.rules, NO_JURISDICTION_RULE].map((rule) => [rule.id, rule]))
  }

  resolve(ip: string, headers: Headers, cookies: Cookies, now: Date = new Date()): AgeAccess | Promise<AgeAccess> {
    const where = this.locator.locate(ip, headers)
    return where instanceof Promise ? where.then((found) => this.decide(found, cookies, now)) : this.decide(where, cookies, now)
  }

  /** The rule for a place (a loopback visitor with no configured jurisdiction gets the open NO_JURISDICTION_RULE). */
  ruleOf(where: Jurisdiction): AgeRule {
    if (where.source === 'local' && where.country === null) return NO_JURISDICTION_RULE
    const key = `${where.country ?? ''}|${where.region ?? ''}`
    let rule = this.rulesByPlace.get(key)
    if (!rule) {
      rule = ruleFor(this.policy, where)
      this.rulesByPlace.set(key, rule)
    }
    return rule
  }

  /** A rule of the policy by id ('local' included); undefined for an id it does not have. */
  rule(id: string | undefined): AgeRule | undefined {
    return id === undefined ? undefined : this.rulesById.get(id)
  }

  private decide(where: Jurisdiction, cookies: Cookies, now: Date): AgeAccess | Promise<AgeAccess> {
    const rule = this.ruleOf(where)
    if (!needsProof(rule)) return decideAccess(rule, where, false)
    const verified = this.proofs.verified(rule, cookies, now)
    return verified instanceof Promise ? verified.then((yes) => decideAccess(rule, where, yes)) : decideAccess(rule, where, verified)
  }
}
