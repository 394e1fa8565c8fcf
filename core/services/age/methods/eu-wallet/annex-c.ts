/**
 * ISO/IEC 18013-7 Annex C over the W3C Digital Credentials API (protocol `org-iso-mdoc`), the
 * blueprint's first presentation path (Annex A.5): the page hands the browser an mdoc
 * DeviceRequest and an HPKE public key; the wallet answers with its DeviceResponse encrypted to
 * that key, bound to the page's origin through the session transcript.
 *
 *   EncryptionInfo    = ["dcapi", { nonce: bstr, recipientPublicKey: COSE_Key }]  (base64url of its CBOR in the request)
 *   SessionTranscript = [null, null, ["dcapi", SHA-256(CBOR([base64EncryptionInfo, origin]))]]
 *   response          = base64url(CBOR(["dcapi", { enc: bstr, cipherText: bstr }]))
 *   HPKE base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM, info = CBOR(SessionTranscript)
 */
import { createHash } from 'node:crypto'
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { cborDecode, cborEncode, QrHandover, SessionTranscript } from '@owf/mdoc'
import { ageDeviceRequest } from './presentation.js'

export const ANNEX_C_PROTOCOL = 'org-iso-mdoc'

export const hpkeSuite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() })

const b64u = (bytes: Uint8Array | ArrayBuffer) => Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('base64url')

/**
 * @owf/mdoc 0.6.0 knows no "dcapi" handover, and its Handover base class is not exported; it is
 * the prototype of the exported QrHandover. Only encoding is needed (tests/unit/age-eu-wallet.test.ts
 * covers it end to end, so a library update that moves it fails there).
 */
const Handover = Object.getPrototypeOf(QrHandover) as new (structure: unknown) => object

class DcapiHandover extends Handover {
  constructor(private readonly hash: Uint8Array) {
    super(hash)
  }
  get encodedStructure() {
    return ['dcapi', this.hash]
  }
  get requiresReaderKey() {
    return false
  }
  get requiresDeviceEngagement() {
    return false
  }
}

export function annexCSessionTranscript(base64EncryptionInfo: string, origin: string): SessionTranscript {
  const hash = new Uint8Array(
    createHash('sha256')
      .update(cborEncode([base64EncryptionInfo, origin]))
      .digest(),
  )
  return SessionTranscript.create({ handover: new DcapiHandover(hash) as unknown as Parameters<typeof SessionTranscript.create>[0]['handover'] })
}

/** A request: its data for navigator.credentials.get, and what the server keeps to open the answer. */
export async function createAnnexCRequest(nonce: Uint8Array): Promise<{
  data: { deviceRequest: string; encryptionInfo: string }
  keep: { encryptionInfo: string; recipientPrivateKey: string }
}> {
  const keys = await hpkeSuite.kem.generateKeyPair()
  const point = new Uint8Array(await hpkeSuite.kem.serializePublicKey(keys.publicKey)) // 0x04 ‖ x ‖ y
  const recipientPublicKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [-1, 1],
    [-2, point.slice(1, 33)],
    [-3, point.slice(33, 65)],
  ])
  const encryptionInfo = b64u(
    cborEncode([
      'dcapi',
      new Map<string, unknown>([
        ['nonce', nonce],
        ['recipientPublicKey', recipientPublicKey],
      ]),
    ]),
  )
  return {
    data: { deviceRequest: b64u(ageDeviceRequest().encode()), encryptionInfo },
    keep: { encryptionInfo, recipientPrivateKey: b64u(await hpkeSuite.kem.serializePrivateKey(keys.privateKey)) },
  }
}

/**
 * Opens the wallet's answer for this origin: the DeviceResponse bytes and the transcript to
 * verify them with, or why not. A response made for another origin does not decrypt.
 */
export async function openAnnexCResponse(
  response: string,
  keep: { encryptionInfo: string; recipientPrivateKey: string },
  origin: string,
): Promise<{ ok: true; deviceResponse: Uint8Array; sessionTranscript: SessionTranscript } | { ok: false; reason: string }> {
  let enc: unknown
  let cipherText: unknown
  try {
    const decoded: unknown = cborDecode(Buffer.from(response, 'base64url'))
    if (!Array.isArray(decoded) || decoded[0] !== 'dcapi' || !(decoded[1] instanceof Map)) return { ok: false, reason: 'not an org-iso-mdoc dcapi response' }
    enc = decoded[1].get('enc')
    cipherText = decoded[1].get('cipherText')
  } catch {
    return { ok: false, reason: 'the response is not CBOR' }
  }
  if (!(enc instanceof Uint8Array) || !(cipherText instanceof Uint8Array)) return { ok: false, reason: 'the response lacks enc or cipherText' }
  const sessionTranscript = annexCSessionTranscript(keep.encryptionInfo, origin)
  try {
    const recipientKey = await hpkeSuite.kem.deserializePrivateKey(Buffer.from(keep.recipientPrivateKey, 'base64url'))
    const plain = await hpkeSuite.open({ recipientKey, enc, info: sessionTranscript.encode() }, cipherText)
    return { ok: true, deviceResponse: new Uint8Array(plain), sessionTranscript }
  } catch {
    return { ok: false, reason: 'the response does not decrypt for this page (another origin or key)' }
  }
}
