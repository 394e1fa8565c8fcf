/**
 * The browser's side of passkeys, through @simplewebauthn/browser (loaded only when a page asks
 * for a passkey, so no other page's script carries it). A prompt the member closed is no error:
 * the functions answer null then.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

const browserPackage = () => import('@simplewebauthn/browser')

/*
 * tRPC hands the server's options over as plain JSON types, and its inputs take extension results
 * as a plain record: the same shapes under other names, converted here once.
 */
type ServerOptions = object
type Answer<T> = T & { clientExtensionResults: Record<string, unknown> }

/** Whether this browser can make and use passkeys at all. */
export function supportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** The member closed or dismissed the browser's prompt (or it timed out, or another prompt replaced it). */
function closed(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name
  return [name, cause].some((n) => n === 'NotAllowedError' || n === 'AbortError') || (error as { code?: string } | null)?.code === 'ERROR_CEREMONY_ABORTED'
}

export async function createPasskey(options: ServerOptions): Promise<Answer<RegistrationResponseJSON> | null> {
  const { startRegistration } = await browserPackage()
  try {
    return (await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })) as Answer<RegistrationResponseJSON>
  } catch (error) {
    if (closed(error)) return null
    // The authenticator holds a passkey of this account already (excludeCredentials).
    if ((error as { name?: string }).name === 'InvalidStateError') throw new PasskeyProblem('account.errors.passkeyKnown')
    throw new PasskeyProblem('account.errors.passkeyFailed')
  }
}

/** A failure the page shows: the error key of its message. */
export class PasskeyProblem extends Error {
  constructor(readonly key: 'account.errors.passkeyKnown' | 'account.errors.passkeyFailed') {
    super(key)
    this.name = 'PasskeyProblem'
  }
}

export async function askForPasskey(options: ServerOptions, autofill = false): Promise<Answer<AuthenticationResponseJSON> | null> {
  const { startAuthentication } = await browserPackage()
  try {
    return (await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    })) as Answer<AuthenticationResponseJSON>
  } catch (error) {
    if (closed(error)) return null
    throw new PasskeyProblem('account.errors.passkeyFailed')
  }
}

/** Whether the browser offers passkeys in the address field's autofill (conditional mediation). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!supportsPasskeys()) return false
  const { browserSupportsWebAuthnAutofill } = await browserPackage()
  return browserSupportsWebAuthnAutofill()
}

/** Stops a waiting autofill request (before the page asks with a button, or leaves). */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await browserPackage()
  WebAuthnAbortService.cancelCeremony()
}
