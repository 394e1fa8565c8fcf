import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'
import { translateErrorKey } from '../../lib/forms'
import { loadNamespaces } from '../../lib/locale'
import { fieldErrorsOf } from '../../lib/trpc'
import { expectedErrorMessage } from '../auth/AuthPanel'

/** The mailed links' query (?token=), bounded like the server's token field. */
export const emailLinkSearch = v.object({ token: optionalText(200) })

/** The mailed links open in any browser, signed in or not: only the `account` texts are needed. */
export function emailLinkArea({ context }: { context: { locale: Parameters<typeof loadNamespaces>[0] } }): Promise<void> {
  return loadNamespaces(context.locale, ['account'])
}

/** A failed link in words: the server's translated reason, or "not valid" for a malformed token. */
export function linkProblem(error: unknown): string {
  return fieldErrorsOf(error).token ?? expectedErrorMessage(error) ?? translateErrorKey('linkInvalid')
}
