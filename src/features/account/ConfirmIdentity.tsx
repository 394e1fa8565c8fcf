import { Button, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { TRPCClientError } from '@trpc/client'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { FormAlert, expectedErrorMessage } from '../auth/AuthPanel'
import { PasswordField } from '../auth/PasswordField'
import { translateErrorKey } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { askForPasskey, PasskeyProblem, supportsPasskeys } from './passkey-client'

interface ConfirmIdentityProps {
  opened: boolean
  /** true once the server took the password or the passkey; false when the member closed the dialog. */
  onDone: (confirmed: boolean) => void
  title?: string
  text?: string
  confirmLabel?: string
  /** A destructive change (account deletion): its button is red. */
  danger?: boolean
}

/**
 * "Confirm it's you": the password (when the account has one) or one of the member's passkeys
 * proves their identity again (core/domain/auth/recent-auth.ts), in a dialog.
 */
export function ConfirmIdentity({ opened, onDone, title, text, confirmLabel, danger = false }: ConfirmIdentityProps) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const security = useQuery({ ...trpc.account.security.queryOptions(), enabled: opened })
  const reauthenticate = useMutation(trpc.account.reauthenticate.mutationOptions())
  const options = useMutation(trpc.account.reauthenticationOptions.mutationOptions())
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [usingPasskey, setUsingPasskey] = useState(false)

  const close = (confirmed: boolean) => {
    setPassword('')
    setPasswordError(null)
    setMessage(null)
    onDone(confirmed)
  }

  const withPassword = async (event: React.FormEvent) => {
    event.preventDefault()
    setMessage(null)
    setPasswordError(null)
    if (!password) return setPasswordError(translateErrorKey('passwordRequired'))
    try {
      await reauthenticate.mutateAsync({ method: 'password', password })
      close(true)
    } catch (error) {
      const field = error instanceof TRPCClientError ? (error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors?.password : undefined
      if (field) setPasswordError(field)
      else setMessage(expectedErrorMessage(error))
    }
  }

  const withPasskey = async () => {
    setMessage(null)
    setUsingPasskey(true)
    try {
      const response = await askForPasskey(await options.mutateAsync())
      if (!response) return setMessage(LL.account.passkey.cancelled())
      await reauthenticate.mutateAsync({ method: 'passkey', response })
      close(true)
    } catch (error) {
      setMessage(error instanceof PasskeyProblem ? translateErrorKey(error.key) : expectedErrorMessage(error))
    } finally {
      setUsingPasskey(false)
    }
  }

  const hasPassword = security.data?.hasPassword ?? false
  const hasPasskeys = (security.data?.passkeys.length ?? 0) > 0 && supportsPasskeys()
  return (
    <Modal
      opened={opened}
      onClose={() => close(false)}
      title={title ?? LL.account.reauth.title()}
      closeButtonProps={{ 'aria-label': LL.account.reauth.cancel() }}
      centered
    >
      <Stack gap="md">
        <Text>{text ?? LL.account.reauth.intro()}</Text>
        <FormAlert message={message} />
        {hasPassword && (
          <form onSubmit={(event) => void withPassword(event)} noValidate>
            <Stack gap="sm">
              <PasswordField
                label={LL.account.reauth.password()}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={passwordError}
                data-autofocus
              />
              <Button type="submit" color={danger ? 'red.9' : undefined} loading={reauthenticate.isPending && !usingPasskey}>
                {confirmLabel ?? LL.account.reauth.submit()}
              </Button>
            </Stack>
          </form>
        )}
        {hasPasskeys && (
          <Button
            variant={hasPassword ? 'default' : 'filled'}
            color={!hasPassword && danger ? 'red.9' : undefined}
            onClick={() => void withPasskey()}
            loading={usingPasskey}
          >
            {hasPassword ? LL.account.reauth.withPasskey() : (confirmLabel ?? LL.account.reauth.withPasskey())}
          </Button>
        )}
        <Button variant="subtle" onClick={() => close(false)}>
          {LL.account.reauth.cancel()}
        </Button>
      </Stack>
    </Modal>
  )
}

const isReauthRequired = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { key?: string } | undefined)?.key === 'account.errors.reauthRequired'

/**
 * Runs a sensitive change; when the server asks for a fresh proof of identity, the dialog asks
 * for it and the change runs again (null when the member closed the dialog instead).
 *
 *   const { withRecentAuth, dialog } = useRecentAuth()
 *   await withRecentAuth(() => remove.mutateAsync({ id }))
 */
export function useRecentAuth(): { withRecentAuth: <T>(action: () => Promise<T>) => Promise<T | null>; dialog: ReactNode } {
  const [opened, setOpened] = useState(false)
  const waiting = useRef<((confirmed: boolean) => void) | null>(null)
  const withRecentAuth = useCallback(async <T,>(action: () => Promise<T>): Promise<T | null> => {
    try {
      return await action()
    } catch (error) {
      if (!isReauthRequired(error)) throw error
    }
    const confirmed = await new Promise<boolean>((resolve) => {
      waiting.current = resolve
      setOpened(true)
    })
    return confirmed ? action() : null
  }, [])
  const onDone = (confirmed: boolean) => {
    setOpened(false)
    waiting.current?.(confirmed)
    waiting.current = null
  }
  return { withRecentAuth, dialog: <ConfirmIdentity opened={opened} onDone={onDone} /> }
}
