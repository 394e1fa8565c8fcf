/**
 * Inputs of the account area (passkeys, sessions, address change, data export, deletion) and of
 * signing in with a passkey: the tRPC inputs parse them, the forms validate with them. Messages
 * are keys of the `errors` dictionary or of the `account` namespace's (`account.errors.…`).
 */
import { z } from 'zod'
import { chosenPassword, emailField, givenPassword, tokenField } from './auth.js'
import { text } from './text.js'

const PASSKEY_NAME_MAX = 100

/** base64url as WebAuthn's JSON encodes binary fields, bounded. */
const base64url = (max: number) =>
  text()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/)

/** What the browser's WebAuthn API adds to a response (e.g. credProps): kept as given, never trusted. */
const extensionResults = z.record(text().max(64), z.unknown()).default({})
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8)

/** A WebAuthn response as @simplewebauthn/browser returns it: the credential's ids and kind, and the ceremony's `response`. */
const credentialResponse = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: base64url(1400).min(1),
    rawId: base64url(1400).min(1),
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: extensionResults,
    response: z.object(response),
  })

/** A new credential as startRegistration returns it (RegistrationResponseJSON). */
const registrationResponseSchema = credentialResponse({
  clientDataJSON: base64url(8192).min(1),
  attestationObject: base64url(32_768).min(1),
  authenticatorData: base64url(8192).optional(),
  transports: transports.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url(8192).optional(),
})

/** An assertion as startAuthentication returns it (AuthenticationResponseJSON). */
const authenticationResponseSchema = credentialResponse({
  clientDataJSON: base64url(8192).min(1),
  authenticatorData: base64url(8192).min(1),
  signature: base64url(2048).min(1),
  userHandle: base64url(256).optional(),
})

const passkeyNameField = text().trim().min(1, 'account.errors.passkeyNameRequired').max(PASSKEY_NAME_MAX, 'account.errors.passkeyNameTooLong')

const id = z.number().int().min(1).max(2_147_483_647)

/** Without a name, the passkey is named after the device ("Chrome on Android"). */
export const registerPasskeySchema = z.object({ name: passkeyNameField.optional(), response: registrationResponseSchema })
export const renamePasskeySchema = z.object({ id, name: passkeyNameField })
export const passkeyRefSchema = z.object({ id })

/** Signing in with a passkey (the login page's button, or the browser's autofill). */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema, remember: z.boolean().default(false) })
export type PasskeySignInInput = z.output<typeof passkeySignInSchema>

/** "Confirm it's you": the password, or a passkey's assertion. */
export const reauthenticateSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), password: givenPassword }),
  z.object({ method: z.literal('passkey'), response: authenticationResponseSchema }),
])
export type ReauthenticateInput = z.output<typeof reauthenticateSchema>

/** A session of the member's list (its id is the SHA-256 of its cookie token, useless without the token). */
export const sessionRefSchema = z.object({ id: text().regex(/^[0-9a-f]{64}$/, 'notFound') })

/** A password for an account that has none (passkeys only until now). */
export const setPasswordSchema = z.object({ newPassword: chosenPassword })

export const changeEmailSchema = z.object({ email: emailField })
export type ChangeEmailInput = z.output<typeof changeEmailSchema>

export const emailChangeTokenSchema = z.object({ token: tokenField })

export const deleteAccountSchema = z.object({
  /** The member read that a cancelled membership's remaining paid time is lost. */
  confirmLosingPaidPeriod: z.boolean().default(false),
})
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>
