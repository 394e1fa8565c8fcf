/**
 * A test issuer and wallet for the EU age-verification proof: a throw-away IACA (trust anchor)
 * with a document signer certificate, a device key, credentials signed by them, and the three
 * ways a wallet answers (OpenID4VP direct_post, the Digital Credentials API with OpenID4VP, and
 * with ISO 18013-7 Annex C, HPKE-encrypted).
 */
import 'reflect-metadata' // @peculiar/x509 2.x (tsyringe) needs it before it loads
import { webcrypto } from 'node:crypto'
import * as x509 from '@peculiar/x509'
import {
  cborDecode,
  cborEncode,
  CoseKey,
  DeviceKey,
  DeviceRequest,
  DocRequest,
  Holder,
  Issuer,
  ItemsRequest,
  SessionTranscript,
  SignatureAlgorithm,
  type IssuerSigned,
} from '@owf/mdoc'
import { annexCSessionTranscript, hpkeSuite } from '../../core/services/age/methods/eu-wallet/annex-c.js'
import { MDL_DS_EKU, nodeMdocContext } from '../../core/services/age/methods/eu-wallet/mdoc-context.js'
import { AV_DOC_TYPE } from '../../core/services/age/methods/eu-wallet/presentation.js'

x509.cryptoProvider.set(webcrypto as Crypto)
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
const DAY = 86_400_000
const context = nodeMdocContext()

export interface TestIssuer {
  anchorDer: Uint8Array
  anchorPem: string
  signerDer: Uint8Array
  signerJwk: Record<string, unknown>
}

/** An IACA (self-signed CA) and a document signer it issued, valid from yesterday for a year unless told. */
export async function makeIssuer(options: { name?: string; notBefore?: Date; notAfter?: Date } = {}): Promise<TestIssuer> {
  const name = options.name ?? 'Test AV IACA'
  const notBefore = options.notBefore ?? new Date(Date.now() - DAY)
  const notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY)
  const anchorKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair
  const anchor = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `C=EU, CN=${name}`,
    notBefore,
    notAfter,
    signingAlgorithm: EC,
    keys: anchorKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(anchorKeys.publicKey),
    ],
  })
  const signerKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    issuer: anchor.subject,
    subject: `C=EU, CN=${name} DS`,
    notBefore,
    notAfter,
    signingAlgorithm: EC,
    publicKey: signerKeys.publicKey,
    signingKey: anchorKeys.privateKey,
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([MDL_DS_EKU], true),
      await x509.AuthorityKeyIdentifierExtension.create(anchorKeys.publicKey),
    ],
  })
  return {
    anchorDer: new Uint8Array(anchor.rawData),
    anchorPem: anchor.toString('pem'),
    signerDer: new Uint8Array(signer.rawData),
    signerJwk: { ...(await webcrypto.subtle.exportKey('jwk', signerKeys.privateKey)), alg: 'ES256' },
  }
}

export interface DeviceKeys {
  privateJwk: Record<string, unknown>
  publicJwk: Record<string, unknown>
}

export async function makeDeviceKey(): Promise<DeviceKeys> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair
  const privateJwk = { ...(await webcrypto.subtle.exportKey('jwk', keys.privateKey)), alg: 'ES256' }
  const { d: _d, ...publicJwk } = privateJwk
  return { privateJwk, publicJwk }
}

/** A credential as an age-verification app holds it. */
export async function issueProof(
  issuer: TestIssuer,
  device: DeviceKeys,
  options: { ageOver18?: unknown; docType?: string; validFrom?: Date; validUntil?: Date } = {},
): Promise<IssuerSigned> {
  const validFrom = options.validFrom ?? new Date(Date.now() - 60_000)
  return new Issuer(options.docType ?? AV_DOC_TYPE, context).addIssuerNamespace(AV_DOC_TYPE, { age_over_18: options.ageOver18 ?? true }).sign({
    signingKey: CoseKey.fromJwk(issuer.signerJwk),
    certificates: [issuer.signerDer],
    algorithm: SignatureAlgorithm.ES256,
    digestAlgorithm: 'SHA-256',
    deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(device.publicJwk) },
    validityInfo: { signed: validFrom, validFrom, validUntil: options.validUntil ?? new Date(Date.now() + 90 * DAY) },
  })
}

