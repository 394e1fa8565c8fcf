import { useState } from 'react'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { useSchemaForm } from '../../lib/forms'
import { useServerSubmit } from './use-server-submit'

/**
 * The state behind an EmailRequestForm: the address field, the server's answer, and the address
 * a mail went to (null while the form is to be shown). `send` asks the server for the mail;
 * `onSent` runs once it did, with the address as typed (trimmed).
 */
export function useEmailRequest({
  schema,
  email = '',
  sentTo: alreadySentTo = null,
  send,
  onSent,
}: {
  schema: StandardSchemaV1
  email?: string
  sentTo?: string | null
  send: (values: { email: string }) => Promise<unknown>
  onSent?: (email: string) => void
}) {
  const [sentTo, setSentTo] = useState<string | null>(alreadySentTo)
  const form = useSchemaForm<{ email: string }>(schema, { initialValues: { email } })
  const { message, onSubmit } = useServerSubmit(form, send, (values) => {
    const address = values.email.trim()
    setSentTo(address)
    onSent?.(address)
  })
  return { sentTo, askAgain: () => setSentTo(null), fields: { message, onSubmit, email: form.getInputProps('email') } }
}
