/**
 * Input hygiene in one place: every string of every input schema is built with `text()`, which
 * refuses what PostgreSQL cannot store: the NUL character (text and jsonb both refuse it; the
 * driver reports "invalid message format", a 500 before this check) and UTF-16 surrogates that
 * are not part of a pair (not Unicode scalar values: jsonb refuses them, text would silently
 * store U+FFFD instead). The refusal is a 400 with the `invalidCharacters` message, in the
 * reader's language, before any other message of the field.
 */
import { z } from 'zod'

/** The message key (of the i18n `errors` dictionary) of the refusal. */
export const INVALID_CHARACTERS = 'invalidCharacters'

// eslint-disable-next-line no-control-regex -- control characters are what this rule refuses
const SUSPECT = /[\u0000\uD800-\uDFFF]/

/** True when PostgreSQL can store the string unchanged: no NUL, surrogates only in pairs. */
export function isStorableText(value: string): boolean {
  if (!SUSPECT.test(value)) return true
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code === 0) return false
    if (code >= 0xdc00 && code <= 0xdfff) return false
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false
      i++
    }
  }
  return true
}

/** A string input (`z.string(message)`) that refuses characters PostgreSQL cannot store. */
export function text(message?: string) {
  return z.string(message).refine(isStorableText, { message: INVALID_CHARACTERS, abort: true })
}

/**
 * Whether a validation issue is this refusal: the issue itself, or a union none of whose
 * options took the value where one refused it for its characters (a union reports only
 * "invalid input" of its own).
 */
export function refusesCharacters(issue: z.core.$ZodIssue): boolean {
  if (issue.message === INVALID_CHARACTERS) return true
  return issue.code === 'invalid_union' && issue.errors.some((option) => option.some(refusesCharacters))
}
