import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { safeRedirect } from '../../../core/domain/auth/redirect.js'
import { ButtonLink } from '../../components/links'
import { AnchorLink } from '../../components/anchor-links'
import { PageTitle } from '../../components/PageTitle'
import { formatDateTime } from '../../lib/format'
import { useHydrating } from '../../lib/hydration'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { expectedErrorMessage, FormAlert } from '../auth/AuthPanel'
import { kindLabel, ruleLabel, scopeSentences } from './labels'

type Method = { id: string; kind: string; provider: string; doubleAnonymous: boolean }

/**
 * The verification page: why the visitor is asked (the rule of their place, linked to its
 * statement), the methods accepted there, what the site keeps, and the visitor's own state
 * (verified, or an account or a fresh login needed first), which the browser asks for.
 * Shown at /{lang}/verify-age and, in a front place, at every catalog address.
 */
export function VerifyAgePage({ returnTo, result }: { returnTo?: string; result?: 'refused' | 'expired' }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const rule = useSuspenseQuery(trpc.age.rule.queryOptions()).data
  const hydrating = useHydrating()
  const status = useQuery({ ...trpc.age.status.queryOptions(), staleTime: 0, enabled: !hydrating })
  // Where a login or the end of the check brings the visitor back: the address they asked for.
  const here = useRouterState({ select: (state) => state.location.publicHref })
  const back = safeRedirect(returnTo) ?? `/${locale}`
  const place = ruleLabel(rule, locale, LL)
  const t = LL.age.verify
  const state = status.data
  const asking = rule.outcome === 'blur' || rule.outcome === 'front'
  const blockedByAccount = !!state && (state.needsAccount || state.needsFreshLogin)

  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t.title()}</PageTitle>
      {result && (
        <Alert color="red" variant="light" role="alert">
          {t.result[result]()}
        </Alert>
      )}
      <Text>{t.intro[rule.outcome]()}</Text>
      <Text size="sm">
        {t.rulesFor({ place })}{' '}
        <AnchorLink to="/$lang/age-assurance/$rule" params={{ lang: locale, rule: rule.id }}>
          {t.why()}
        </AnchorLink>
      </Text>

      {state?.verified && (
        <Alert color="teal" variant="light" role="status">
          <Stack gap="sm" align="flex-start">
            <Text>{state.expiresAt ? t.verifiedUntil({ date: formatDateTime(state.expiresAt, locale) }) : t.verified()}</Text>
            <Button component="a" href={back}>
              {t.continue()}
            </Button>
          </Stack>
        </Alert>
      )}
      {state && !state.verified && state.needsAccount && (
        <Paper withBorder p="md">
          <Text mb="sm">{t.needsAccount()}</Text>
          <Group gap="sm">
            <ButtonLink to="/login" search={{ redirect: here }}>
              {t.logIn()}
            </ButtonLink>
            <ButtonLink to="/sign-up" search={{ redirect: here }} variant="default">
              {t.signUp()}
            </ButtonLink>
          </Group>
        </Paper>
      )}
      {state && !state.verified && state.needsFreshLogin && (
        <Paper withBorder p="md">
          <Text mb="sm">{t.needsFreshLogin()}</Text>
          <ButtonLink to="/login" search={{ redirect: here }}>
            {t.logInAgain()}
          </ButtonLink>
        </Paper>
      )}

      {asking && !state?.verified && (
        <Stack gap="sm" component="section" aria-labelledby="age-methods">
          <Title order={2} id="age-methods" fz="h3">
            {t.methodsTitle()}
          </Title>
          {rule.methods.length ? (
            rule.methods.map((method) => <MethodCard key={method.id} method={method} returnTo={back} disabled={blockedByAccount || !state} />)
          ) : (
            <Text>{t.noMethods()}</Text>
          )}
        </Stack>
      )}

      {asking && (
        <Stack gap="xs" component="section" aria-labelledby="age-keeps">
          <Title order={2} id="age-keeps" fz="h3">
            {t.keepsTitle()}
          </Title>
          <Text>{t.keeps()}</Text>
          {scopeSentences(rule.proof, LL).map((sentence) => (
            <Text key={sentence}>{sentence}</Text>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/** One method: what kind of check, who checks, whether it is double-anonymous, and the button that starts it. */
function MethodCard({ method, returnTo, disabled }: { method: Method; returnTo: string; disabled: boolean }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const start = useMutation(trpc.age.start.mutationOptions())
  const [wallet, setWallet] = useState<{ url: string; svg: string } | null>(null)
  const [leaving, setLeaving] = useState(false)
  const go = async () => {
    try {
      const started = await start.mutateAsync({ method: method.id, returnTo })
      if (started.kind === 'redirect') {
        setLeaving(true)
        window.location.assign(started.url)
      } else {
        setWallet({ url: started.qrUrl, svg: started.qrSvg })
      }
    } catch {
      // Shown below the button.
    }
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="xs" align="flex-start">
        <Title order={3} fz="md">
          {kindLabel(method.kind, LL)}
        </Title>
        <Text size="sm" c="dimmed">
          {method.provider}
        </Text>
        {method.doubleAnonymous && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
              {LL.age.statement.doubleAnonymityBadge()}
            </Badge>
            <Text size="sm">{LL.age.verify.doubleAnonymous()}</Text>
          </Group>
        )}
        <FormAlert message={start.error ? (expectedErrorMessage(start.error) ?? LL.errors.generic()) : null} />
        {/* A provider's name can be long: the label wraps rather than widen a phone's page. */}
        <Button
          onClick={() => void go()}
          loading={start.isPending || leaving}
          disabled={disabled}
          h="auto"
          mih={44}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {LL.age.verify.start({ provider: method.provider })}
        </Button>
        {wallet && (
          <>
            <Text size="sm">{LL.age.verify.scanWallet()}</Text>
            {/* The server drew it (qrcode, core/services/age/methods/eu-wallet/qr-code.ts): black on white whatever the theme. */}
            <Box role="img" aria-label={LL.age.verify.walletQr()} w="100%" maw={320} bg="white" dangerouslySetInnerHTML={{ __html: wallet.svg }} />
            <Anchor href={wallet.url} size="sm">
              {LL.age.verify.openWallet()}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  )
}
