import { Button, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { optionalText } from '../lib/search-params'
import { safeRedirect } from '../../server/domain/redirect.js'
import { ButtonLink } from '../components/links'
import { AuthPanel, expectedErrorMessage, FormAlert } from '../features/auth/AuthPanel'
import { verifyEmailArea } from '../features/auth/gates'
import { refreshAfterLogin, useMe } from '../features/auth/session'
import { useCurrentLocale, useI18n } from '../lib/locale'
import { showError, showSuccess } from '../lib/toasts'
import { useTRPC } from '../lib/trpc'
import { staticHead } from '../lib/seo'

/**
 * /verify-email?redirect= — the verify-email area; with ?token=&email= (the mailed link)
 * the address is confirmed first, in any browser, logged in or not.
 */
export const Route = createFileRoute('/verify-email')({
  ssr: false,
  head: staticHead('verifyEmail', { noindex: true }),
  validateSearch: v.object({ redirect: optionalText(2048), token: optionalText(200), email: optionalText(320) }),
  beforeLoad: async ({ context, search, location }) => {
    if (search.token && search.email) return
    await verifyEmailArea({ context, location, search })
  },
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { LL } = useI18n()
  const { token, email } = Route.useSearch()
  return <AuthPanel title={LL.auth.verify.title()}>{token && email ? <ConfirmLink token={token} email={email} /> : <CheckInbox />}</AuthPanel>
}

/** Sign-up success lands here: check your inbox, or have the link sent again. */
function CheckInbox({ problem }: { problem?: string | null }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const me = useMe()
  const { redirect } = Route.useSearch()
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions())

  const again = async () => {
    try {
      await resend.mutateAsync({ redirect })
      showSuccess(LL.auth.verify.sent())
    } catch (error) {
      showError(expectedErrorMessage(error) ?? LL.auth.verify.failed())
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={problem ?? null} />
      {me.data && !me.data.emailVerified && (
        <>
          <Text>{LL.auth.verify.text({ email: me.data.email })}</Text>
          <Text c="dimmed" size="sm">
            {LL.auth.verify.spam()}
          </Text>
          <Button variant="light" onClick={() => void again()} loading={resend.isPending}>
            {LL.auth.verify.again()}
          </Button>
        </>
      )}
      {!me.isPending && !me.data && (
        <ButtonLink to="/login" variant="light">
          {LL.auth.login.title()}
        </ButtonLink>
      )}
    </Stack>
  )
}

/** Opens the mailed link once; then goes on (logged in) or to the login page. */
function ConfirmLink({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const lang = useCurrentLocale()
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions())
  const [problem, setProblem] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void (async () => {
      try {
        const result = await verify.mutateAsync({ token, email })
        await refreshAfterLogin({ queryClient, trpc })
        const target = safeRedirect(redirect)
        if (result.loggedIn) {
          showSuccess(LL.auth.verify.verified())
          await (target ? navigate({ href: target, replace: true }) : navigate({ to: '/$lang', params: { lang }, replace: true }))
        } else {
          showSuccess(LL.auth.verify.verifiedLogIn())
          await navigate({ to: '/login', search: target ? { redirect: target } : {}, replace: true })
        }
      } catch (error) {
        setProblem(expectedErrorMessage(error) ?? LL.errors.generic())
      }
    })()
  }, [token, email, redirect, lang, navigate, queryClient, verify, LL])

  if (problem) return <CheckInbox problem={problem} />
  return (
    <Stack align="center" gap="sm" role="status">
      <Loader size="sm" />
      <Text>{LL.auth.verify.checking()}</Text>
    </Stack>
  )
}
