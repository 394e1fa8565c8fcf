/**
 * The proof of age of the EU age-verification blueprint (av-doc-technical-specification,
 * Annex A): an ISO mdoc of document type and namespace `eu.europa.ec.av.1` disclosing the one
 * element `age_over_18`. Verifying a presentation, whatever carried it: the issuer's signature
 * and its chain to a configured trust anchor, the digests of the disclosed elements, the
 * device's signature over this check's session transcript (nonce, and origin or response URI),
 * validity now; then this product's own rules, which the library leaves to its caller: exactly
 * one document, of this document type, and `age_over_18` exactly `true`.
 */
import { DeviceRequest, DeviceResponse, DocRequest, ItemsRequest, Verifier, type SessionTranscript, type VerificationAssessment } from '@owf/mdoc'
import { nodeMdocContext } from './mdoc-context.js'

export const AV_DOC_TYPE = 'eu.europa.ec.av.1'
const AGE_ELEMENT = 'age_over_18'
/** The credential query id in OpenID4VP's DCQL, and the key of its answer in the vp_token. */
export const DCQL_ID = 'proof_of_age'

/** OpenID4VP 1.0 §6 DCQL, as the blueprint's Annex A asks it. */
export const DCQL_QUERY = {
  credentials: [{ id: DCQL_ID, format: 'mso_mdoc', meta: { doctype_value: AV_DOC_TYPE }, claims: [{ path: [AV_DOC_TYPE, AGE_ELEMENT] }] }],
}

/** The ISO 18013-5 request for the same element (intent to retain: no). */
export function ageDeviceRequest(): DeviceRequest {
  return DeviceRequest.create({
    docRequests: [DocRequest.create({ itemsRequest: ItemsRequest.create({ docType: AV_DOC_TYPE, namespaces: { [AV_DOC_TYPE]: { [AGE_ELEMENT]: false } } }) })],
  })
}

export type PresentationVerdict = { ok: true } | { ok: false; reason: string }

const context = nodeMdocContext()

export async function verifyAgePresentation(
  encoded: Uint8Array | string,
  options: { sessionTranscript: SessionTranscript; trustAnchors: Uint8Array[]; now: Date },
): Promise<PresentationVerdict> {
  let response: DeviceResponse
  try {
    response = typeof encoded === 'string' ? DeviceResponse.fromEncodedForOid4Vp(encoded) : DeviceResponse.decode(encoded)
  } catch {
    return { ok: false, reason: 'the presentation is not an mdoc device response' }
  }
  const failed: VerificationAssessment[] = []
  try {
    await Verifier.verifyDeviceResponse(
      {
        deviceRequest: ageDeviceRequest(),
        deviceResponse: response,
        sessionTranscript: options.sessionTranscript,
        trustedCertificates: options.trustAnchors,
        now: options.now,
        // Collects every check: the library's default throws at the first failure without its reason.
        onCheck: (check) => {
          if (check.status === 'FAILED') failed.push(check)
        },
      },
      context,
    )
  } catch (error) {
    return { ok: false, reason: `the presentation cannot be verified: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (failed.length) return { ok: false, reason: failed.map((check) => `${check.category}: ${check.reason ?? check.check}`).join('; ') }
  const documents = response.documents ?? []
  if (documents.length !== 1) return { ok: false, reason: `expected exactly one document, got ${documents.length}` }
  const document = documents[0]!
  if (document.docType !== AV_DOC_TYPE || document.issuerSigned.issuerAuth.mobileSecurityObject.docType !== AV_DOC_TYPE) {
    return { ok: false, reason: `the document is not a proof of age (${AV_DOC_TYPE})` }
  }
  const claims = document.issuerSigned.getPrettyClaims(AV_DOC_TYPE) as Record<string, unknown> | undefined
  if (claims?.[AGE_ELEMENT] !== true) return { ok: false, reason: `${AGE_ELEMENT} is not true` }
  return { ok: true }
}
