import { Button, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { optionalText } from '../../lib/search-params'
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '../../../core/domain/schemas/auth.js'
import { AnchorLink } from '../../components/anchor-links'
import { AuthPanel, FormAlert } from '../../features/auth/AuthPanel'
import { NewPasswordField } from '../../features/auth/PasswordField'
import { refreshAfterLogin } from '../../features/auth/session'
import { useServerSubmit } from '../../features/auth/use-server-submit'
import { translateErrorKey, useSchemaForm } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'
import { staticHead } from '../../lib/seo'

/** /login/reset-password?token=&email= — either one missing sends to forgot-password. */
export const Route = createFileRoute('/login/reset-password')({
  head: staticHead('resetPassword', { noindex: true }),
  validateSearch: v.object({ token: optionalText(200), email: optionalText(320) }),
  beforeLoad: ({ search }) => {
    if (!search.token || !search.email) throw redirect({ to: '/login/forgot-password', replace: true })
  },
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { token = '', email = '' } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions())
  const form = useSchemaForm<{ email: string; token: string; password: string }>(resetPasswordSchema, {
    initialValues: { email, token, password: '' },
  })

  // The token and email come from the link: a problem with them is a problem with the link.
  const linkProblem = form.errors.token || form.errors.email ? translateErrorKey('linkInvalid') : null

  const { message, onSubmit } = useServerSubmit(form, reset.mutateAsync, async () => {
    showSuccess(LL.auth.reset.success())
    await refreshAfterLogin({ queryClient, trpc })
    // The user is logged in now: the login-area gate takes them home.
    await router.invalidate()
  })

  return (
    <AuthPanel title={LL.auth.reset.title()}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{LL.auth.reset.intro({ email })}</Text>
          <FormAlert message={message ?? linkProblem}>
            <div>
              <AnchorLink to="/login/forgot-password" size="sm">
                {LL.auth.reset.requestNew()}
              </AnchorLink>
            </div>
          </FormAlert>
          <NewPasswordField label={LL.auth.reset.newPassword()} minLength={PASSWORD_MIN_LENGTH} {...form.getInputProps('password')} />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {LL.auth.reset.submit()}
          </Button>
        </Stack>
      </form>
    </AuthPanel>
  )
}
