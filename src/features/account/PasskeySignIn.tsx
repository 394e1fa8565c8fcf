import { Button, Divider } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { translateErrorKey } from '../../lib/forms'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { expectedErrorMessage, FormAlert } from '../auth/AuthPanel'
import { askForPasskey, cancelPasskeyPrompt, PasskeyProblem, supportsPasskeyAutofill, supportsPasskeys } from './passkey-client'

/**
 * "Sign in with a passkey" on the login page, in one tap; where the browser offers passkeys in the
 * address field's autofill (conditional mediation, `autocomplete="username webauthn"`), the
 * page waits for one from there as well.
 */
export function PasskeySignIn({ remember, onSignedIn }: { remember: boolean; onSignedIn: () => Promise<void> }) {
  const trpc = useTRPC()
  const { LL } = useI18n()
  const options = useMutation(trpc.account.passkeySignInOptions.mutationOptions())
  const signIn = useMutation(trpc.account.passkeySignIn.mutationOptions())
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [supported, setSupported] = useState(false)

  const ask = async (autofill: boolean) => {
    const response = await askForPasskey(await options.mutateAsync(), autofill)
    if (!response) return false
    await signIn.mutateAsync({ response, remember })
    await onSignedIn()
    return true
  }

  useEffect(() => {
    setSupported(supportsPasskeys())
    let active = true
    void supportsPasskeyAutofill().then((autofill) => {
      if (autofill && active) ask(true).catch(() => undefined)
    })
    return () => {
      active = false
      void cancelPasskeyPrompt()
    }
    // Once per visit of the page: the autofill request waits until the member picks a passkey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const withButton = async () => {
    setMessage(null)
    setBusy(true)
    try {
      await cancelPasskeyPrompt()
      if (!(await ask(false))) setMessage(LL.account.passkey.cancelled())
    } catch (error) {
      setMessage(error instanceof PasskeyProblem ? translateErrorKey(error.key) : expectedErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  if (!supported) return null
  return (
    <>
      <Divider label={LL.account.login.or()} labelPosition="center" />
      <FormAlert message={message} />
      <Button variant="default" fullWidth onClick={() => void withButton()} loading={busy}>
        {LL.account.login.passkey()}
      </Button>
    </>
  )
}
