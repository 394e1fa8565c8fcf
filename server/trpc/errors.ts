import { TRPCError } from '@trpc/server'
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'
import type { TranslationFunctions } from '../../i18n/i18n-types.js'

/** Keys of the `errors` dictionary whose text takes no parameters. */
export type ErrorKey = {
  [K in keyof TranslationFunctions['errors']]: Parameters<TranslationFunctions['errors'][K]>['length'] extends 0 ? K : never
}[keyof TranslationFunctions['errors']]

/**
 * An expected failure with a translated message: the error formatter turns `key` into the
 * caller's language. `params` fill texts that take values (e.g. seconds to wait). `field`
 * names the form field the message belongs to (it then also comes in data.fieldErrors).
 */
export class AppError extends TRPCError {
  readonly key: keyof TranslationFunctions['errors']
  readonly params: Record<string, unknown> | undefined
  readonly field: string | undefined

  constructor(code: TRPC_ERROR_CODE_KEY, key: keyof TranslationFunctions['errors'], params?: Record<string, unknown>, field?: string) {
    super({ code, message: key })
    this.key = key
    this.params = params
    this.field = field
  }
}
