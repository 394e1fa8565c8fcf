import { defineEntity, p } from '@mikro-orm/core'
import { timeOfInsert } from './properties.js'
import { User } from './user.js'

/**
 * One change made in the operations console: who (the user, and their address at the time,
 * kept when the account is gone), when, what (the procedure and the row it touched), and the
 * row's state before and after as JSON. Written in the transaction of the change itself
 * (server/trpc/admin.ts), so a change without its entry cannot commit.
 */
const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    userEmail: p.string().length(320),
    createdAt: timeOfInsert().index(),
    /** The admin procedure, e.g. `admin.pipeline.retry`. */
    action: p.string().length(120),
    /** What was changed: the kind of row and its id. */
    targetType: p.string().length(60),
    targetId: p.string().length(120).nullable(),
    before: p.json<unknown>().nullable(),
    after: p.json<unknown>().nullable(),
  },
  indexes: [{ properties: ['targetType', 'targetId'] }],
})
export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry)
