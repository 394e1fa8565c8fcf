/**
 * When a proof of age counts under a rule (pure; the store is core/services/age/proofs.ts).
 * A proof holds only what the issue allows: over 18, the method and its provider, whether the
 * method was double-anonymous, the policy version, when it was made and when it lapses.
 */
import type { AgeRule, ProofScope } from './policy.js'

export interface AgeProof {
  scope: ProofScope
  over18: true
  /** The configured method's id, and its kind. */
  method: string
  methodKind: string
  provider: string
  doubleAnonymous: boolean
  policyVersion: string
  verifiedAt: Date
  /** null: does not lapse (a rule that checks once). */
  expiresAt: Date | null
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** When a proof made now under the rule lapses (a visit's proof then slides with activity, see `slidVisitExpiry`). */
export function proofExpiry(rule: AgeRule, now: Date): Date | null {
  const proof = rule.proof
  if (proof.scope === 'visit') return new Date(now.getTime() + Math.min(proof.idleMinutes * MINUTE, proof.maxHours * HOUR))
  return proof.maxDays === null ? null : new Date(now.getTime() + proof.maxDays * DAY)
}

/**
 * A visit's proof after activity at `now`: idle time starts again, up to the rule's longest
 * life; null when it need not be written yet (less than a minute gained).
 */
export function slidVisitExpiry(rule: AgeRule, proof: Pick<AgeProof, 'verifiedAt' | 'expiresAt'>, now: Date): Date | null {
  if (rule.proof.scope !== 'visit' || !proof.expiresAt) return null
  const next = Math.min(now.getTime() + rule.proof.idleMinutes * MINUTE, proof.verifiedAt.getTime() + rule.proof.maxHours * HOUR)
  return next - proof.expiresAt.getTime() >= MINUTE ? new Date(next) : null
}

export interface ProofContext {
  now: Date
  /** The method (by id and kind) is one the rule accepts. */
  accepted: boolean
  /** When the caller's session was signed in, if it was signed in during this visit (rules with loginEachVisit). */
  signedInThisVisitAt: Date | null
}

/** Whether the proof lets this visitor see what the rule hides. */
export function proofCounts(rule: AgeRule, proof: AgeProof, { now, accepted, signedInThisVisitAt }: ProofContext): boolean {
  if (!accepted || !proof.over18 || proof.scope !== rule.proof.scope) return false
  if (proof.expiresAt && proof.expiresAt.getTime() <= now.getTime()) return false
  if (rule.proof.scope === 'visit') return now.getTime() - proof.verifiedAt.getTime() < rule.proof.maxHours * HOUR
  // An account's proof: younger than the rule's re-check interval (the rule may be stricter now than when it was made)…
  if (rule.proof.maxDays !== null && now.getTime() - proof.verifiedAt.getTime() >= rule.proof.maxDays * DAY) return false
  // …and, where every visit needs an authentication, only in a session signed in during this visit.
  if (rule.proof.loginEachVisit) {
    return signedInThisVisitAt !== null && now.getTime() - signedInThisVisitAt.getTime() < rule.proof.visitHours * HOUR
  }
  return true
}
