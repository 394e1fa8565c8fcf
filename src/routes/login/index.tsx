import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { loginSchema } from '../../../core/domain/schemas/auth.js'
import { AnchorLink } from '../../components/anchor-links'
import { AuthPanel, FormAlert, SwitchLink } from '../../features/auth/AuthPanel'
import { accountPage } from '../../features/account/AccountTexts'
import { PasskeySignIn } from '../../features/account/PasskeySignIn'
import { PasswordField } from '../../features/auth/PasswordField'
import { refreshAfterLogin } from '../../features/auth/session'
import { useServerSubmit } from '../../features/auth/use-server-submit'
import { useSchemaForm } from '../../lib/forms'
import { loadNamespaces, useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/login/')({
  head: staticHead('login', { noindex: true }),
  beforeLoad: ({ context }) => loadNamespaces(context.locale, ['account']),
  component: accountPage(LoginPage),
})

function LoginPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { redirect } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const login = useMutation(trpc.auth.login.mutationOptions())
  const form = useSchemaForm<{ email: string; password: string; remember: boolean }>(loginSchema, {
    initialValues: { email: '', password: '', remember: false },
  })
  const signedIn = async () => {
    await refreshAfterLogin({ queryClient, trpc })
    // The login-area gate now sends the user on: to verify-email, the redirect, or home.
    await router.invalidate()
  }
  const { message, onSubmit } = useServerSubmit(form, login.mutateAsync, signedIn)

  return (
    <AuthPanel title={LL.auth.login.title()}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={message} />
          <TextInput label={LL.auth.email()} type="email" autoComplete="username webauthn" required {...form.getInputProps('email')} />
          <PasswordField label={LL.auth.password()} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Checkbox label={LL.auth.login.remember()} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <AnchorLink to="/login/forgot-password" size="sm">
              {LL.auth.login.forgot()}
            </AnchorLink>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            {LL.auth.login.submit()}
          </Button>
          <PasskeySignIn remember={form.values.remember} onSignedIn={signedIn} />
          <SwitchLink question={LL.auth.login.noAccount()} label={LL.auth.login.signUp()} to="/sign-up" redirect={redirect} />
        </Stack>
      </form>
    </AuthPanel>
  )
}
