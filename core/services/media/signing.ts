import crypto from 'node:crypto'
import { isResolution } from '../../domain/playback/playback.js'
import type { Resolution } from '../../domain/media/resolutions.js'

/**
 * Short-lived signed URLs for members-only media (HLS playlists and segments, full-size stills,
 * image-set pictures). A URL names the stored path under MEDIA_DIR and carries
 * `u` (the user id), `e` (expiry, Unix seconds) and `s` (HMAC-SHA256 over path, user, expiry and
 * the signed-in session), so it is useless after `e`, when changed in any part, and in any other
 * browser session or for any other user. Checking it needs no database: the gateway hashes the
 * requester's session cookie and recomputes the HMAC.
 *
 * Expiries are rounded up to a window, so the URLs signed within one window are identical and
 * the browser's cache keeps working while a member browses.
 */
export const PROTECTED_PREFIX = 'protected/'
export const GATEWAY_PREFIX = '/protected/'

/**
 * Who a URL is for: the user and the session (the session table's id, the cookie's SHA-256),
 * and for HLS the highest rung the member's plan allows (`r`, signed with the rest).
 */
export interface MediaGrant {
  userId: number
  sessionId: string
  maxResolution?: Resolution
}

export type VerifyResult =
  { ok: true; userId: number; expiresAt: number; maxResolution?: Resolution } | { ok: false; reason: 'malformed' | 'invalid' | 'expired' }

/** A stored members-only path: `protected/<media key>/<file path>`, plain characters, no `..`. */
const STORED_PATH = /^protected\/[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,6}$/

export function isProtectedPath(stored: string): boolean {
  return STORED_PATH.test(stored) && !stored.split('/').some((part) => part === '..' || part === '.')
}

export class MediaSigner {
  readonly #key: Buffer
  /** Expiries are rounded up to multiples of this (seconds). */
  readonly window: number

  constructor(
    appSecret: string,
    readonly ttlSeconds: number,
  ) {
    this.#key = crypto.createHmac('sha256', appSecret).update('streamclub:media-url:v1').digest()
    this.window = Math.max(30, Math.floor(ttlSeconds / 2))
  }

  /** The expiry of a URL signed at `now`, valid `ttl + extraSeconds` at least. */
  expiryFor(now: Date, extraSeconds = 0): number {
    const earliest = Math.floor(now.getTime() / 1000) + this.ttlSeconds + Math.max(0, Math.ceil(extraSeconds))
    return Math.ceil(earliest / this.window) * this.window
  }

  /** The gateway URL of a stored members-only path for this grant. */
  sign(stored: string, grant: MediaGrant, now: Date, extraSeconds = 0): string {
    return this.signUntil(stored, grant, this.expiryFor(now, extraSeconds))
  }

  signUntil(stored: string, grant: MediaGrant, expiresAt: number): string {
    if (!isProtectedPath(stored)) throw new Error(`not a protected media path: ${stored}`)
    const query = new URLSearchParams({ u: String(grant.userId), e: String(expiresAt) })
    if (grant.maxResolution) query.set('r', grant.maxResolution)
    query.set('s', this.#mac(stored, grant, expiresAt))
    return `/${stored}?${query.toString()}`
  }

  /**
   * Checks a request for `stored` with the URL's query, as the holder of `sessionId` (null:
   * no session cookie). Any change to path, user, expiry or signature, or another session,
   * makes it invalid; a correct one past its expiry is expired.
   */
  verify(stored: string, query: { u?: unknown; e?: unknown; r?: unknown; s?: unknown }, sessionId: string | null, now: Date): VerifyResult {
    const { u, e, r, s } = query
    if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return { ok: false, reason: 'malformed' }
    if (r !== undefined && !isResolution(r)) return { ok: false, reason: 'malformed' }
    if (!/^[1-9]\d{0,9}$/.test(u) || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(s)) return { ok: false, reason: 'malformed' }
    if (!isProtectedPath(stored) || !sessionId) return { ok: false, reason: 'invalid' }
    const userId = Number(u)
    const expiresAt = Number(e)
    const maxResolution = r as Resolution | undefined
    const expected = Buffer.from(this.#mac(stored, { userId, sessionId, maxResolution }, expiresAt))
    if (!crypto.timingSafeEqual(expected, Buffer.from(s))) return { ok: false, reason: 'invalid' }
    if (expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
    return { ok: true, userId, expiresAt, ...(maxResolution ? { maxResolution } : {}) }
  }

  #mac(stored: string, grant: MediaGrant, expiresAt: number): string {
    const cap = grant.maxResolution ? `\n${grant.maxResolution}` : ''
    return crypto.createHmac('sha256', this.#key).update(`${stored}\n${grant.userId}\n${expiresAt}\n${grant.sessionId}${cap}`).digest('base64url')
  }
}
