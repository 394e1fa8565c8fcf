import type { EntityManager } from '@mikro-orm/postgresql'
import { IsolationLevel } from '@mikro-orm/core'
import type { Locale } from '../../domain/locale.js'
import { EXPORT_SECTIONS, type ExportSection } from './export-sections.js'

/** The identity of the file's format (docs/accounts.md, "The export file"). */
const EXPORT_FORMAT = 'streamclub-account-export'
const EXPORT_VERSION = 1

export interface AccountExport {
  format: typeof EXPORT_FORMAT
  version: number
  exportedAt: string
  sections: Record<string, unknown>
}

/**
 * Everything the site keeps about a member, section by section, read in one read-only snapshot
 * (repeatable read): the file a member downloads from "Your data".
 */
export async function exportAccountData(
  em: EntityManager,
  subject: { userId: number; locale: Locale },
  now: Date,
  sections: readonly ExportSection[] = EXPORT_SECTIONS,
): Promise<AccountExport> {
  const read = await em.fork().transactional(
    async (tx) => {
      const out: Record<string, unknown> = {}
      for (const section of sections) out[section.key] = await section.read(tx, subject)
      return out
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  )
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), sections: read }
}

/** The download's file name: streamclub-data-2026-11-28.json. */
export function exportFileName(now: Date): string {
  return `streamclub-data-${now.toISOString().slice(0, 10)}.json`
}
