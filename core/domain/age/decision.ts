/**
 * The answer of one request: the rule of the visitor's jurisdiction and whether they hold a
 * proof it accepts → what the request may see (AgeAccess, read by pages, procedures and media).
 */
import type { AgeAccess, Jurisdiction } from './access.js'
import type { AgeRule } from './policy.js'

export function decideAccess(rule: AgeRule, jurisdiction: Jurisdiction, verified: boolean): AgeAccess {
  const outcome = rule.outcome
  return {
    outcome,
    jurisdiction,
    verified: verified && outcome !== 'block',
    // Open: the click-through gate decides in the browser. Block: nothing, verified or not.
    explicitAllowed: outcome === 'open' || (outcome !== 'block' && verified),
    rule: rule.id,
  }
}

/** Rules whose visitors may need a proof looked up (open and block never do). */
export function needsProof(rule: AgeRule): boolean {
  return rule.outcome === 'blur' || rule.outcome === 'front'
}
