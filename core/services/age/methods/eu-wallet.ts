/**
 * The EU age-verification wallet (the Commission's blueprint, av-doc-technical-specification
 * Annex A): the visitor presents an `age_over_18` proof (ISO mdoc `eu.europa.ec.av.1`) from an
 * age-verification app or an EUDI wallet. Double anonymity by construction: the proof carries
 * nothing but the yes, and the issuer never learns where it is shown.
 *
 * `start` prepares, for one check, every way a wallet can answer:
 *  - `digitalCredentials`: navigator.credentials.get on this device, first ISO 18013-7 Annex C
 *    (`org-iso-mdoc`, the answer HPKE-encrypted to a key made for this check), then OpenID4VP
 *    (`openid4vp-v1-unsigned`); the page posts `{ protocol, data }` of the credential as JSON to
 *    the response URL;
 *  - `qrUrl`: an OpenID4VP request (`av://…`) for a wallet on another device, which posts its
 *    answer (direct_post) to the response URL; the page waits for the check to complete;
 *  - `sameDeviceUrl`: the same request for a wallet app on this device; the wallet's post is
 *    answered with a redirect_uri carrying a one-time response code, and the result belongs to
 *    the browser only once it comes back with that code (OpenID4VP 1.0 §13.3).
 * The OpenID4VP `state` is the check's id (plus a mark for the same-device request): that is how
 * a wallet's post, which has no cookie, finds its check (`webhookCheck`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { SessionTranscript } from '@owf/mdoc'
import { z } from 'zod'
import type { AgeCheckStart, AgeCompletion, AgeMethod, AgeMethodResult, AgeResponseAnswer, AgeStartResult, PendingAgeCheck } from '../method.js'
import { postedBody } from './completion-body.js'
import { AgeResponseRejected } from './errors.js'
import { ANNEX_C_PROTOCOL, createAnnexCRequest, openAnnexCResponse } from './eu-wallet/annex-c.js'
import { nodeMdocContext } from './eu-wallet/mdoc-context.js'
import { DC_API_OPENID4VP_PROTOCOL, dcApiPayload, directPostPayload, presentationOf, requestUrl } from './eu-wallet/openid4vp.js'
import { verifyAgePresentation, type PresentationVerdict } from './eu-wallet/presentation.js'

export interface EuWalletOptions {
  /** Shown to the visitor and kept with the proof. */
  provider: string
  /** DER certificates of the trust anchors (IACAs) whose document signers are believed. */
  trustAnchors: Uint8Array[]
  /** The URL scheme of the QR code and app link: `av` (the blueprint's age-verification app), `openid4vp`, `eudi-openid4vp`. */
  scheme: string
  now?: () => Date
}

/** Marks the state of the same-device request. */
const SAME_DEVICE = '.same-device'

const walletState = z.object({
  origin: z.string(),
  responseUri: z.string(),
  callbackUrl: z.string(),
  responseCode: z.string(),
  encryptionInfo: z.string(),
  recipientPrivateKey: z.string(),
})
type WalletState = z.infer<typeof walletState>

const dcApiAnswer = z.object({ protocol: z.string(), data: z.record(z.string(), z.unknown()) })

const context = nodeMdocContext()

export class EuWalletMethod implements AgeMethod {
  readonly id = 'eu-wallet'
  readonly kind = 'eu-wallet' as const
  readonly doubleAnonymous = true
  readonly provider: string
  private readonly now: () => Date

  constructor(private readonly options: EuWalletOptions) {
    this.provider = options.provider
    this.now = options.now ?? (() => new Date())
  }

  async start(input: AgeCheckStart): Promise<AgeStartResult> {
    const request = (state: string) => requestUrl(this.options.scheme, directPostPayload({ responseUri: input.responseUrl, nonce: input.nonce, state }))
    // Annex C wants at least 16 bytes of nonce: the check's nonce, hashed to 32.
    const annexC = await createAnnexCRequest(new Uint8Array(createHash('sha256').update(input.nonce).digest()))
    const state: WalletState = {
      origin: input.origin,
      responseUri: input.responseUrl,
      callbackUrl: input.callbackUrl,
      responseCode: randomBytes(32).toString('base64url'),
      ...annexC.keep,
    }
    return {
      kind: 'wallet',
      qrUrl: await request(input.checkId),
      sameDeviceUrl: await request(input.checkId + SAME_DEVICE),
      digitalCredentials: {
        requests: [
          { protocol: ANNEX_C_PROTOCOL, data: annexC.data },
          { protocol: DC_API_OPENID4VP_PROTOCOL, data: dcApiPayload(input.nonce) },
        ],
      },
      state,
    }
  }

