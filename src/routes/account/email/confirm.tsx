import { Loader, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ButtonLink } from '../../../components/links'
import { accountPage } from '../../../features/account/AccountTexts'
import { emailLinkRoute } from '../../../features/account/email-links'
import { linkProblem } from '../../../features/account/link-problem'
import { AuthPanel, FormAlert } from '../../../features/auth/AuthPanel'
import { useMe } from '../../../features/auth/session'
import { translateErrorKey } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'

/** /account/email/confirm?token= — the link mailed to the new address; opens in any browser. */
export const Route = createFileRoute('/account/email/confirm')({
  ...emailLinkRoute,
  component: accountPage(ConfirmEmailPage),
})

/** Uses the link once on arrival: the address changes, or the page says why it cannot. */
function ConfirmEmailPage() {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { token } = Route.useSearch()
  const me = useMe()
  const confirm = useMutation(trpc.account.confirmEmailChange.mutationOptions())
  const [outcome, setOutcome] = useState<{ email: string } | { problem: string } | null>(token ? null : { problem: translateErrorKey('linkInvalid') })
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    confirm.mutateAsync({ token }).then(
      (result) => {
        setOutcome(result)
        void me.refetch()
      },
      (error: unknown) => setOutcome({ problem: linkProblem(error) }),
    )
  }, [token, confirm, me])

  return (
    <AuthPanel title={LL.account.titles.confirmEmail()}>
      {!outcome ? (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text>{LL.account.email.confirming()}</Text>
        </Stack>
      ) : (
        <Stack gap="md">
          {'problem' in outcome ? <FormAlert message={outcome.problem} /> : <Text role="status">{LL.account.email.confirmed({ email: outcome.email })}</Text>}
          {me.data ? (
            <ButtonLink to="/account/email" variant="default">
              {LL.account.email.toAccount()}
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" variant="default">
              {LL.account.email.toLogin()}
            </ButtonLink>
          )}
        </Stack>
      )}
    </AuthPanel>
  )
}
