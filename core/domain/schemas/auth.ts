/**
 * Payloads of the account screens (spec section 5), each defined once: the tRPC input
 * parses it on the server and the form validates with it in the browser. Messages are keys
 * of the `errors` dictionary.
 */
import { z } from 'zod'
import { text } from './text.js'

/** Spec section 9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8
/** Long enough for any pass phrase, short enough that hashing cannot be used to load the server. */
const PASSWORD_MAX_LENGTH = 256
const EMAIL_MAX_LENGTH = 320

export const emailField = text().trim().min(1, 'emailRequired').max(EMAIL_MAX_LENGTH, 'emailInvalid').pipe(z.email('emailInvalid'))

/** Login asks only that a password is given. */
export const givenPassword = text().min(1, 'passwordRequired').max(PASSWORD_MAX_LENGTH, 'passwordTooLong')

/** A password being chosen (sign-up, reset): at least 8 characters. */
export const chosenPassword = givenPassword.min(PASSWORD_MIN_LENGTH, 'passwordTooShort')

/** Where to go afterwards: a path inside the site; checked again by safeRedirect. */
const redirectField = text().max(2048).optional()

/** A token from a mailed link. */
export const tokenField = text().min(1, 'linkInvalid').max(200, 'linkInvalid')

/** A form that asks for an address only (forgot password, resend the verification link). */
const addressOnly = z.object({ email: emailField })

/** What a mailed link carries back: the address it was sent to and its token. */
const mailedLink = addressOnly.extend({ token: tokenField })

export const loginSchema = z.object({
  email: emailField,
  password: givenPassword,
  remember: z.boolean().default(false),
})
export type LoginInput = z.output<typeof loginSchema>

export const signUpSchema = z.object({
  email: emailField,
  password: chosenPassword,
  redirect: redirectField,
})
export type SignUpInput = z.output<typeof signUpSchema>

export const forgotPasswordSchema = addressOnly
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>

export const resetPasswordSchema = mailedLink.extend({ password: chosenPassword })
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>

export const verifyEmailSchema = mailedLink
export type VerifyEmailInput = z.output<typeof verifyEmailSchema>

/** Signed in: the user's own address; otherwise the address given (the verify-email page's form). */
export const resendVerificationSchema = z.object({
  email: emailField.optional(),
  redirect: redirectField,
})
export type ResendVerificationInput = z.output<typeof resendVerificationSchema>

/** The verify-email page's form for visitors: the address to send the link to again. */
export const resendToAddressSchema = addressOnly

export const changePasswordSchema = z.object({
  currentPassword: text().min(1, 'currentPasswordRequired').max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
  newPassword: text().min(1, 'newPasswordRequired').min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
})
export type ChangePasswordInput = z.output<typeof changePasswordSchema>
