import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterInputs } from '@trpc/server'
import { useState } from 'react'
import type { AppRouter } from '../../../server/trpc/root.js'
import { AccountFrame, AccountSection } from '../../features/account/AccountFrame'
import { accountPage } from '../../features/account/AccountTexts'
import { useRecentAuth } from '../../features/account/ConfirmIdentity'
import { accountRoute } from '../../features/account/gate'
import { createPasskey, PasskeyProblem, supportsPasskeys } from '../../features/account/passkey-client'
import { RenamePasskey } from '../../features/account/RenamePasskey'
import { SetPassword } from '../../features/account/SetPassword'
import { expectedErrorMessage, FormAlert } from '../../features/auth/AuthPanel'
import { translateErrorKey } from '../../lib/forms'
import { formatDateTime } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { showSuccess } from '../../lib/toasts'
import { useTRPC } from '../../lib/trpc'

export const Route = createFileRoute('/account/security')({
  ...accountRoute('account'),
  component: accountPage(SecurityPage),
})

/** Passkeys (add, list, remove), the password (remove once a passkey exists) and the member's sessions. */
function SecurityPage() {
  const { LL } = useI18n()
  return (
    <AccountFrame title={LL.account.titles.security()}>
      <Passkeys />
      <Sessions />
    </AccountFrame>
  )
}

function useSecurity() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const query = useQuery(trpc.account.security.queryOptions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.security.queryKey() })
  return { query, refresh }
}

type RegistrationInput = inferRouterInputs<AppRouter>['account']['registerPasskey']

