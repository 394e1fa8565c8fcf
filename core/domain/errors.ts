import type { TranslationFunctions } from '../../i18n/i18n-types.js'

/** What kind of expected failure it is; each transport maps it to its own status (server/trpc/errors.ts, the HTTP error handler). */
export type FailureKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS'

/** A key of the `errors` dictionary: the translated text the caller sees. */
export type ErrorKey = keyof TranslationFunctions['errors']

/**
 * An expected failure of a use case, with the dictionary key of its message: the transport
 * translates `key` into the caller's language. `params` fill texts that take values (e.g.
 * seconds to wait). `field` names the form field the message belongs to.
 */
export class AppError extends Error {
  constructor(
    readonly code: FailureKind,
    readonly key: ErrorKey,
    readonly params?: Record<string, unknown>,
    readonly field?: string,
  ) {
    super(key)
    this.name = 'AppError'
  }
}

/** The HTTP status of each kind of failure. */
export const HTTP_STATUS: Record<FailureKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
}
