import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { changeEmailSchema } from '../../../../core/domain/schemas/account.js'
import { AccountFrame, AccountSubmit } from '../../../features/account/AccountFrame'
import { accountPage } from '../../../features/account/AccountTexts'
import { useRecentAuth } from '../../../features/account/ConfirmIdentity'
import { accountRoute } from '../../../features/account/gate'
import { expectedErrorMessage, FormAlert } from '../../../features/auth/AuthPanel'
import { applyServerErrors, useSchemaForm } from '../../../lib/forms'
import { formatDateTime } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { showSuccess } from '../../../lib/toasts'
import { useTRPC } from '../../../lib/trpc'

export const Route = createFileRoute('/account/email/')({
  ...accountRoute('account'),
  component: accountPage(EmailPage),
})

/**
 * The address: the current one, a change waiting for its link (cancel it), and the form that
 * asks for a change (after a fresh proof of identity). The answer is the same whether the new
 * address is free or taken (core/services/auth/email-change.ts).
 */
function EmailPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const queryClient = useQueryClient()
  const state = useQuery(trpc.account.email.queryOptions())
  const request = useMutation(trpc.account.requestEmailChange.mutationOptions())
  const cancel = useMutation(trpc.account.cancelEmailChange.mutationOptions())
  const { withRecentAuth, dialog } = useRecentAuth()
  const [message, setMessage] = useState<string | null>(null)
  const form = useSchemaForm<{ email: string }>(changeEmailSchema, { initialValues: { email: '' } })
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.email.queryKey() })

  const onSubmit = form.onSubmit(async (values) => {
    setMessage(null)
    try {
      const sent = await withRecentAuth(() => request.mutateAsync(values))
      if (!sent) return
      form.reset()
      showSuccess(LL.account.email.sent({ email: sent.sentTo }))
      await refresh()
    } catch (error) {
      if (!applyServerErrors(form, error)) setMessage(expectedErrorMessage(error))
    }
  })

  const onCancel = async () => {
    setMessage(null)
    try {
      await cancel.mutateAsync()
      showSuccess(LL.account.email.cancelled())
      await refresh()
    } catch (error) {
      setMessage(expectedErrorMessage(error))
    }
  }

  const pending = state.data?.pending
  return (
    <AccountFrame title={LL.account.titles.email()} size={560}>
      {dialog}
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          {state.data && <Text fw={600}>{LL.account.email.current({ email: state.data.email })}</Text>}
          {pending && (
            <Group justify="space-between" wrap="wrap" gap="sm" role="status">
              <Text>{LL.account.email.pending({ email: pending.newEmail, date: formatDateTime(pending.expiresAt, locale) })}</Text>
              <Button variant="default" onClick={() => void onCancel()} loading={cancel.isPending}>
                {LL.account.email.cancel()}
              </Button>
            </Group>
          )}
          <Text>{LL.account.email.intro()}</Text>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <FormAlert message={message} />
              <TextInput label={LL.account.email.newEmail()} type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <AccountSubmit pending={request.isPending}>{LL.account.email.submit()}</AccountSubmit>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </AccountFrame>
  )
}
