import { raw } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { EmailChange, User } from '../../db/entities/index.js'

/**
 * The account an address is held for after it changed away from it: while its undo link works
 * (7 days), the old address stays reserved for its owner (core/domain/auth/email-change.ts).
 */
export async function reservedAddressOwner(em: EntityManager, email: string, now: Date): Promise<User | null> {
  const change = await em.findOne(
    EmailChange,
    { [raw('lower(old_email)')]: email.trim().toLowerCase(), undoneAt: null, undoUntil: { $gt: now } },
    { populate: ['user'], orderBy: { id: 'desc' } },
  )
  return change?.user ?? null
}
