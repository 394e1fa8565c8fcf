import { Button, Loader, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { optionalText } from '../lib/search-params'
import { localeSearch } from '../features/auth/search'
import { safeRedirect } from '../../core/domain/auth/redirect.js'
import { resendToAddressSchema } from '../../core/domain/schemas/auth.js'
import { AnchorLink } from '../components/anchor-links'
import { AuthPanel, EmailRequestForm, expectedErrorMessage, FormAlert } from '../features/auth/AuthPanel'
import { verifyEmailArea } from '../features/auth/gates'
import { refreshAfterLogin, useMe } from '../features/auth/session'
import { useEmailRequest } from '../features/auth/use-email-request'
import { useCurrentLocale, useI18n } from '../lib/locale'
import { showError, showSuccess } from '../lib/toasts'
import { useTRPC } from '../lib/trpc'
import { staticHead } from '../lib/seo'

/**
 * /verify-email?email=&redirect= — where sign-up leads, for new and known addresses alike
 * (sign-up does not log in, so the page cannot tell them apart either): check your inbox, or
 * have the link sent again to the address. A signed-in user whose address is unconfirmed gets
 * it sent to their own address. With ?token=&email= (the mailed link) the address is
 * confirmed and its account logged in, in any browser.
 */
export const Route = createFileRoute('/verify-email')({
  ssr: false,
  head: staticHead('verifyEmail', { noindex: true }),
  validateSearch: v.object({ redirect: optionalText(2048), token: optionalText(200), email: optionalText(320), locale: localeSearch }),
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

/** Check your inbox, or have the link sent again: to the signed-in user, or to an address. */
function CheckInbox({ problem }: { problem?: string | null }) {
  const me = useMe()
  return (
    <Stack gap="md">
      <FormAlert message={problem ?? null} />
      {me.data && !me.data.emailVerified && <OwnAddress email={me.data.email} />}
      {!me.isPending && !me.data && <AnyAddress afterProblem={Boolean(problem)} />}
    </Stack>
  )
}

function OwnAddress({ email }: { email: string }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { redirect } = Route.useSearch()
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions())
  return (
    <SentNotice
      text={LL.auth.verify.text({ email })}
      again={() => resend.mutateAsync({ redirect })}
      pending={resend.isPending}
      sentText={LL.auth.verify.sent()}
    />
  )
}

/**
 * A visitor: after sign-up, "we have sent a mail to …" with the request-again action; without
 * an address (or after a failed link), a form for it. The answer never says whether the
 * address has an account.
 */
function AnyAddress({ afterProblem }: { afterProblem: boolean }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const { email, redirect } = Route.useSearch()
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions())
  const send = (values: { email: string }) => resend.mutateAsync({ email: values.email, redirect })
  const request = useEmailRequest({
    schema: resendToAddressSchema,
    email: email ?? '',
    sentTo: email && !afterProblem ? email : null,
    send,
    onSent: (address) => showSuccess(LL.auth.verify.resent({ email: address })),
  })

  if (request.sentTo) {
    const sentTo = request.sentTo
    return (
      <SentNotice
        text={LL.auth.verify.mailed({ email: sentTo })}
        again={() => send({ email: sentTo })}
        pending={resend.isPending}
        sentText={LL.auth.verify.resent({ email: sentTo })}
      >
        <LoginLink />
      </SentNotice>
    )
  }
  return (
    <EmailRequestForm intro={LL.auth.verify.askIntro()} submit={LL.auth.verify.again()} pending={resend.isPending} {...request.fields}>
      <LoginLink />
    </EmailRequestForm>
  )
}

/** "We have sent …", the spam hint and the request-again button (its outcome as a toast). */
function SentNotice({
  text,
  again,
  pending,
  sentText,
  children,
}: {
  text: string
  again: () => Promise<unknown>
  pending: boolean
  sentText: string
  children?: ReactNode
}) {
  const { LL } = useI18n()
  const onAgain = async () => {
    try {
      await again()
      showSuccess(sentText)
    } catch (error) {
      showError(expectedErrorMessage(error) ?? LL.auth.verify.failed())
    }
  }
  return (
    <>
      <Text role="status">{text}</Text>
      <Text c="dimmed" size="sm">
        {LL.auth.verify.spam()}
      </Text>
      <Button variant="light" onClick={() => void onAgain()} loading={pending}>
        {LL.auth.verify.again()}
      </Button>
      {children}
    </>
  )
}

function LoginLink() {
  const { LL } = useI18n()
  const { redirect } = Route.useSearch()
  return (
    <AnchorLink to="/login" search={redirect ? { redirect } : {}} size="sm" ta="center">
      {LL.auth.login.title()}
    </AnchorLink>
  )
}

/** Opens the mailed link once: the address is confirmed and its account logged in; then on. */
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
        await verify.mutateAsync({ token, email })
        await refreshAfterLogin({ queryClient, trpc })
        const target = safeRedirect(redirect)
        showSuccess(LL.auth.verify.verified())
        await (target ? navigate({ href: target, replace: true }) : navigate({ to: '/$lang', params: { lang }, replace: true }))
      } catch (error) {
        setProblem(expectedErrorMessage(error) ?? LL.errors.generic())
      }
    })()
  }, [token, email, redirect, lang, navigate, queryClient, verify, trpc, LL])

  if (problem) return <CheckInbox problem={problem} />
  return (
    <Stack align="center" gap="sm" role="status">
      <Loader size="sm" />
      <Text>{LL.auth.verify.checking()}</Text>
    </Stack>
  )
}
