import { z } from 'zod'
import { LOCALES } from '../locale.js'
import { refusesCharacters, text } from './text.js'

/**
 * The optional metadata file content ops put beside a source (JSON). Texts are per locale,
 * or one string used for every locale's fallback; models and the category are named by id,
 * by name (models) or by slug (categories).
 */
const localizedText = z.union([
  text().trim().min(1).max(2000),
  z.partialRecord(z.enum(LOCALES), text().trim().min(1).max(10000)).refine((value) => Object.keys(value).length > 0, 'needs at least one language'),
])

const ingestMetaSchema = z
  .object({
    title: localizedText.optional(),
    description: localizedText.optional(),
    models: z
      .array(z.union([z.number().int().positive(), text().trim().min(1).max(120)]))
      .max(20)
      .default([]),
    category: z
      .union([z.number().int().positive(), text().trim().min(1).max(96)])
      .nullable()
      .optional(),
    publish_at: z.iso.datetime({ offset: true }).nullable().optional(),
    downloadable: z.boolean().optional(),
  })
  .strict()

export type IngestMeta = z.infer<typeof ingestMetaSchema>

/** Parses a metadata file's text; the error is one line per problem, naming the field. */
export function parseIngestMeta(text: string): { ok: true; meta: IngestMeta } | { ok: false; error: string } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: `not valid JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  const parsed = ingestMetaSchema.safeParse(json)
  if (parsed.success) return { ok: true, meta: parsed.data }
  return {
    ok: false,
    error: parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(file)'}: ${refusesCharacters(issue) ? 'contains a NUL character or an unpaired surrogate' : issue.message}`)
      .join('; '),
  }
}