  /** A wallet's direct_post names its check in `state`; the Digital Credentials API answer comes from the check's own browser. */
  async webhookCheck(input: AgeCompletion): Promise<{ checkId: string } | null> {
    const body = postedBody(input)
    if (body.kind !== 'form' || !body.fields.state) return null
    return { checkId: body.fields.state.endsWith(SAME_DEVICE) ? body.fields.state.slice(0, -SAME_DEVICE.length) : body.fields.state }
  }

  async complete(check: PendingAgeCheck, input: AgeCompletion): Promise<AgeMethodResult> {
    const state = walletState.parse(check.state)
    const body = postedBody(input)
    let verdict: PresentationVerdict
    if (body.kind === 'form') verdict = await this.directPost(check, state, body.fields)
    else if (body.kind === 'json') verdict = await this.digitalCredential(check, state, body.value, input.origin)
    else throw new AgeResponseRejected(415, 'expected a wallet answer: form fields (direct_post) or JSON (Digital Credentials API)')
    return verdict.ok ? { ok: true, over18: true, assurance: 'verified' } : verdict
  }

  responseAnswer(check: PendingAgeCheck, input: AgeCompletion): AgeResponseAnswer {
    const body = postedBody(input)
    if (body.kind !== 'form' || !body.fields.state?.endsWith(SAME_DEVICE)) return { status: 200, body: {}, awaitBrowser: false }
    const state = walletState.parse(check.state)
    const redirect = new URL(state.callbackUrl)
    redirect.searchParams.set('response_code', state.responseCode)
    return { status: 200, body: { redirect_uri: redirect.toString() }, awaitBrowser: true }
  }

  confirmsBrowserReturn(check: PendingAgeCheck, query: URLSearchParams): boolean {
    const expected = Buffer.from(walletState.parse(check.state).responseCode)
    const given = Buffer.from(query.get('response_code') ?? '')
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  private async directPost(check: PendingAgeCheck, state: WalletState, fields: Record<string, string>): Promise<PresentationVerdict> {
    const answered = fields.state
    if (answered !== check.id && answered !== check.id + SAME_DEVICE) throw new AgeResponseRejected(400, 'the answer is about another request')
    if (fields.error) return { ok: false, reason: `the wallet answered ${fields.error.slice(0, 64)}` }
    const request = directPostPayload({ responseUri: state.responseUri, nonce: check.nonce, state: answered })
    const presentation = await presentationOf(fields, request)
    if (!presentation.ok) return presentation
    const sessionTranscript = await SessionTranscript.forOid4Vp({ clientId: request.client_id, nonce: check.nonce, responseUri: state.responseUri }, context)
    return this.verify(presentation.presentation, sessionTranscript)
  }

  private async digitalCredential(check: PendingAgeCheck, state: WalletState, value: unknown, statedOrigin: string | undefined): Promise<PresentationVerdict> {
    const answer = dcApiAnswer.safeParse(value)
    if (!answer.success) throw new AgeResponseRejected(400, 'expected the credential of the Digital Credentials API: { protocol, data }')
    // The wallet binds its answer to the origin the browser saw; this check was made for the site's own.
    if (statedOrigin !== undefined && statedOrigin !== state.origin) return { ok: false, reason: 'the answer was made for another page origin' }
    const { protocol, data } = answer.data
    if (protocol === ANNEX_C_PROTOCOL) {
      if (typeof data.response !== 'string') throw new AgeResponseRejected(400, 'the org-iso-mdoc answer lacks its response')
      const opened = await openAnnexCResponse(data.response, state, state.origin)
      return opened.ok ? this.verify(opened.deviceResponse, opened.sessionTranscript) : opened
    }
    if (protocol === DC_API_OPENID4VP_PROTOCOL) {
      const presentation = await presentationOf(data, dcApiPayload(check.nonce), state.origin)
      if (!presentation.ok) return presentation
      return this.verify(presentation.presentation, await SessionTranscript.forOid4VpDcApi({ origin: state.origin, nonce: check.nonce }, context))
    }
    throw new AgeResponseRejected(400, `unknown protocol ${protocol.slice(0, 64)}`)
  }

  private verify(presentation: Uint8Array | string, sessionTranscript: SessionTranscript): Promise<PresentationVerdict> {
    return verifyAgePresentation(presentation, { sessionTranscript, trustAnchors: this.options.trustAnchors, now: this.now() })
  }
}
