import { translateErrorKey } from '../../lib/forms'
import { fieldErrorsOf } from '../../lib/trpc'
import { expectedErrorMessage } from '../auth/AuthPanel'

/** A failed mailed link in words: the server's translated reason, or "not valid" for a malformed token. */
export function linkProblem(error: unknown): string {
  return fieldErrorsOf(error).token ?? expectedErrorMessage(error) ?? translateErrorKey('linkInvalid')
}
