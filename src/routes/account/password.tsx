import { Paper, Stack } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { changePasswordSchema } from '../../../core/domain/schemas/auth.js'
import { FormAlert } from '../../features/auth/AuthPanel'
import { NewPasswordField, PasswordField } from '../../features/auth/PasswordField'
import { AccountFrame, AccountSubmit } from '../../features/account/AccountFrame'
import { accountPage } from '../../features/account/AccountTexts'
import { accountRoute } from '../../features/account/gate'
import { useServerSubmit } from '../../features/auth/use-server-submit'
import { useSchemaForm } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { showSuccess, TOAST_MS } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

export const Route = createFileRoute('/account/password')({
  ...accountRoute('changePassword'),
  component: accountPage(ChangePasswordPage),
})

/** Spec section 5: current password required, new one at least 8; success clears the form. */
function ChangePasswordPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const change = useMutation(trpc.auth.changePassword.mutationOptions())
  const form = useSchemaForm<{ currentPassword: string; newPassword: string }>(changePasswordSchema, {
    initialValues: { currentPassword: '', newPassword: '' },
  })

  const { message, onSubmit } = useServerSubmit(form, change.mutateAsync, () => {
    form.reset()
    showSuccess(LL.auth.changePassword.success(), undefined, TOAST_MS.short)
  })

  return (
    <AccountFrame title={LL.auth.changePassword.title()} size={560}>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormAlert message={message} />
            <PasswordField label={LL.auth.changePassword.current()} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
            <NewPasswordField label={LL.auth.changePassword.new()} {...form.getInputProps('newPassword')} />
            <AccountSubmit pending={change.isPending}>{LL.auth.changePassword.submit()}</AccountSubmit>
          </Stack>
        </form>
      </Paper>
    </AccountFrame>
  )
}
