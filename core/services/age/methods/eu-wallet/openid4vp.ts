/**
 * OpenID4VP 1.0 as the blueprint's Annex A profiles it: unsigned requests (client id prefix
 * `redirect_uri:`), `response_type=vp_token`, a DCQL query for the proof of age, answered by
 * `direct_post` to the response URI (by QR code or a link to a wallet app), or through the
 * Digital Credentials API (`openid4vp-v1-unsigned`, response mode `dc_api`, no client id: the
 * page's origin is the verifier's identity).
 */
import { createOpenid4vpAuthorizationRequest, parseOpenid4vpAuthorizationResponse } from '@openid4vc/openid4vp'
import { DCQL_ID, DCQL_QUERY } from './presentation.js'

export const DC_API_OPENID4VP_PROTOCOL = 'openid4vp-v1-unsigned'

const unsigned = (what: string) => () => {
  throw new Error(`${what}: the age-verification profile uses unsigned, unencrypted requests and answers`)
}
const createCallbacks = { signJwt: unsigned('signJwt'), encryptJwe: unsigned('encryptJwe') }
const parseCallbacks = { verifyJwt: unsigned('verifyJwt'), decryptJwe: unsigned('decryptJwe') }

export function directPostPayload(options: { responseUri: string; nonce: string; state: string }) {
  return {
    response_type: 'vp_token' as const,
    response_mode: 'direct_post' as const,
    client_id: `redirect_uri:${options.responseUri}`,
    response_uri: options.responseUri,
    nonce: options.nonce,
    state: options.state,
    dcql_query: DCQL_QUERY,
  }
}

export function dcApiPayload(nonce: string) {
  return { response_type: 'vp_token' as const, response_mode: 'dc_api' as const, nonce, dcql_query: DCQL_QUERY }
}

/** The request as a link (`av://?response_type=vp_token&client_id=redirect_uri%3A…`), for a QR code or a wallet app on this device. */
export async function requestUrl(scheme: string, payload: ReturnType<typeof directPostPayload>): Promise<string> {
  const { authorizationRequest } = await createOpenid4vpAuthorizationRequest({
    scheme: `${scheme}://`,
    authorizationRequestPayload: payload,
    callbacks: createCallbacks,
  })
  return authorizationRequest
}

/**
 * The one presentation answering the proof-of-age query, or why there is none. The library
 * checks the state; it accepts answers under other query ids, so the id is looked up here.
 */
export async function presentationOf(
  response: Record<string, unknown>,
  request: ReturnType<typeof directPostPayload> | ReturnType<typeof dcApiPayload>,
  origin?: string,
): Promise<{ ok: true; presentation: string } | { ok: false; reason: string }> {
  let parsed: Awaited<ReturnType<typeof parseOpenid4vpAuthorizationResponse>>
  try {
    parsed = await parseOpenid4vpAuthorizationResponse({
      authorizationResponse: response,
      authorizationRequestPayload: request,
      callbacks: parseCallbacks,
      ...(origin ? { origin } : {}),
    })
  } catch (error) {
    return { ok: false, reason: `not an OpenID4VP answer to this request: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }
  }
  const entries = parsed.type === 'dcql' ? parsed.dcql.presentations[DCQL_ID] : undefined
  if (!entries || entries.length !== 1) return { ok: false, reason: `expected one presentation for ${DCQL_ID}` }
  const [entry] = entries
  if (typeof entry !== 'string') return { ok: false, reason: 'the presentation is not an encoded mdoc device response' }
  return { ok: true, presentation: entry }
}
