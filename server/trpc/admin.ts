/**
 * The console's procedure kinds. Both refuse everyone but administrators (adminProcedure:
 * 401 for visitors, 403 for other users). `auditedProcedure` is the one kind of console
 * change: it runs the procedure in a transaction and writes the audit entries the procedure
 * reported (ctx.audit) in that same transaction, so a change and its entry commit or roll
 * back together. A change that reports nothing is a bug, and fails (rolled back). What may only
 * happen once the change is committed is handed to ctx.afterCommit.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { writeAuditEntries, type AuditRecord } from '../../core/services/admin/audit.js'
import { adminProcedure, middleware } from './trpc.js'
import type { Context } from './context.js'

/** Thrown to roll the transaction back when the procedure refused; never leaves this module. */
const ROLLBACK = new Error('rollback')

export const auditMiddleware = middleware(async ({ ctx, path, next }) => {
  const user = (ctx as Context).user!
  const records: AuditRecord[] = []
  const audit = (record: AuditRecord) => void records.push(record)
  // What must wait for the commit (telling this process's caches about ended sessions).
  const committed: Array<() => void> = []
  const afterCommit = (effect: () => void) => void committed.push(effect)
  const run = (em: EntityManager) => next({ ctx: { em, audit, afterCommit } })
  let outcome: Awaited<ReturnType<typeof run>> | undefined
  try {
    await ctx.em.transactional(async (tx) => {
      outcome = await run(tx)
      if (!outcome.ok) throw ROLLBACK
      if (records.length === 0) throw new Error(`${path} changed something it did not record in the audit log`)
      await writeAuditEntries(tx, user, path, records, ctx.now)
    })
  } catch (error) {
    if (error !== ROLLBACK) throw error
    return outcome!
  }
  for (const effect of committed) effect()
  return outcome!
})

export const auditedProcedure = adminProcedure.use(auditMiddleware)
export { adminProcedure }
