import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema, signUpSchema } from '../../core/domain/schemas/auth.js'

/** The first message per field, as the form and the server show them. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message
  return out
}

describe('email (spec section 5)', () => {
  it('is required, then must look like an address', () => {
    expect(messages(forgotPasswordSchema, { email: '' })).toEqual({ email: 'emailRequired' })
    expect(messages(forgotPasswordSchema, { email: '   ' })).toEqual({ email: 'emailRequired' })
    expect(messages(forgotPasswordSchema, { email: 'nina' })).toEqual({ email: 'emailInvalid' })
    expect(messages(forgotPasswordSchema, { email: 'nina@' })).toEqual({ email: 'emailInvalid' })
    expect(messages(forgotPasswordSchema, { email: `${'a'.repeat(320)}@example.com` })).toEqual({ email: 'emailInvalid' })
  })
  it('is trimmed', () => {
    expect(forgotPasswordSchema.parse({ email: '  Nina@Example.com ' })).toEqual({ email: 'Nina@Example.com' })
  })
})

describe('passwords', () => {
  it('login only asks that one is given', () => {
    expect(messages(loginSchema, { email: 'a@b.co', password: '' })).toEqual({ password: 'passwordRequired' })
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x', remember: false })
  })
  it('sign-up and reset need at least 8 characters', () => {
    expect(messages(signUpSchema, { email: 'a@b.co', password: '' })).toEqual({ password: 'passwordRequired' })
    expect(messages(signUpSchema, { email: 'a@b.co', password: '1234567' })).toEqual({ password: 'passwordTooShort' })
    expect(messages(signUpSchema, { email: 'a@b.co', password: '12345678' })).toEqual({})
    expect(messages(resetPasswordSchema, { email: 'a@b.co', token: 't', password: '1234567' })).toEqual({ password: 'passwordTooShort' })
    expect(messages(resetPasswordSchema, { email: 'a@b.co', token: '', password: '12345678' })).toEqual({ token: 'linkInvalid' })
  })
  it('refuses absurdly long passwords before hashing', () => {
    expect(messages(signUpSchema, { email: 'a@b.co', password: 'x'.repeat(257) })).toEqual({ password: 'passwordTooLong' })
  })
  it('change password: current required; new required and at least 8', () => {
    expect(messages(changePasswordSchema, { currentPassword: '', newPassword: '' })).toEqual({
      currentPassword: 'currentPasswordRequired',
      newPassword: 'newPasswordRequired',
    })
    expect(messages(changePasswordSchema, { currentPassword: 'old', newPassword: 'short' })).toEqual({ newPassword: 'passwordTooShort' })
    expect(messages(changePasswordSchema, { currentPassword: 'old', newPassword: 'long enough' })).toEqual({})
  })
})
