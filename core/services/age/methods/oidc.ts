/**
 * A generic OpenID Connect age-verification provider (one adapter per configured provider):
 * the authorization code flow with PKCE, state and nonce (openid-client 6). The answer is one
 * boolean claim (`age_over_18` unless configured otherwise), asked for in the id_token through
 * the `claims` request parameter and read from the userinfo endpoint when the id_token lacks it.
 * Only the value `true` counts: false, missing, "true" or 1 are a no.
 *
 * The provider's metadata is discovered on the first check and kept; a failed discovery is
 * tried again at the next check.
 */
import * as client from 'openid-client'
import { z } from 'zod'
import type { AgeCheckStart, AgeCompletion, AgeMethod, AgeMethodResult, AgeStartResult, PendingAgeCheck } from '../method.js'
import { AgeMethodUnavailable, AgeResponseRejected } from './errors.js'

export interface OidcProviderOptions {
  /** Part of the method id (`oidc-<key>`), so of the callback URL. */
  key: string
  /** Shown to the visitor and kept with the proof. */
  name: string
  issuer: string
  clientId: string
  clientSecret: string
  /** The boolean claim that says the person is 18 or older. */
  claim: string
  /** Space-separated; always includes openid. */
  scope: string
  /** Ask for the claim in the id_token with the `claims` parameter (OpenID Connect Core §5.5). */
  claimsParameter: boolean
  doubleAnonymous: boolean
  /** verified: an identity document or equivalent; estimated: facial age estimation and the like. */
  assurance: 'verified' | 'estimated'
  /** Seconds for each request to the provider. */
  timeoutSeconds?: number
}

const oidcState = z.object({ state: z.string(), codeVerifier: z.string(), redirectUri: z.string() })

export class OidcAgeMethod implements AgeMethod {
  readonly kind = 'oidc' as const
  readonly id: string
  readonly provider: string
  readonly doubleAnonymous: boolean
  private configuration: Promise<client.Configuration> | null = null

  constructor(private readonly options: OidcProviderOptions) {
    this.id = `oidc-${options.key}`
    this.provider = options.name
    this.doubleAnonymous = options.doubleAnonymous
  }

  async start(input: AgeCheckStart): Promise<AgeStartResult> {
    const config = await this.discovered()
    const codeVerifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const { claim, claimsParameter, scope } = this.options
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: input.callbackUrl,
      response_type: 'code',
      scope,
      state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ui_locales: input.locale,
      ...(claimsParameter ? { claims: JSON.stringify({ id_token: { [claim]: { essential: true } }, userinfo: { [claim]: { essential: true } } }) } : {}),
    })
    return { kind: 'redirect', url: url.href, state: { state, codeVerifier, redirectUri: input.callbackUrl } }
  }

  async complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult> {
    if (!input.query) throw new AgeResponseRejected(400, 'the provider answers by a redirect to the callback')
    const state = oidcState.parse(check.state)
    const config = await this.discovered()
    const callback = new URL(state.redirectUri)
    callback.search = input.query.toString()
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: state.codeVerifier,
        expectedState: state.state,
        expectedNonce: check.nonce,
        idTokenExpected: true,
      })
      const idToken = tokens.claims()!
      let value: unknown = idToken[this.options.claim]
      if (value === undefined) {
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
        value = userinfo[this.options.claim]
      }
      if (value !== true)
        return { ok: false, reason: value === undefined ? `the provider did not say ${this.options.claim}` : `${this.options.claim} is not true` }
      return { ok: true, over18: true, assurance: this.options.assurance }
    } catch (error) {
      if (unreachable(error)) throw new AgeMethodUnavailable(`${this.provider} cannot be reached: ${describe(error)}`)
      return { ok: false, reason: describe(error) }
    }
  }

  private discovered(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.options.issuer)
      const timeout = this.options.timeoutSeconds ?? 10
      // http only reaches config for a loopback issuer outside production (tests, a local provider).
      const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []
      this.configuration = client
        .discovery(issuer, this.options.clientId, this.options.clientSecret, undefined, { execute, timeout })
        .catch((error: unknown) => {
          this.configuration = null
          throw new AgeMethodUnavailable(`${this.provider}: discovery of ${issuer.href} failed: ${describe(error)}`)
        })
    }
    return this.configuration
  }
}

/** The network or the provider's server failed: nothing about this visitor. */
function unreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true
  return error instanceof TypeError && /fetch failed/i.test(error.message)
}

function describe(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) return `the provider answered ${error.error}`
  if (!(error instanceof Error)) return String(error)
  // openid-client wraps the precise reason (an unexpected state, a nonce mismatch) in `cause`.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}
