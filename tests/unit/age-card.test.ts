import { describe, expect, it } from 'vitest'
import { cardProblems, demoAuthorisation, expiryValid, luhnValid } from '../../core/domain/billing/card-check.js'
import type { PendingAgeCheck } from '../../core/services/age/method.js'
import { CardCheckAgeMethod } from '../../core/services/age/methods/card.js'
import { AgeResponseRejected } from '../../core/services/age/methods/errors.js'
import { answerDemoCardCheck, demoCardCheckView } from '../../core/services/billing/demo-card-check-page.js'
import { cardCheckProcessor, demoCardCheck } from '../../core/services/billing/providers/card-checks.js'
import { testConfig } from '../support/config.js'

const ORIGIN = 'http://localhost:5999'
const config = testConfig({ PUBLIC_URL: ORIGIN })
const now = new Date('2026-11-28T12:00:00Z')

async function startCheck(method: CardCheckAgeMethod, id = 'check-1') {
  const started = await method.start({
    checkId: id,
    nonce: 'n',
    locale: 'it',
    origin: ORIGIN,
    callbackUrl: `${ORIGIN}/age/callback/card`,
    responseUrl: `${ORIGIN}/age/response/card`,
  })
  if (started.kind !== 'redirect') throw new Error('expected a redirect')
  const check: PendingAgeCheck = {
    id,
    methodId: 'card',
    nonce: 'n',
    state: started.state ?? {},
    createdAt: new Date(+now - 60_000),
    expiresAt: new Date(+now + 600_000),
  }
  const link = new URL(started.url)
  return { check, url: link, fields: { ref: link.searchParams.get('ref')!, returnUrl: link.searchParams.get('return')!, sig: link.searchParams.get('sig')! } }
}

/** Pays the demo page's answer: the query the browser comes back to the callback with. */
function answer(
  fields: { ref: string; returnUrl: string; sig: string },
  card: { number: string; expiry?: string; cvc?: string },
  action: 'authorise' | 'cancel' = 'authorise',
) {
  const reply = answerDemoCardCheck(config.billing, true, { ...fields, action, expiry: '12/29', cvc: '123', ...card }, now)
  if (!('redirectUrl' in reply)) throw new Error(`problems: ${JSON.stringify(reply.problems)}`)
  const back = new URL(reply.redirectUrl)
  expect(back.origin + back.pathname).toBe(`${ORIGIN}/age/callback/card`)
  return back.searchParams
}