function Passkeys() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const { query, refresh } = useSecurity()
  const { withRecentAuth, dialog } = useRecentAuth()
  const options = useMutation(trpc.account.passkeyRegistrationOptions.mutationOptions())
  const register = useMutation(trpc.account.registerPasskey.mutationOptions())
  const remove = useMutation(trpc.account.removePasskey.mutationOptions())
  const removePassword = useMutation(trpc.account.removePassword.mutationOptions())
  const [name, setName] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null)

  const run = async (action: () => Promise<void>) => {
    setMessage(null)
    setBusy(true)
    try {
      await action()
    } catch (error) {
      setMessage(error instanceof PasskeyProblem ? translateErrorKey(error.key) : expectedErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const add = () =>
    run(async () => {
      const created = await withRecentAuth(async () => {
        const response = await createPasskey(await options.mutateAsync())
        if (!response) {
          setMessage(LL.account.passkey.cancelled())
          return null
        }
        // The server checks the transports it knows (core/domain/schemas/account.ts).
        return register.mutateAsync({ name: name.trim() || undefined, response: response as RegistrationInput['response'] })
      })
      if (!created) return
      setName('')
      showSuccess(LL.account.passkeys.added({ name: (created as { name?: string }).name ?? name }))
      await refresh()
    })

  const removeOne = (id: number) =>
    run(async () => {
      if ((await withRecentAuth(() => remove.mutateAsync({ id }))) === null) return
      showSuccess(LL.account.passkeys.removed())
      await refresh()
    })

  const dropPassword = () =>
    run(async () => {
      if ((await withRecentAuth(() => removePassword.mutateAsync())) === null) return
      showSuccess(LL.account.passwordless.removed())
      await refresh()
    })

  const passkeys = query.data?.passkeys ?? []
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="passkeys-title">
      {dialog}
      {renaming && (
        <RenamePasskey
          passkey={renaming}
          onClose={(renamed) => {
            setRenaming(null)
            if (renamed) void refresh()
          }}
        />
      )}
      <Stack gap="md">
        <Title order={2} size="h3" id="passkeys-title">
          {LL.account.passkeys.title()}
        </Title>
        <Text>{LL.account.passkeys.intro()}</Text>
        <FormAlert message={message} />
        {passkeys.length === 0 ? (
          <Text c="dimmed">{LL.account.passkeys.none()}</Text>
        ) : (
          <Stack component="ul" aria-label={LL.account.passkeys.listLabel()} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {passkeys.map((passkey) => (
              <Paper component="li" key={passkey.id} withBorder p="sm" radius="sm">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Text fw={600}>{passkey.name}</Text>
                    <Text size="sm">{LL.account.passkeys.created({ date: formatDateTime(passkey.createdAt, locale) })}</Text>
                    <Text size="sm">
                      {passkey.lastUsedAt
                        ? LL.account.passkeys.lastUsed({ date: formatDateTime(passkey.lastUsedAt, locale) })
                        : LL.account.passkeys.neverUsed()}
                    </Text>
                    {passkey.synced && (
                      <Badge variant="light" size="sm">
                        {LL.account.passkeys.synced()}
                      </Badge>
                    )}
                  </Stack>
                  <Group gap="xs">
                    <Button variant="default" aria-label={LL.account.passkeys.renameLabel({ name: passkey.name })} onClick={() => setRenaming(passkey)}>
                      {LL.account.passkeys.rename()}
                    </Button>
                    <Button
                      variant="default"
                      color="red"
                      aria-label={LL.account.passkeys.removeLabel({ name: passkey.name })}
                      onClick={() => void removeOne(passkey.id)}
                      disabled={busy}
                    >
                      {LL.account.passkeys.remove()}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {supportsPasskeys() ? (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={LL.account.passkeys.name()}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={60}
              autoComplete="off"
            />
            <Button onClick={() => void add()} loading={busy && (options.isPending || register.isPending)}>
              {LL.account.passkeys.add()}
            </Button>
          </Group>
        ) : (
          <Text c="dimmed">{LL.account.passkey.unsupported()}</Text>
        )}
        {query.data && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {LL.account.passwordless.title()}
            </Title>
            {!query.data.hasPassword ? (
              <SetPassword onSet={refresh} />
            ) : passkeys.length === 0 ? (
              <Text>{LL.account.passwordless.needsPasskey()}</Text>
            ) : (
              <>
                <Text>{LL.account.passwordless.intro()}</Text>
                <Button variant="default" onClick={() => void dropPassword()} disabled={busy} style={{ alignSelf: 'flex-start' }}>
                  {LL.account.passwordless.remove()}
                </Button>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

function Sessions() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const { query, refresh } = useSecurity()
  const endOne = useMutation(trpc.account.endSession.mutationOptions())
  const endOthers = useMutation(trpc.account.endOtherSessions.mutationOptions())
  const [message, setMessage] = useState<string | null>(null)
  const countries = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null

  const run = async (action: () => Promise<string>) => {
    setMessage(null)
    try {
      showSuccess(await action())
      await refresh()
    } catch (error) {
      setMessage(expectedErrorMessage(error))
    }
  }

  const sessions = query.data?.sessions ?? []
  const deviceName = (device: { browser: string | null; os: string | null }) =>
    device.browser || device.os ? LL.account.sessions.device({ browser: device.browser ?? '?', os: device.os ?? '?' }) : LL.account.sessions.unknownDevice()
  return (
    <AccountSection id="sessions" title={LL.account.sessions.title()} intro={LL.account.sessions.intro()}>
      <FormAlert message={message} />
      <Stack component="ul" aria-label={LL.account.sessions.listLabel()} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => {
          const device = deviceName(session.device)
          return (
            <Paper component="li" key={session.id} withBorder p="sm" radius="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{device}</Text>
                    {session.current && <Badge>{LL.account.sessions.current()}</Badge>}
                  </Group>
                  <Text size="sm">
                    {session.country
                      ? LL.account.sessions.place({ country: countries?.of(session.country) ?? session.country })
                      : LL.account.sessions.placeUnknown()}
                  </Text>
                  <Text size="sm">{LL.account.sessions.signedIn({ date: formatDateTime(session.createdAt, locale) })}</Text>
                  <Text size="sm">{LL.account.sessions.lastSeen({ date: formatDateTime(session.lastSeenAt, locale) })}</Text>
                </Stack>
                {!session.current && (
                  <Button
                    variant="default"
                    aria-label={LL.account.sessions.endLabel({ device })}
                    onClick={() =>
                      void run(async () => {
                        await endOne.mutateAsync({ id: session.id })
                        return LL.account.sessions.ended()
                      })
                    }
                  >
                    {LL.account.sessions.end()}
                  </Button>
                )}
              </Group>
            </Paper>
          )
        })}
      </Stack>
      {sessions.length > 1 ? (
        <Button
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          loading={endOthers.isPending}
          onClick={() =>
            void run(async () => {
              const { ended } = await endOthers.mutateAsync()
              return LL.account.sessions.endedOthers({ count: ended })
            })
          }
        >
          {LL.account.sessions.endOthers()}
        </Button>
      ) : (
        query.data && <Text c="dimmed">{LL.account.sessions.noOthers()}</Text>
      )}
    </AccountSection>
  )
}
