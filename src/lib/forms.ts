/**
 * Forms validated by the same zod schema the server's tRPC input uses (one schema per
 * payload, defined once in core/domain/schemas). Schema messages are keys of the
 * `errors` dictionary; the form shows them translated, and the server answers with the
 * same keys already translated (fieldErrors), which `applyServerErrors` puts on the fields.
 */
import { schemaResolver, useForm, type UseFormInput } from '@mantine/form'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { TRPCClientError } from '@trpc/client'
import { errorFunction } from '../../core/domain/errors.js'
import { fieldErrorsOf } from './trpc'
import { translations } from './locale'
import { showError, TOAST_MS } from './toasts'

type Values = Record<string, unknown>

/** Translates an error key of the `errors` dictionary (or a namespace's, `account.errors.x`); unknown text is shown as it is. */
export function translateErrorKey(key: string, params?: object): string {
  const text = errorFunction(translations() as unknown as Record<string, unknown>, key)
  return text ? text(params as Record<string, unknown>) : key
}

export function useSchemaForm<T extends Values>(schema: StandardSchemaV1, options: Omit<UseFormInput<T>, 'validate'>) {
  const resolve = schemaResolver(schema, { sync: true })
  return useForm<T>({
    mode: 'controlled',
    validateInputOnBlur: true,
    ...options,
    validate: (values) => {
      const errors = resolve(values)
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, key ? translateErrorKey(String(key as string)) : key]))
    },
  })
}

/** Shows the server's field messages (already translated) on the form; true when there were any. */
export function applyServerErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown): boolean {
  const fieldErrors = fieldErrorsOf(error)
  if (!Object.keys(fieldErrors).length) return false
  form.setErrors(fieldErrors)
  return true
}

/**
 * A failed form submission: field messages go onto the fields; any other expected
 * failure (e.g. too many attempts) shows its translated message as an error toast.
 * Unexpected failures already get the generic toast from the query client.
 */
export function showSubmitError(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown): void {
  if (applyServerErrors(form, error)) return
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined
  if (error instanceof TRPCClientError && code && code !== 'INTERNAL_SERVER_ERROR') {
    showError(error.message, translations().errors.genericTitle(), TOAST_MS.long)
  }
}

/**
 * Options for forms whose fields are checked when the form is sent, not when a field is
 * left: a message appearing on blur shifts the layout under the pointer, so the click on
 * the next field or button is lost. After a failed send the first wrong field takes the
 * focus; a field's message goes away as it is corrected.
 */
export const validateOnSubmit = { validateInputOnBlur: false, clearInputErrorOnChange: true } as const

export function focusFirstError(form: { getInputNode: (path: string) => HTMLElement | null }) {
  return (errors: Record<string, unknown>) => {
    const first = Object.keys(errors).find((path) => errors[path])
    if (first) form.getInputNode(first)?.focus()
  }
}