describe('card rules of the demo processor', () => {
  it('checks the Luhn sum, the expiry and the security code', () => {
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(expiryValid('11/26', now)).toBe(true)
    expect(expiryValid('10/26', now)).toBe(false)
    expect(expiryValid('1/2030', now)).toBe(true)
    expect(expiryValid('13/30', now)).toBe(false)
    expect(cardProblems({ number: '4111 1111 1111 1111', expiry: '12/27', cvc: '123' }, now)).toEqual({})
    expect(cardProblems({ number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12' }, now)).toEqual({
      number: 'numberInvalid',
      expiry: 'expiryInvalid',
      cvc: 'cvcInvalid',
    })
    expect(demoAuthorisation('4111111111111111')).toEqual({ outcome: 'approved', funding: 'credit' })
    expect(demoAuthorisation('4000056655665556')).toEqual({ outcome: 'approved', funding: 'debit' })
    expect(demoAuthorisation('4000000000000002')).toEqual({ outcome: 'declined', funding: 'credit' })
    expect(demoAuthorisation('4242424242424242')).toEqual({ outcome: 'declined', funding: null })
  })
})

describe('card check through the demo processor', () => {
  const processor = cardCheckProcessor(config.billing)!
  const method = new CardCheckAgeMethod(processor, () => now)

  it('sends the visitor to the signed card-check page and accepts a credit card', async () => {
    expect(method).toMatchObject({ id: 'card', kind: 'card', provider: 'Demo processor', doubleAnonymous: false })
    const { check, url, fields } = await startCheck(method)
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/demo-card-check`)
    expect(url.searchParams.get('locale')).toBe('it')
    expect(demoCardCheckView(config.billing, true, fields).valid).toBe(true)
    expect(await method.complete(check, { query: answer(fields, { number: '5555 5555 5555 4444' }), headers: {} })).toEqual({
      ok: true,
      over18: true,
      assurance: 'verified',
    })
  })

  it('says no for debit and prepaid cards, a declined card and a cancelled check', async () => {
    const { check, fields } = await startCheck(method)
    const outcome = (query: URLSearchParams) => method.complete(check, { query, headers: {} })
    expect(await outcome(answer(fields, { number: '4000 0566 5566 5556' }))).toEqual({
      ok: false,
      reason: 'a debit card does not prove age; a credit card does',
    })
    expect(await outcome(answer(fields, { number: '5105105105105100' }))).toEqual({
      ok: false,
      reason: 'a prepaid card does not prove age; a credit card does',
    })
    expect(await outcome(answer(fields, { number: '4000000000000002' }))).toEqual({ ok: false, reason: 'the card was declined' })
    expect(await outcome(answer(fields, { number: '' }, 'cancel'))).toEqual({ ok: false, reason: 'the card check was cancelled' })
  })

  it('answers field problems without leaving the page', async () => {
    const { fields } = await startCheck(method)
    expect(answerDemoCardCheck(config.billing, true, { ...fields, action: 'authorise', number: '1234', expiry: '99', cvc: '' }, now)).toEqual({
      problems: { number: 'numberInvalid', expiry: 'expiryInvalid', cvc: 'cvcInvalid' },
    })
  })

  it('refuses a forged or altered result, and one for another check or another time', async () => {
    const { check, fields } = await startCheck(method)
    const debit = answer(fields, { number: '4000056655665556' })
    debit.set('funding', 'credit')
    await expect(method.complete(check, { query: debit, headers: {} })).rejects.toEqual(new AgeResponseRejected(401, 'not a signed card-check result'))
    await expect(method.complete(check, { headers: {} })).rejects.toBeInstanceOf(AgeResponseRejected)
    // Signed by another site's key.
    const elsewhere = testConfig({ PUBLIC_URL: ORIGIN, APP_SECRET: 'another-secret-another-secret-012345' })
    const foreign = new URL(demoCardCheck(elsewhere.billing)!.resultUrl({ ref: check.id, returnUrl: `${ORIGIN}/age/callback/card` }, 'approved', 'credit', now))
    await expect(method.complete(check, { query: foreign.searchParams, headers: {} })).rejects.toMatchObject({ status: 401 })
    // A genuine result of another check.
    const other = await startCheck(method, 'check-2')
    await expect(method.complete(check, { query: answer(other.fields, { number: '4111111111111111' }), headers: {} })).rejects.toEqual(
      new AgeResponseRejected(400, 'the result is about another check'),
    )
    // A result from before the check began.
    const old = new URL(
      demoCardCheck(config.billing)!.resultUrl({ ref: check.id, returnUrl: `${ORIGIN}/age/callback/card` }, 'approved', 'credit', new Date(+now - 3_600_000)),
    )
    await expect(method.complete(check, { query: old.searchParams, headers: {} })).rejects.toMatchObject({ status: 400 })
  })

  it('opens the page only for links the site signed, and only while the card check is on', async () => {
    const { fields } = await startCheck(method)
    expect(demoCardCheckView(config.billing, true, { ...fields, returnUrl: 'https://evil.example/collect' }).valid).toBe(false)
    expect(() =>
      answerDemoCardCheck(
        config.billing,
        true,
        { ...fields, returnUrl: 'https://evil.example/collect', action: 'authorise', number: '4111111111111111', expiry: '12/29', cvc: '123' },
        now,
      ),
    ).toThrow(expect.objectContaining({ key: 'notFound' }))
    expect(() => demoCardCheckView(config.billing, false, fields)).toThrow(expect.objectContaining({ key: 'checkoutUnavailable' }))
    const ccbill = testConfig({
      BILLING_PROVIDER: 'ccbill',
      CCBILL_CLIENT_ACCNUM: '900000',
      CCBILL_CLIENT_SUBACC: '0000',
      CCBILL_FLEXFORM_ID: 'form',
      CCBILL_SALT: 's'.repeat(16),
    })
    expect(cardCheckProcessor(ccbill.billing)).toBeNull()
    expect(ccbill.ageMethods.card).toBe(false)
  })
})
