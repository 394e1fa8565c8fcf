import { useState } from 'react'
import type { UseFormReturnType } from '@mantine/form'
import { applyServerErrors } from '../../lib/forms'
import { expectedErrorMessage } from './AuthPanel'

/**
 * Submits a validated form to the server: field messages go onto the fields, any other
 * expected failure becomes the form's `message`, and `onSuccess` runs only after success.
 */
export function useServerSubmit<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  send: (values: Values) => Promise<unknown>,
  onSuccess: (values: Values) => unknown,
) {
  const [message, setMessage] = useState<string | null>(null)
  const onSubmit = form.onSubmit(async (values) => {
    setMessage(null)
    try {
      await send(values)
    } catch (error) {
      if (!applyServerErrors(form, error)) setMessage(expectedErrorMessage(error))
      return
    }
    await onSuccess(values)
  })
  return { message, onSubmit }
}
