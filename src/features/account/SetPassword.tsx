import { Stack, Text } from '@mantine/core'
import { AccountSubmit } from './AccountFrame'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { setPasswordSchema } from '../../../core/domain/schemas/account.js'
import { applyServerErrors, useSchemaForm } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { expectedErrorMessage, FormAlert } from '../auth/AuthPanel'
import { NewPasswordField } from '../auth/PasswordField'
import { useRecentAuth } from './ConfirmIdentity'

/** A passkey-only account sets a password again, after a fresh proof of identity (a passkey). */
export function SetPassword({ onSet }: { onSet: () => Promise<unknown> }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const setPassword = useMutation(trpc.account.setPassword.mutationOptions())
  const { withRecentAuth, dialog } = useRecentAuth()
  const [message, setMessage] = useState<string | null>(null)
  const form = useSchemaForm<{ newPassword: string }>(setPasswordSchema, { initialValues: { newPassword: '' } })

  const onSubmit = form.onSubmit(async (values) => {
    setMessage(null)
    try {
      if ((await withRecentAuth(() => setPassword.mutateAsync(values))) === null) return
    } catch (error) {
      if (!applyServerErrors(form, error)) setMessage(expectedErrorMessage(error))
      return
    }
    form.reset()
    showSuccess(LL.account.setPassword.success())
    await onSet()
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="set-password-title">
      {dialog}
      <Stack gap="sm">
        <Text fw={600} id="set-password-title">
          {LL.account.setPassword.title()}
        </Text>
        <Text>{LL.account.setPassword.intro()}</Text>
        <FormAlert message={message} />
        <NewPasswordField label={LL.account.setPassword.newPassword()} {...form.getInputProps('newPassword')} />
        <AccountSubmit pending={setPassword.isPending}>{LL.account.setPassword.submit()}</AccountSubmit>
      </Stack>
    </form>
  )
}
