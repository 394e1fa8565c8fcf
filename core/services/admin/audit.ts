import type { EntityManager } from '@mikro-orm/postgresql'
import { AuditEntry } from '../../db/entities/index.js'

/** One row a console change touched: its kind and id, and its state before and after. */
export interface AuditRecord {
  targetType: string
  targetId: string | number | null
  before: unknown
  after: unknown
}

export interface AuditActor {
  id: number
  email: string
}

/** Writes the entries of one console change (call it inside the change's transaction). */
export async function writeAuditEntries(em: EntityManager, actor: AuditActor, action: string, records: AuditRecord[], at: Date): Promise<void> {
  for (const record of records) {
    em.create(AuditEntry, {
      user: actor.id,
      userEmail: actor.email,
      createdAt: at,
      action,
      targetType: record.targetType,
      targetId: record.targetId === null ? null : String(record.targetId),
      before: record.before ?? null,
      after: record.after ?? null,
    })
  }
  await em.flush()
}

const AUDIT_PAGE_SIZE = 50

/** The newest entries first, a page at a time, optionally of one target. */
export async function listAuditEntries(em: EntityManager, query: { page: number; targetType?: string; targetId?: string }) {
  const where = {
    ...(query.targetType ? { targetType: query.targetType } : {}),
    ...(query.targetId ? { targetId: query.targetId } : {}),
  }
  const [rows, total] = await em.findAndCount(AuditEntry, where, {
    orderBy: { id: 'desc' },
    limit: AUDIT_PAGE_SIZE,
    offset: (query.page - 1) * AUDIT_PAGE_SIZE,
  })
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      userEmail: row.userEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
    })),
    meta: { total, page: query.page, lastPage: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) },
  }
}
