/**
 * The relying party of the site's passkeys and the one-time challenges of its WebAuthn
 * ceremonies. The RP ID is PUBLIC_URL's host and the only accepted origin PUBLIC_URL's origin
 * (WebAuthn Level 3, sections 7.1 and 7.2, steps "Verify that the value of C.origin…" and
 * "Verify that the rpIdHash…"): a passkey made here is never offered to, nor accepted from,
 * another site.
 */
import crypto from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../config.js'
import type { WEBAUTHN_PURPOSES } from '../../db/entities/index.js'
import { AppError } from '../../domain/errors.js'

export type CeremonyPurpose = (typeof WEBAUTHN_PURPOSES)[number]

export interface RelyingParty {
  id: string
  name: string
  origin: string
}

export function relyingParty(config: Config): RelyingParty {
  const url = new URL(config.publicUrl)
  return { id: url.hostname, name: 'Streamclub', origin: url.origin }
}

/**
 * The WebAuthn user handle of an account: 32 bytes derived from the account id with
 * APP_SECRET, the same for every passkey of the account (so an authenticator replaces rather
 * than piles up its passkeys), and telling nothing about the member.
 */
export function userHandle(config: Config, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(crypto.createHmac('sha256', config.appSecret).update(`webauthn-user-handle:${userId}`).digest())
}

/** How long a ceremony may take: sign-in waits longer, since the browser's autofill may be chosen minutes later. */
const CHALLENGE_TTL_MS: Record<CeremonyPurpose, number> = { register: 5 * 60_000, reauthenticate: 5 * 60_000, signIn: 15 * 60_000 }

/** The timeout the browser is given for a ceremony (ms). */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000

/** Stores a challenge the server just put into a ceremony's options. */
export async function storeChallenge(em: EntityManager, challenge: string, purpose: CeremonyPurpose, userId: number | null, now: Date): Promise<void> {
  await em.execute('insert into webauthn_challenge (challenge, purpose, user_id, expires_at) values (?, ?, ?, ?)', [
    challenge,
    purpose,
    userId,
    new Date(now.getTime() + CHALLENGE_TTL_MS[purpose]),
  ])
}

/**
 * Takes the challenge a response answers (read from its clientDataJSON, which the signature
 * covers and the verification checks again): it must have been issued for this purpose (and
 * user), not have expired, and it is deleted, so no response is accepted twice.
 */
export async function takeChallenge(em: EntityManager, clientDataJSON: string, purpose: CeremonyPurpose, userId: number | null, now: Date): Promise<string> {
  const challenge = challengeOf(clientDataJSON)
  const rows = challenge
    ? await em.execute<Array<{ challenge: string }>>(
        'delete from webauthn_challenge where challenge = ? and purpose = ? and user_id is not distinct from ? and expires_at > ? returning challenge',
        [challenge, purpose, userId, now],
      )
    : []
  if (!rows.length) throw new AppError('BAD_REQUEST', 'account.errors.passkeyExpired')
  return rows[0]!.challenge
}

function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (data as { challenge?: unknown } | null)?.challenge
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : null
  } catch {
    return null
  }
}
