/**
 * The cryptography @owf/mdoc asks its caller for (it ships none), on node:crypto only: COSE
 * signatures (ECDSA, the hash taken from the protected header's algorithm, a curve that does
 * not match it refused), digests, certificate fields, and the trust decision: a document
 * signer's chain must end at one of the configured trust anchors.
 */
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, X509Certificate, type JsonWebKey } from 'node:crypto'
import { CoseKey, type MdocContext } from '@owf/mdoc'

const HASH: Record<string, string> = { ES256: 'sha256', ES384: 'sha384', ES512: 'sha512' }
const CURVE: Record<string, string> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }
const COSE_ALGORITHMS: Record<number, string> = { [-7]: 'ES256', [-35]: 'ES384', [-36]: 'ES512' }

/** The extended key usage of a document signer certificate (ISO/IEC 18013-5 Annex B, id-mdl-kp-mdlDS). */
export const MDL_DS_EKU = '1.0.18013.5.1.2'

function algorithmName(algorithm: unknown): string | undefined {
  return typeof algorithm === 'number' ? COSE_ALGORITHMS[algorithm] : typeof algorithm === 'string' ? algorithm : undefined
}

function publicJwk(key: CoseKey): JsonWebKey {
  const { d: _private, ...jwk } = key.jwk as JsonWebKey & { d?: string }
  return jwk
}

function dnField(dn: string, field: string): string[] {
  return dn
    .split('\n')
    .filter((line) => line.startsWith(`${field}=`))
    .map((line) => line.slice(field.length + 1))
}

const validAt = (certificate: X509Certificate, now: Date) => certificate.validFromDate <= now && now <= certificate.validToDate

/**
 * Walks the x5chain (document signer first, then intermediates) until a certificate is issued
 * and signed by a configured anchor; every certificate on the way must be valid at `now`, each
 * one signed by the next, which must be a CA. Throws with the reason otherwise.
 */
function verifyChainToAnchors(anchorsDer: Uint8Array[], x5chain: Uint8Array[], now: Date): void {
  const anchors = anchorsDer.map((der) => new X509Certificate(der)).filter((anchor) => anchor.ca && validAt(anchor, now))
  const chain = x5chain.map((der) => new X509Certificate(der))
  const [signer] = chain
  if (!signer) throw new Error('the credential carries no certificate')
  if (!(signer.keyUsage ?? []).includes(MDL_DS_EKU)) throw new Error('the document signer certificate lacks the mdoc document-signer key usage')
  for (let i = 0; i < chain.length; i++) {
    const certificate = chain[i]!
    if (!validAt(certificate, now)) throw new Error(`certificate ${i} of the chain is not valid at ${now.toISOString()}`)
    if (anchors.some((anchor) => certificate.checkIssued(anchor) && certificate.verify(anchor.publicKey))) return
    const next = chain[i + 1]
    if (!next?.ca || !certificate.checkIssued(next) || !certificate.verify(next.publicKey)) break
  }
  throw new Error('the issuer certificate does not chain to a trusted anchor')
}

export function nodeMdocContext(): MdocContext {
  return {
    crypto: {
      random: (length) => new Uint8Array(randomBytes(length)),
      digest: ({ digestAlgorithm, bytes }) => new Uint8Array(createHash(digestAlgorithm.replace('-', '').toLowerCase()).update(bytes).digest()),
      calculateEphemeralMacKey: () => {
        // OpenID4VP and the Digital Credentials API use device signatures, never the MAC of a proximity session.
        throw new Error('device MACs are not accepted')
      },
    },
    cose: {
      sign1: {
        // Used by tests that play the issuer and the wallet; the verifier only verifies.
        sign: ({ toBeSigned, key, algorithm }) => {
          const name = algorithmName(algorithm ?? key.algorithm)
          const hash = name && HASH[name]
          if (!hash) throw new Error(`unsupported signature algorithm ${String(algorithm ?? key.algorithm)}`)
          const privateKey = createPrivateKey({ key: key.jwk as JsonWebKey, format: 'jwk' })
          return new Uint8Array(sign(hash, toBeSigned, { key: privateKey, dsaEncoding: 'ieee-p1363' }))
        },
        verify: ({ sign1, key }) => {
          const name = sign1.signatureAlgorithmName
          const hash = HASH[name]
          const jwk = publicJwk(key)
          if (!hash || jwk.crv !== CURVE[name]) return false
          const publicKey = createPublicKey({ key: jwk, format: 'jwk' })
          return verify(hash, sign1.toBeSigned, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sign1.signature)
        },
      },
      mac0: {
        sign: () => {
          throw new Error('MACs are not supported')
        },
        verify: () => false,
      },
    },
    x509: {
      getIssuerNameField: ({ certificate, field }) => dnField(new X509Certificate(certificate).issuer, field),
      getPublicKey: ({ certificate, alg }) => CoseKey.fromJwk({ ...new X509Certificate(certificate).publicKey.export({ format: 'jwk' }), alg }),
      verifyCertificateChain: ({ trustedCertificates, x5chain, now = new Date() }) => verifyChainToAnchors(trustedCertificates, x5chain, now),
      getCertificateData: ({ certificate }) => {
        const parsed = new X509Certificate(certificate)
        return {
          issuerName: parsed.issuer.replaceAll('\n', ', '),
          subjectName: parsed.subject.replaceAll('\n', ', '),
          serialNumber: parsed.serialNumber,
          thumbprint: parsed.fingerprint256.replaceAll(':', '').toLowerCase(),
          notBefore: parsed.validFromDate,
          notAfter: parsed.validToDate,
          pem: parsed.toString(),
        }
      },
    },
  }
}
