import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PendingAgeCheck } from '../../core/services/age/method.js'
import { AgeMethodUnavailable, AgeResponseRejected } from '../../core/services/age/methods/errors.js'
import { OidcAgeMethod, type OidcProviderOptions } from '../../core/services/age/methods/oidc.js'
import { CLIENT_ID, CLIENT_SECRET, signInAt, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.js'

const SITE = 'http://localhost:5999'
const callbackOf = (key: string) => `${SITE}/age/callback/oidc-${key}`

let provider: TestOidcProvider
beforeAll(async () => {
  provider = await startOidcProvider([callbackOf('verifier'), callbackOf('plain')])
})
afterAll(() => provider.close())

function method(overrides: Partial<OidcProviderOptions> = {}): OidcAgeMethod {
  return new OidcAgeMethod({
    key: 'verifier',
    name: 'Test verifier',
    issuer: provider.issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    claim: 'age_over_18',
    scope: 'openid age',
    claimsParameter: true,
    doubleAnonymous: false,
    assurance: 'verified',
    ...overrides,
  })
}

/** Starts a check as the flow does and signs in at the provider as `login`; returns the check and the callback's query. */
async function run(adapter: OidcAgeMethod, login: string, key = 'verifier') {
  const id = `check-${randomBytes(4).toString('hex')}`
  const nonce = randomBytes(16).toString('base64url')
  const started = await adapter.start({
    checkId: id,
    nonce,
    locale: 'de',
    origin: SITE,
    callbackUrl: callbackOf(key),
    responseUrl: `${SITE}/age/response/oidc-${key}`,
  })
  if (started.kind !== 'redirect') throw new Error('expected a redirect')
  const now = new Date()
  const check: PendingAgeCheck = { id, methodId: adapter.id, nonce, state: started.state ?? {}, createdAt: now, expiresAt: new Date(+now + 600_000) }
  const back = await signInAt(started.url, login)
  expect(back.origin + back.pathname).toBe(callbackOf(key))
  return { check, query: back.searchParams, authorizationUrl: new URL(started.url) }
}

describe('OpenID Connect provider', () => {
  it('runs the authorization code flow with PKCE, state and nonce, and accepts age_over_18 true from the id_token', async () => {
    const adapter = method()
    expect(adapter).toMatchObject({ id: 'oidc-verifier', kind: 'oidc', provider: 'Test verifier', doubleAnonymous: false })
    const { check, query, authorizationUrl } = await run(adapter, 'adult')
    const asked = Object.fromEntries(authorizationUrl.searchParams)
    expect(asked).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      code_challenge_method: 'S256',
      nonce: check.nonce,
      scope: 'openid age',
      ui_locales: 'de',
    })
    expect(asked.state).toBe(check.state.state)
    expect(JSON.parse(asked.claims!)).toEqual({ id_token: { age_over_18: { essential: true } }, userinfo: { age_over_18: { essential: true } } })
    expect(query.get('code')).toBeTruthy()
    expect(await adapter.complete(check, { query, headers: {} })).toEqual({ ok: true, over18: true, assurance: 'verified' })
    // The code is spent.
    expect(await adapter.complete(check, { query, headers: {} })).toEqual({ ok: false, reason: 'the provider answered invalid_grant' })
  })

  it('reads the claim from userinfo when the id_token lacks it', async () => {
    const adapter = method({ key: 'plain', claimsParameter: false, assurance: 'estimated' })
    const { check, query, authorizationUrl } = await run(adapter, 'adult', 'plain')
    expect(authorizationUrl.searchParams.has('claims')).toBe(false)
    expect(await adapter.complete(check, { query, headers: {} })).toEqual({ ok: true, over18: true, assurance: 'estimated' })
  })

  it('says no for a claim that is false, missing or not the boolean true', async () => {
    const adapter = method()
    for (const [login, reason] of [
      ['minor', 'age_over_18 is not true'],
      ['silent', 'the provider did not say age_over_18'],
      ['textual', 'age_over_18 is not true'],
    ]) {
      const { check, query } = await run(adapter, login!)
      expect(await adapter.complete(check, { query, headers: {} }), login).toEqual({ ok: false, reason })
    }
  })

  it('refuses a callback with another state, and an id_token for another nonce', async () => {
    const adapter = method()
    {
      const { check, query } = await run(adapter, 'adult')
      query.set('state', 'forged-state')
      expect(await adapter.complete(check, { query, headers: {} })).toEqual({ ok: false, reason: expect.stringMatching(/state/i) })
    }
    {
      const { check, query } = await run(adapter, 'adult')
      expect(await adapter.complete({ ...check, nonce: 'another-nonce' }, { query, headers: {} })).toEqual({
        ok: false,
        reason: expect.stringMatching(/nonce/i),
      })
    }
    {
      // A callback from another check's browser: its state is not this check's.
      const first = await run(adapter, 'adult')
      const second = await run(adapter, 'adult')
      expect(await adapter.complete(second.check, { query: first.query, headers: {} })).toMatchObject({ ok: false })
    }
  })

  it('reports a refusal at the provider, and a call without a callback, without failing the check', async () => {
    const adapter = method()
    const { check } = await run(adapter, 'adult')
    const denied = new URLSearchParams({ error: 'access_denied', state: String(check.state.state), iss: provider.issuer })
    expect(await adapter.complete(check, { query: denied, headers: {} })).toEqual({ ok: false, reason: 'the provider answered access_denied' })
    await expect(adapter.complete(check, { headers: {}, body: {} })).rejects.toBeInstanceOf(AgeResponseRejected)
  })

  it('is unavailable while the provider cannot be reached, and tries again later', async () => {
    const gone = method({ issuer: 'http://127.0.0.1:9' })
    const start = () =>
      gone.start({
        checkId: 'c',
        nonce: 'n'.repeat(22),
        locale: 'en',
        origin: SITE,
        callbackUrl: callbackOf('verifier'),
        responseUrl: `${SITE}/age/response/x`,
      })
    await expect(start()).rejects.toBeInstanceOf(AgeMethodUnavailable)
    await expect(start()).rejects.toThrow(/discovery of http:\/\/127.0.0.1:9\/ failed/)
  })
})
