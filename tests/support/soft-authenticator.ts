/**
 * A software WebAuthn authenticator for tests and the passkey bench: it answers the options
 * @simplewebauthn/server makes as a real authenticator would (ES256 key pair, "none"
 * attestation, authenticator data with the RP ID hash, flags and a signature counter, an ECDSA
 * signature over authenticatorData ‖ SHA-256(clientDataJSON)), and can be told to misbehave
 * (another origin or RP ID, no user verification, a counter that does not grow).
 */
import crypto from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

interface StoredCredential {
  id: Buffer
  privateKey: crypto.KeyObject
  userHandle: string
  rpId: string
  counter: number
}

export interface Misbehaviour {
  origin?: string
  rpId?: string
  userVerified?: boolean
  /** The counter to report (default: one more than last time). */
  counter?: number
  /** Answer with this credential (default: the first one made for the RP). */
  credentialId?: string
  /** Name another user handle than the stored one. */
  userHandle?: string
}

const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest()
const b64url = (data: Buffer) => data.toString('base64url')

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = []

  constructor(
    readonly origin: string,
    readonly counterStep = 1,
  ) {}

  /** navigator.credentials.create(): a new ES256 credential for the options' RP and user. */
  register(options: PublicKeyCredentialCreationOptionsJSON, misbehave: Misbehaviour = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const id = crypto.randomBytes(16)
    const rpId = misbehave.rpId ?? options.rp.id!
    this.credentials.push({ id, privateKey, userHandle: options.user.id, rpId: options.rp.id!, counter: 0 })
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const attested = Buffer.concat([Buffer.alloc(16), u16(id.length), id, coseKey])
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | (misbehave.userVerified === false ? 0 : FLAG_UV) | FLAG_AT]), u32(0), attested])
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: misbehave.origin ?? this.origin, crossOrigin: false }),
    )
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(
          cbor(
            new Map<string, unknown>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
    }
  }

  /** navigator.credentials.get(): an assertion with a stored credential for the options' RP. */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, misbehave: Misbehaviour = {}): AuthenticationResponseJSON {
    const rpId = options.rpId!
    const allowed = options.allowCredentials?.map((c) => c.id)
    const credential = this.credentials.find(
      (c) => (misbehave.credentialId ? b64url(c.id) === misbehave.credentialId : c.rpId === rpId) && (!allowed?.length || allowed.includes(b64url(c.id))),
    )
    if (!credential) throw new Error('no credential for this relying party')
    credential.counter = misbehave.counter ?? credential.counter + this.counterStep
    const flags = FLAG_UP | (misbehave.userVerified === false ? 0 : FLAG_UV)
    const authData = Buffer.concat([sha256(misbehave.rpId ?? credential.rpId), Buffer.from([flags]), u32(credential.counter)])
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: misbehave.origin ?? this.origin, crossOrigin: false }),
    )
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: misbehave.userHandle ?? credential.userHandle,
      },
    }
  }
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(n)
  return b
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

/** The CBOR (RFC 8949) the authenticator speaks: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    if (length < 65536) return Buffer.concat([Buffer.from([(major << 5) | 25]), u16(length)])
    return Buffer.concat([Buffer.from([(major << 5) | 26]), u32(length)])
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
  throw new Error(`cbor: cannot encode ${typeof value}`)
}