function requestFor(docType: string): DeviceRequest {
  return DeviceRequest.create({
    docRequests: [DocRequest.create({ itemsRequest: ItemsRequest.create({ docType, namespaces: { [AV_DOC_TYPE]: { age_over_18: false } } }) })],
  })
}

async function deviceResponse(credential: IssuerSigned, device: DeviceKeys, sessionTranscript: SessionTranscript, docType: string): Promise<Uint8Array> {
  const response = await Holder.createDeviceResponseForDeviceRequest(
    { deviceRequest: requestFor(docType), issuerSigned: [credential], sessionTranscript, signature: { signingKey: CoseKey.fromJwk(device.privateJwk) } },
    context,
  )
  return response.encode()
}

/** The fields of the request link (av://?…) as a wallet reads them. */
export function requestParams(link: string): { clientId: string; responseUri: string; nonce: string; state: string } {
  const params = new URL(link).searchParams
  return { clientId: params.get('client_id')!, responseUri: params.get('response_uri')!, nonce: params.get('nonce')!, state: params.get('state')! }
}

/** The wallet's direct_post body for a request link. `as` overrides what the wallet binds its signature to. */
export async function directPostAnswer(
  link: string,
  credential: IssuerSigned,
  device: DeviceKeys,
  as: { nonce?: string; docType?: string } = {},
): Promise<string> {
  const request = requestParams(link)
  const transcript = await SessionTranscript.forOid4Vp(
    { clientId: request.clientId, nonce: as.nonce ?? request.nonce, responseUri: request.responseUri },
    context,
  )
  const bytes = await deviceResponse(credential, device, transcript, as.docType ?? AV_DOC_TYPE)
  return new URLSearchParams({ vp_token: JSON.stringify({ proof_of_age: [Buffer.from(bytes).toString('base64url')] }), state: request.state }).toString()
}

type DcRequests = Array<{ protocol: string; data: unknown }>

/** A Digital Credentials API answer through OpenID4VP, made on a page of `origin`. */
export async function dcApiOpenid4vpAnswer(requests: DcRequests, origin: string, credential: IssuerSigned, device: DeviceKeys) {
  const request = requests.find((entry) => entry.protocol === 'openid4vp-v1-unsigned')!.data as { nonce: string }
  const transcript = await SessionTranscript.forOid4VpDcApi({ origin, nonce: request.nonce }, context)
  const bytes = await deviceResponse(credential, device, transcript, AV_DOC_TYPE)
  return { protocol: 'openid4vp-v1-unsigned', data: { vp_token: { proof_of_age: [Buffer.from(bytes).toString('base64url')] } } }
}

/** A Digital Credentials API answer through ISO 18013-7 Annex C, made on a page of `origin`, encrypted to the request's key. */
export async function dcApiAnnexCAnswer(requests: DcRequests, origin: string, credential: IssuerSigned, device: DeviceKeys) {
  const request = requests.find((entry) => entry.protocol === 'org-iso-mdoc')!.data as { deviceRequest: string; encryptionInfo: string }
  const transcript = annexCSessionTranscript(request.encryptionInfo, origin)
  const deviceRequest = DeviceRequest.decode(Buffer.from(request.deviceRequest, 'base64url'))
  const response = await Holder.createDeviceResponseForDeviceRequest(
    { deviceRequest, issuerSigned: [credential], sessionTranscript: transcript, signature: { signingKey: CoseKey.fromJwk(device.privateJwk) } },
    context,
  )
  const [, parameters] = cborDecode(Buffer.from(request.encryptionInfo, 'base64url')) as [string, Map<string, unknown>]
  const key = parameters.get('recipientPublicKey') as Map<number, Uint8Array>
  const recipientPublicKey = await hpkeSuite.kem.deserializePublicKey(Buffer.concat([Buffer.from([4]), key.get(-2)!, key.get(-3)!]))
  const sealed = await hpkeSuite.seal({ recipientPublicKey, info: transcript.encode() }, response.encode())
  const answer = cborEncode([
    'dcapi',
    new Map<string, Uint8Array>([
      ['enc', new Uint8Array(sealed.enc)],
      ['cipherText', new Uint8Array(sealed.ct)],
    ]),
  ])
  return { protocol: 'org-iso-mdoc', data: { response: Buffer.from(answer).toString('base64url') } }
}
