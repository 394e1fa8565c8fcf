import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { AccountFrame, AccountSection } from '../../features/account/AccountFrame'
import { accountPage } from '../../features/account/AccountTexts'
import { ConfirmIdentity } from '../../features/account/ConfirmIdentity'
import { accountRoute } from '../../features/account/gate'
import { expectedErrorMessage, FormAlert } from '../../features/auth/AuthPanel'
import { formatDate } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { showSuccess, TOAST_MS } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

export const Route = createFileRoute('/account/privacy')({
  ...accountRoute('account'),
  component: accountPage(PrivacyPage),
})

/** The member's data: download it (server/http/account-export.ts) or delete the account. */
function PrivacyPage() {
  const { LL } = useI18n()
  return (
    <AccountFrame title={LL.account.titles.privacy()}>
      <AccountSection id="export" title={LL.account.privacy.exportTitle()} intro={LL.account.privacy.exportIntro()}>
        <Button component="a" href="/account/export.json" download variant="default" style={{ alignSelf: 'flex-start' }}>
          {LL.account.privacy.exportButton()}
        </Button>
      </AccountSection>
      <DeleteAccount />
    </AccountFrame>
  )
}

function DeleteAccount() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const view = useQuery(trpc.account.deletion.queryOptions())
  const me = useQuery(trpc.account.email.queryOptions())
  const remove = useMutation(trpc.account.deleteAccount.mutationOptions())
  const [confirming, setConfirming] = useState(false)
  const [givesUp, setGivesUp] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  const terms = view.data?.terms
  const date = terms?.date ? formatDate(terms.date, locale, 'long') : ''
  const blocked = terms?.kind === 'administrator' || terms?.kind === 'cancelFirst'

  const onConfirmed = async (confirmed: boolean) => {
    setConfirming(false)
    if (!confirmed) return
    try {
      await remove.mutateAsync({ confirmLosingPaidPeriod: givesUp })
      queryClient.clear()
      showSuccess(LL.account.privacy.deleted(), undefined, TOAST_MS.long)
      await navigate({ to: '/$lang', params: { lang: locale } })
    } catch (error) {
      setMessage(expectedErrorMessage(error))
    }
  }

  return (
    <AccountSection id="delete" title={LL.account.privacy.deleteTitle()} intro={LL.account.privacy.deleteIntro()}>
      <FormAlert message={message} />
      {terms?.kind === 'administrator' && <Alert color="yellow">{LL.account.privacy.administrator()}</Alert>}
      {terms?.kind === 'cancelFirst' && (
        <Alert color="yellow">
          <Stack gap="xs">
            <Text>{LL.account.privacy.cancelFirst({ date })}</Text>
            {view.data?.cancelUrl && (
              <Anchor href={view.data.cancelUrl} target="_blank" rel="noopener noreferrer" underline="always">
                {LL.account.privacy.cancelLink()} {LL.account.privacy.externalHint()}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {terms?.kind === 'losesPaidPeriod' && (
        <Stack gap="xs">
          <Text>{LL.account.privacy.losesPaidPeriod({ date })}</Text>
          <Checkbox label={LL.account.privacy.confirmLosing({ date })} checked={givesUp} onChange={(event) => setGivesUp(event.currentTarget.checked)} />
        </Stack>
      )}
      <Button
        color="red.9"
        style={{ alignSelf: 'flex-start' }}
        disabled={!terms || blocked || (terms.kind === 'losesPaidPeriod' && !givesUp)}
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        {LL.account.privacy.deleteButton()}
      </Button>
      <ConfirmIdentity
        opened={confirming}
        onDone={(confirmed) => void onConfirmed(confirmed)}
        title={LL.account.privacy.dialogTitle()}
        text={LL.account.privacy.dialogText({ email: me.data?.email ?? '' })}
        confirmLabel={LL.account.privacy.confirmDelete()}
        danger
      />
    </AccountSection>
  )
}
