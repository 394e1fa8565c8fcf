import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { INVALID_CHARACTERS, isStorableText, text } from '../../core/domain/schemas/text.js'

describe('text(): strings PostgreSQL can store', () => {
  it('accepts any text made of Unicode scalar values, surrogate pairs included', () => {
    for (const value of ['', 'plain', 'Grüße', '😀', 'a😀b😀', '👨‍👩‍👧', '\u202e', '\ufffe\uffff', 'tab\tnew\nline', '\u0001\u001f', 'x'.repeat(10_000)]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true)
    }
  })

  it('refuses NUL anywhere and every surrogate that is not part of a pair', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000b', '\ud800', '\udc00', 'x\ud83d', '\ud83dx', '\ude00\ud83d', 'ok😀\udfff', '\ud800\ud800\udc00']) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(false)
    }
  })

  it("reports the refusal with its own message before the field's other checks", () => {
    const schema = z.object({ password: text('required').min(8, 'tooShort').max(20, 'tooLong'), email: text().trim().pipe(z.email('emailInvalid')) })
    const issues = schema.safeParse({ password: 'a\u0000', email: ' \u0000 ' }).error!.issues
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['password', INVALID_CHARACTERS],
      ['email', INVALID_CHARACTERS],
    ])
    expect(schema.safeParse({ password: 12, email: 'a@b.example' }).error!.issues[0]!.message).toBe('required')
    expect(schema.parse({ password: 'long enough 😀', email: ' a@b.example ' })).toEqual({ password: 'long enough 😀', email: 'a@b.example' })
  })
})
