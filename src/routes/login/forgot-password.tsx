import { Button, Stack, Text, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { forgotPasswordSchema } from '../../../core/domain/schemas/auth.js'
import { AnchorLink } from '../../components/anchor-links'
import { AuthPanel, EmailRequestForm } from '../../features/auth/AuthPanel'
import { useEmailRequest } from '../../features/auth/use-email-request'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { staticHead } from '../../lib/seo'

export const Route = createFileRoute('/login/forgot-password')({
  head: staticHead('forgotPassword', { noindex: true }),
  component: ForgotPasswordPage,
})

/** The form, then a check-your-inbox confirmation whose request-again action returns to it. */
function ForgotPasswordPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const forgot = useMutation(trpc.auth.forgotPassword.mutationOptions())
  const request = useEmailRequest({ schema: forgotPasswordSchema, send: forgot.mutateAsync })

  if (request.sentTo) {
    return (
      <AuthPanel title={LL.auth.forgot.title()}>
        <Stack gap="md" role="status">
          <Title order={2} fz="lg">
            {LL.auth.forgot.sentTitle()}
          </Title>
          <Text>{LL.auth.forgot.sentText({ email: request.sentTo })}</Text>
          <Button variant="light" onClick={request.askAgain}>
            {LL.auth.forgot.again()}
          </Button>
        </Stack>
      </AuthPanel>
    )
  }

  return (
    <AuthPanel title={LL.auth.forgot.title()}>
      <EmailRequestForm intro={LL.auth.forgot.intro()} submit={LL.auth.forgot.submit()} pending={forgot.isPending} {...request.fields}>
        <AnchorLink to="/login" size="sm" ta="center">
          {LL.auth.forgot.backToLogin()}
        </AnchorLink>
      </EmailRequestForm>
    </AuthPanel>
  )
}
