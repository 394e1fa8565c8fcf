import type { TranslationFunctions } from '../../i18n/i18n-types.js'

/** What kind of expected failure it is; each transport maps it to its own status (server/trpc/errors.ts, the HTTP error handler). */
export type FailureKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS'

/**
 * The error texts a namespace keeps for itself (`<namespace>.errors.<key>`, e.g.
 * `account.errors.passkeyFailed`), so a feature's messages live with its other texts.
 */
type NamespaceErrorKey = {
  [N in keyof TranslationFunctions]: TranslationFunctions[N] extends { errors: infer E } ? `${N & string}.errors.${keyof E & string}` : never
}[keyof TranslationFunctions]

/** A key of the `errors` dictionary, or of a namespace's errors: the translated text the caller sees. */
export type ErrorKey = keyof TranslationFunctions['errors'] | NamespaceErrorKey

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

type TextFunction = (params?: Record<string, unknown>) => string

/** The text function of an error key in a dictionary: `errors.<key>`, or the path of a namespaced key (`account.errors.x`). */
export function errorFunction(dictionary: Record<string, unknown>, key: string): TextFunction | null {
  const path = key.includes('.') ? key.split('.') : ['errors', key]
  let node: unknown = dictionary
  for (const part of path) {
    // typesafe-i18n's dictionaries are proxies (of functions, too): read the key, but never one of Object's or Function's own.
    const container = node !== null && (typeof node === 'object' || typeof node === 'function')
    node = container && !(part in Object.prototype) && !(part in Function.prototype) ? (node as Record<string, unknown>)[part] : undefined
  }
  return typeof node === 'function' ? (node as TextFunction) : null
}
