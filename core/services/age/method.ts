/**
 * A way to verify a visitor's age (an EU age-verification wallet, an OpenID Connect provider, a
 * session-API provider, a card check, the local development provider), behind one interface so
 * the flow, the routes and the store of results know none of them. Modelled on the billing
 * providers: each adapter turns its protocol into one normalised result.
 *
 * The flow (core/services/age/checks.ts and server/http/age.ts):
 * 1. the visitor picks a method the policy of their jurisdiction accepts; the server stores a
 *    check (id, nonce, expiry) and calls `start`; whatever `start` returns in `state` is kept with
 *    the check on the server (PKCE verifier, ephemeral keys, the provider's session id);
 * 2. the browser goes where `start` says (a redirect, a wallet request by QR code or through the
 *    Digital Credentials API);
 * 3. the provider comes back to one of the generic routes, which finds the check and calls
 *    `complete` (browser callback, direct_post of a wallet, or a provider's webhook through
 *    `webhookCheck` to find the check first);
 * 4. an accepted result becomes a proof (over 18, method, provider, double-anonymous, expiry):
 *    never a birth date, a name, a document or a picture.
 */
import type { Locale } from '../../domain/locale.js'

type AgeMethodKind = 'dev' | 'eu-wallet' | 'oidc' | 'session-api' | 'card'

/** A configured method: its kind, and which provider it talks to ('dev', an OIDC issuer's name, …). */
export interface AgeMethodInfo {
  /** Unique among the configured methods, used in URLs: 'dev', 'eu-wallet', 'oidc-verifymy', … */
  id: string
  kind: AgeMethodKind
  /** Who checks: shown to the visitor and kept with the proof. */
  provider: string
  /** The site learns nothing but the yes/no, and the checker nothing of the site (Arcom's "double anonymity"). */
  doubleAnonymous: boolean
}

/** What the server hands a method to begin a check. */
export interface AgeCheckStart {
  checkId: string
  /** Fresh random value bound to this check (OIDC nonce, OpenID4VP nonce, …). */
  nonce: string
  locale: Locale
  /** The site's own origin (https://example.com), for redirect URIs and Digital Credentials API bindings. */
  origin: string
  /** Where a browser redirect comes back to: GET `${origin}/age/callback/${methodId}`. */
  callbackUrl: string
  /** Where a wallet posts its answer (OpenID4VP direct_post) or a provider its result: POST `${origin}/age/response/${methodId}`. */
  responseUrl: string
}

export type AgeStartResult =
  /** Send the browser there (OIDC, session-API providers, card check, the development page). */
  | { kind: 'redirect'; url: string; state?: Record<string, unknown> }
  /**
   * A wallet presentation: `qrUrl` for another device (an `av://` or `openid4vp://` request), and
   * `digitalCredentials` for navigator.credentials.get({ digital: { requests } }) on this one.
   */
  | {
      kind: 'wallet'
      qrUrl: string
      /**
       * The same request for a wallet app on this device (a link, not a QR code): its answer comes
       * back through the browser with a response code (see `confirmsBrowserReturn`).
       */
      sameDeviceUrl?: string
      digitalCredentials?: { requests: Array<{ protocol: string; data: unknown }> }
      state?: Record<string, unknown>
    }

/** A check as the store keeps it while it runs. */
export interface PendingAgeCheck {
  id: string
  methodId: string
  nonce: string
  /** What `start` returned in `state`. */
  state: Record<string, unknown>
  createdAt: Date
  expiresAt: Date
}

/** What came back from the provider or the browser, as the generic routes received it. */
export interface AgeCompletion {
  /** The callback's query string (redirect flows). */
  query?: URLSearchParams
  /** A posted body: form fields (direct_post), JSON (Digital Credentials API, webhooks). */
  body?: unknown
  /** The body's exact bytes (signed webhooks). */
  rawBody?: Buffer
  headers: Record<string, string | string[] | undefined>
  /** The page's origin as the browser stated it (Digital Credentials API session binding). */
  origin?: string
}

export type AgeMethodResult = { ok: true; over18: true; assurance: 'verified' | 'estimated' } | { ok: false; reason: string }

/** What POST /age/response answers whoever posted (a wallet, a provider), once `complete` has run. */
export interface AgeResponseAnswer {
  status: number
  /** Sent as JSON. */
  body: unknown
  /**
   * The result may be applied to the check's browser only when that browser comes back to the
   * callback with the code that `body` hands the wallet (OpenID4VP 1.0 §13.3, same-device flow):
   * keep the result on the check until `confirmsBrowserReturn` says yes.
   */
  awaitBrowser: boolean
}

export interface AgeMethod extends AgeMethodInfo {
  start(input: AgeCheckStart): Promise<AgeStartResult>
  complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult>
  /** Server-to-server results (webhooks): which check this call is about, before `complete` is called. */
  webhookCheck?(input: AgeCompletion): Promise<{ checkId: string } | null>
  /** The answer to a POST /age/response after `complete`; without it: 200 `{}`, applied at once. */
  responseAnswer?(check: PendingAgeCheck, input: AgeCompletion, result: AgeMethodResult): AgeResponseAnswer
  /** For a result kept with `awaitBrowser`: whether this return of the check's browser to the callback carries the right code. */
  confirmsBrowserReturn?(check: PendingAgeCheck, query: URLSearchParams): boolean
}
