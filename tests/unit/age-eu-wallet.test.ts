import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AgeCompletion, AgeStartResult, PendingAgeCheck } from '../../core/services/age/method.js'
import { AgeResponseRejected } from '../../core/services/age/methods/errors.js'
import { EuWalletMethod } from '../../core/services/age/methods/eu-wallet.js'
import {
  dcApiAnnexCAnswer,
  dcApiOpenid4vpAnswer,
  directPostAnswer,
  issueProof,
  makeDeviceKey,
  makeIssuer,
  requestParams,
  type DeviceKeys,
  type TestIssuer,
} from '../support/age-wallet.js'

const ORIGIN = 'https://club.example'
const form = (body: string): AgeCompletion => ({ rawBody: Buffer.from(body), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
const json = (value: unknown, origin?: string): AgeCompletion => ({
  rawBody: Buffer.from(JSON.stringify(value)),
  headers: { 'content-type': 'application/json' },
  ...(origin ? { origin } : {}),
})

let trusted: TestIssuer
let rogue: TestIssuer
let device: DeviceKeys
let method: EuWalletMethod

beforeAll(async () => {
  ;[trusted, rogue, device] = await Promise.all([makeIssuer(), makeIssuer({ name: 'Rogue IACA' }), makeDeviceKey()])
  method = new EuWalletMethod({ provider: 'EU age verification', trustAnchors: [trusted.anchorDer], scheme: 'av' })
})

/** What the flow does: a check with a fresh nonce, started, kept with what start returned. */
async function startCheck(): Promise<{ check: PendingAgeCheck; started: Extract<AgeStartResult, { kind: 'wallet' }> }> {
  const id = `check-${randomBytes(6).toString('hex')}`
  const nonce = randomBytes(16).toString('base64url')
  const started = await method.start({
    checkId: id,
    nonce,
    locale: 'en',
    origin: ORIGIN,
    callbackUrl: `${ORIGIN}/age/callback/eu-wallet`,
    responseUrl: `${ORIGIN}/age/response/eu-wallet`,
  })
  if (started.kind !== 'wallet') throw new Error('expected a wallet request')
  const createdAt = new Date()
  return { check: { id, methodId: 'eu-wallet', nonce, state: started.state ?? {}, createdAt, expiresAt: new Date(+createdAt + 600_000) }, started }
}

describe('EU age-verification wallet', () => {
  it('asks for age_over_18 of eu.europa.ec.av.1 by QR code, app link and the Digital Credentials API', async () => {
    const { check, started } = await startCheck()
    const qr = new URL(started.qrUrl)
    expect(qr.protocol).toBe('av:')
    expect(Object.fromEntries(qr.searchParams)).toMatchObject({
      response_type: 'vp_token',
      response_mode: 'direct_post',
      client_id: `redirect_uri:${ORIGIN}/age/response/eu-wallet`,
      response_uri: `${ORIGIN}/age/response/eu-wallet`,
      nonce: check.nonce,
      state: check.id,
    })
    expect(JSON.parse(qr.searchParams.get('dcql_query')!)).toEqual({
      credentials: [
        { id: 'proof_of_age', format: 'mso_mdoc', meta: { doctype_value: 'eu.europa.ec.av.1' }, claims: [{ path: ['eu.europa.ec.av.1', 'age_over_18'] }] },
      ],
    })
    expect(requestParams(started.sameDeviceUrl!).state).toBe(`${check.id}.same-device`)
    expect(started.digitalCredentials!.requests.map((request) => request.protocol)).toEqual(['org-iso-mdoc', 'openid4vp-v1-unsigned'])
    expect(started.digitalCredentials!.requests[1]!.data).toMatchObject({ response_type: 'vp_token', response_mode: 'dc_api', nonce: check.nonce })
    expect(method.doubleAnonymous).toBe(true)
  })

  it('accepts a proof posted by a wallet on another device (QR code), found by its state', async () => {
    const { check, started } = await startCheck()
    const answer = form(await directPostAnswer(started.qrUrl, await issueProof(trusted, device), device))
    expect(await method.webhookCheck(answer)).toEqual({ checkId: check.id })
    expect(await method.complete(check, answer)).toEqual({ ok: true, over18: true, assurance: 'verified' })
    expect(method.responseAnswer(check, answer)).toEqual({ status: 200, body: {}, awaitBrowser: false })
  })

  it('hands a wallet app on the same device a redirect with a response code that the browser must bring back', async () => {
    const { check, started } = await startCheck()
    const answer = form(await directPostAnswer(started.sameDeviceUrl!, await issueProof(trusted, device), device))
    expect(await method.webhookCheck(answer)).toEqual({ checkId: check.id })
    expect(await method.complete(check, answer)).toMatchObject({ ok: true })
    const reply = method.responseAnswer(check, answer)
    expect(reply.awaitBrowser).toBe(true)
    const redirect = new URL((reply.body as { redirect_uri: string }).redirect_uri)
    expect(redirect.origin + redirect.pathname).toBe(`${ORIGIN}/age/callback/eu-wallet`)
    const code = redirect.searchParams.get('response_code')!
    expect(code.length).toBeGreaterThanOrEqual(43)
    expect(method.confirmsBrowserReturn(check, new URLSearchParams({ response_code: code }))).toBe(true)
    expect(method.confirmsBrowserReturn(check, new URLSearchParams({ response_code: code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A') }))).toBe(false)
    expect(method.confirmsBrowserReturn(check, new URLSearchParams())).toBe(false)
    // Another check's code does not fit.
    const other = await startCheck()
    expect(method.confirmsBrowserReturn(other.check, new URLSearchParams({ response_code: code }))).toBe(false)
  })

  it('accepts a proof through the Digital Credentials API, Annex C (encrypted) and OpenID4VP, only for the site origin', async () => {
    const credential = await issueProof(trusted, device)
    {
      const { check, started } = await startCheck()
      const answer = json(await dcApiAnnexCAnswer(started.digitalCredentials!.requests, ORIGIN, credential, device), ORIGIN)
      expect(await method.webhookCheck(answer)).toBeNull()
      expect(await method.complete(check, answer)).toMatchObject({ ok: true })
    }
    {
      const { check, started } = await startCheck()
      expect(await method.complete(check, json(await dcApiOpenid4vpAnswer(started.digitalCredentials!.requests, ORIGIN, credential, device)))).toMatchObject({
        ok: true,
      })
    }
    // A page elsewhere relayed the request: the wallet bound its answer to that page's origin.
    {
      const { check, started } = await startCheck()
      const answer = json(await dcApiAnnexCAnswer(started.digitalCredentials!.requests, 'https://evil.example', credential, device))
      expect(await method.complete(check, answer)).toEqual({ ok: false, reason: expect.stringMatching(/does not decrypt/) })
    }
    {
      const { check, started } = await startCheck()
      const answer = json(await dcApiOpenid4vpAnswer(started.digitalCredentials!.requests, 'https://evil.example', credential, device))
      expect(await method.complete(check, answer)).toEqual({ ok: false, reason: expect.stringMatching(/DEVICE_AUTH/) })
    }
    // The browser says it posts from another page.
    {
      const { check, started } = await startCheck()
      const answer = json(await dcApiOpenid4vpAnswer(started.digitalCredentials!.requests, ORIGIN, credential, device), 'https://evil.example')
      expect(await method.complete(check, answer)).toEqual({ ok: false, reason: 'the answer was made for another page origin' })
    }
  })

  it('refuses a presentation bound to another nonce, or replayed to another check', async () => {
    const credential = await issueProof(trusted, device)
    const { check, started } = await startCheck()
    const wrongNonce = form(await directPostAnswer(started.qrUrl, credential, device, { nonce: 'another-nonce-0123456789' }))
    expect(await method.complete(check, wrongNonce)).toEqual({ ok: false, reason: expect.stringMatching(/DEVICE_AUTH/) })
    // A valid answer to check A, posted again with check B's state: B's nonce is not in its signature.
    const first = await startCheck()
    const answerForFirst = await directPostAnswer(first.started.qrUrl, credential, device)
    const second = await startCheck()
    const replayed = form(answerForFirst.replace(`state=${first.check.id}`, `state=${second.check.id}`))
    expect(await method.webhookCheck(replayed)).toEqual({ checkId: second.check.id })
    expect(await method.complete(second.check, replayed)).toEqual({ ok: false, reason: expect.stringMatching(/DEVICE_AUTH/) })
  })

  it('refuses an issuer outside the trust list', async () => {
    const { check, started } = await startCheck()
    const answer = form(await directPostAnswer(started.qrUrl, await issueProof(rogue, device), device))
    expect(await method.complete(check, answer)).toEqual({
      ok: false,
      reason: expect.stringMatching(/ISSUER_AUTH: the issuer certificate does not chain to a trusted anchor/),
    })
    // And nothing passes without any trust anchor.
    const untrusting = new EuWalletMethod({ provider: 'x', trustAnchors: [rogue.anchorDer], scheme: 'av' })
    const again = await startCheck()
    expect(await untrusting.complete(again.check, form(await directPostAnswer(again.started.qrUrl, await issueProof(trusted, device), device)))).toMatchObject({
      ok: false,
    })
  })

  it('refuses a tampered value, age_over_18 not true, an expired proof and another document type', async () => {
    {
      const { check, started } = await startCheck()
      const fields = new URLSearchParams(await directPostAnswer(started.qrUrl, await issueProof(trusted, device), device))
      const token = JSON.parse(fields.get('vp_token')!) as { proof_of_age: [string] }
      const bytes = Buffer.from(token.proof_of_age[0], 'base64url')
      const at = bytes.indexOf(0xf5, bytes.indexOf(Buffer.from('age_over_18'))) // CBOR true
      expect(at).toBeGreaterThan(0)
      bytes[at] = 0xf4 // false, without the issuer's signature over it
      fields.set('vp_token', JSON.stringify({ proof_of_age: [bytes.toString('base64url')] }))
      expect(await method.complete(check, form(fields.toString()))).toEqual({ ok: false, reason: expect.stringMatching(/DATA_INTEGRITY/) })
    }
    {
      const ageOver18 = false
      const { check, started } = await startCheck()
      const answer = form(await directPostAnswer(started.qrUrl, await issueProof(trusted, device, { ageOver18 }), device))
      expect(await method.complete(check, answer)).toEqual({ ok: false, reason: 'age_over_18 is not true' })
    }
    {
      const { check, started } = await startCheck()
      const expired = await issueProof(trusted, device, { validFrom: new Date(Date.now() - 10 * 86_400_000), validUntil: new Date(Date.now() - 86_400_000) })
      expect(await method.complete(check, form(await directPostAnswer(started.qrUrl, expired, device)))).toEqual({
        ok: false,
        reason: expect.stringMatching(/MSO must be valid/),
      })
    }
    {
      const { check, started } = await startCheck()
      // A year and more later the certificates have expired too.
      const later = new EuWalletMethod({ provider: 'x', trustAnchors: [trusted.anchorDer], scheme: 'av', now: () => new Date(Date.now() + 400 * 86_400_000) })
      expect(await later.complete(check, form(await directPostAnswer(started.qrUrl, await issueProof(trusted, device), device)))).toEqual({
        ok: false,
        reason: expect.stringMatching(/certificate 0 of the chain is not valid/),
      })
    }
    {
      const { check, started } = await startCheck()
      const mdl = await issueProof(trusted, device, { docType: 'org.iso.18013.5.1.mDL' })
      expect(await method.complete(check, form(await directPostAnswer(started.qrUrl, mdl, device, { docType: 'org.iso.18013.5.1.mDL' })))).toEqual({
        ok: false,
        reason: expect.stringMatching(/No Issuer Signed matching docType 'eu.europa.ec.av.1'/),
      })
    }
  })

  it('refuses a presentation signed by a device key other than the one in the credential', async () => {
    const { check, started } = await startCheck()
    const answer = form(await directPostAnswer(started.qrUrl, await issueProof(trusted, device), await makeDeviceKey()))
    expect(await method.complete(check, answer)).toEqual({ ok: false, reason: expect.stringMatching(/DEVICE_AUTH/) })
  })

  it('tells malformed calls apart from answers: they change nothing', async () => {
    const { check, started } = await startCheck()
    await expect(method.complete(check, { query: new URLSearchParams({ response_code: 'x' }), headers: {} })).rejects.toBeInstanceOf(AgeResponseRejected)
    await expect(method.complete(check, json({ hello: 'world' }))).rejects.toMatchObject({ status: 400 })
    await expect(method.complete(check, json({ protocol: 'something-else', data: {} }))).rejects.toMatchObject({ status: 400 })
    await expect(method.complete(check, form('vp_token=x&state=another-check'))).rejects.toMatchObject({ status: 400 })
    expect(await method.complete(check, form(`vp_token=${encodeURIComponent('{"proof_of_age":["AAAA"]}')}&state=${check.id}`))).toMatchObject({ ok: false })
    expect(await method.complete(check, form(`error=access_denied&state=${check.id}`))).toEqual({ ok: false, reason: 'the wallet answered access_denied' })
    expect(await method.webhookCheck(json({ protocol: 'org-iso-mdoc', data: {} }))).toBeNull()
    expect(started.qrUrl.length).toBeLessThan(1000) // fits a QR code
  })
})
