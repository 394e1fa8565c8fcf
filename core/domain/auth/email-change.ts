/**
 * A change of address (docs/accounts.md, "Changing the address"): the link to the new address
 * works for a day; once it is used the address changes, and the old address gets a notice with
 * a link that undoes the change for 7 days. Meanwhile the old address stays reserved for its
 * owner: nobody else can sign up with it or move an account to it.
 */
const DAY_MS = 86_400_000

export const EMAIL_CHANGE_CONFIRM_MS = DAY_MS
export const EMAIL_CHANGE_UNDO_MS = 7 * DAY_MS

export interface EmailChangeFacts {
  expiresAt: Date
  confirmedAt?: Date | null
  undoUntil?: Date | null
  undoneAt?: Date | null
}

/** Why a confirmation link cannot be used now (keys of the `errors` dictionary), or null. */
export function confirmProblem(change: EmailChangeFacts | null, now: Date): 'linkInvalid' | 'linkUsed' | 'linkExpired' | null {
  if (!change) return 'linkInvalid'
  if (change.confirmedAt || change.undoneAt) return 'linkUsed'
  if (change.expiresAt.getTime() <= now.getTime()) return 'linkExpired'
  return null
}

/** Why an undo link cannot be used now, or null. */
export function undoProblem(change: EmailChangeFacts | null, now: Date): 'linkInvalid' | 'linkUsed' | 'linkExpired' | null {
  if (!change || !change.confirmedAt || !change.undoUntil) return 'linkInvalid'
  if (change.undoneAt) return 'linkUsed'
  if (change.undoUntil.getTime() <= now.getTime()) return 'linkExpired'
  return null
}
