import type { SubscriptionFacts } from '../billing/membership.js'
import type { Role } from '../billing/membership.js'

/**
 * Whether an account may be deleted now, given its role and subscriptions:
 *  - `free`: nothing stands in the way;
 *  - `cancelFirst`: a subscription still renews: the member cancels it on the processor's page
 *    first (deleting the account here cannot stop the processor from charging);
 *  - `losesPaidPeriod`: cancelled, but paid until `endsAt`: deleting now gives that time up, so
 *    the member must say so;
 *  - `administrator`: staff accounts are not deleted by their holder: another administrator
 *    takes the role back first (the console's audit log names its administrators).
 */
export type DeletionTerms = { kind: 'free' } | { kind: 'cancelFirst'; renewsAt: Date } | { kind: 'losesPaidPeriod'; endsAt: Date } | { kind: 'administrator' }

export function deletionTerms(role: Role, subscriptions: readonly SubscriptionFacts[], now: Date): DeletionTerms {
  if (role === 'admin') return { kind: 'administrator' }
  const running = subscriptions.filter((s) => s.status === 'active' && s.paidUntil.getTime() > now.getTime())
  const renewing = running.find((s) => s.pendingChange !== 'cancel')
  if (renewing) return { kind: 'cancelFirst', renewsAt: renewing.pendingFrom ?? renewing.paidUntil }
  if (running.length) return { kind: 'losesPaidPeriod', endsAt: new Date(Math.max(...running.map((s) => s.paidUntil.getTime()))) }
  return { kind: 'free' }
}
