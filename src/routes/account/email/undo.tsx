import { Button, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { ButtonLink } from '../../../components/links'
import { accountPage } from '../../../features/account/AccountTexts'
import { emailLinkRoute } from '../../../features/account/email-links'
import { linkProblem } from '../../../features/account/link-problem'
import { AuthPanel, FormAlert } from '../../../features/auth/AuthPanel'
import { forgetUser } from '../../../features/auth/session'
import { translateErrorKey } from '../../../lib/forms'
import { useI18n } from '../../../lib/locale'
import { useApi, useTRPC } from '../../../lib/trpc'

/**
 * /account/email/undo?token= — the link in the notice to the previous address. It asks before
 * it acts (the undo ends every session of the account), in any browser, signed in or not.
 */
export const Route = createFileRoute('/account/email/undo')({
  ...emailLinkRoute,
  component: accountPage(UndoEmailPage),
})

function UndoEmailPage() {
  const api = useApi()
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { token } = Route.useSearch()
  const undo = useMutation(trpc.account.undoEmailChange.mutationOptions())
  const [undoneTo, setUndoneTo] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(token ? null : translateErrorKey('linkInvalid'))

  const onUndo = async () => {
    if (!token) return
    setProblem(null)
    try {
      const { email } = await undo.mutateAsync({ token })
      forgetUser(api)
      setUndoneTo(email)
    } catch (error) {
      setProblem(linkProblem(error))
    }
  }

  return (
    <AuthPanel title={LL.account.titles.undoEmail()}>
      <Stack gap="md">
        <FormAlert message={problem} />
        {undoneTo ? (
          <>
            <Text role="status">{LL.account.email.undone({ email: undoneTo })}</Text>
            <ButtonLink to="/login/forgot-password">{LL.account.email.chooseNewPassword()}</ButtonLink>
            <ButtonLink to="/login" variant="default">
              {LL.account.email.toLogin()}
            </ButtonLink>
          </>
        ) : (
          token && (
            <>
              <Text>{LL.account.email.undoIntro()}</Text>
              <Button color="red.9" onClick={() => void onUndo()} loading={undo.isPending} style={{ alignSelf: 'flex-start' }}>
                {LL.account.email.undoSubmit()}
              </Button>
            </>
          )
        )}
      </Stack>
    </AuthPanel>
  )
}
