import crypto from 'node:crypto'
import { isResolution } from '../domain/playback.js'
import { RESOLUTION_HEIGHT, type Resolution } from '../domain/resolutions.js'

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
  | { ok: true; userId: number; expiresAt: number; maxResolution?: Resolution }
  | { ok: false; reason: 'malformed' | 'invalid' | 'expired' }

/** A stored members-only path: `protected/<media key>/<file path>`, plain characters, no `..`. */
const STORED_PATH = /^protected\/[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,6}$/

export function isProtectedPath(stored: string): boolean {
  return STORED_PATH.test(stored) && !stored.split('/').some((part) => part === '..' || part === '.')
}

export class MediaSigner {
  readonly #key: Buffer
  /** Expiries are rounded up to multiples of this (seconds). */
  readonly window: number

  constructor(appSecret: string, readonly ttlSeconds: number) {
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

/**
 * Rewrites an HLS playlist (master or media) served from `playlistPath` so that every URI in
 * it, the lines and the URI="…" attributes, becomes its own signed gateway URL. URIs are
 * resolved against the playlist's folder and must stay inside the item's protected folder;
 * anything else (absolute URLs, `..` out of the folder) is an error.
 */
export function rewritePlaylist(text: string, playlistPath: string, sign: (stored: string) => string): string {
  const resolve = childResolver(playlistPath, sign)
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim()
      if (!trimmed) return line
      if (!trimmed.startsWith('#')) return resolve(trimmed)
      return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${resolve(uri)}"`)
    })
    .join('\n')
}

/**
 * A scrub-thumbnail track (WebVTT, server/domain/scrub.ts) with every sheet named in a cue
 * (`sheet-001.jpg#xywh=…`) as its own signed URL, the tile's fragment kept.
 */
export function rewriteThumbnailTrack(text: string, trackPath: string, sign: (stored: string) => string): string {
  const resolve = childResolver(trackPath, sign)
  const lines = text.split(/\r?\n/)
  return lines
    .map((line, index) => {
      const trimmed = line.trim()
      // A cue's text is the line after its timing line.
      if (!trimmed || index === 0 || !lines[index - 1]!.includes('-->')) return line
      const hash = trimmed.indexOf('#')
      return hash < 0 ? resolve(trimmed) : resolve(trimmed.slice(0, hash)) + trimmed.slice(hash)
    })
    .join('\n')
}

/** Resolves a URI of a playlist or track to its stored path and signs it; nothing outside the item's folder. */
function childResolver(parentPath: string, sign: (stored: string) => string) {
  const root = parentPath.split('/').slice(0, 2).join('/') + '/'
  const dir = parentPath.slice(0, parentPath.lastIndexOf('/') + 1)
  return (uri: string) => {
    const parts: string[] = []
    for (const part of (dir + uri).split('/')) {
      if (part === '..') parts.pop()
      else if (part !== '.' && part !== '') parts.push(part)
    }
    const stored = parts.join('/')
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || !stored.startsWith(root) || !isProtectedPath(stored)) {
      throw new Error(`${parentPath} names a URI outside its folder: ${uri}`)
    }
    return sign(stored)
  }
}

/**
 * A master playlist without the variants above `cap` (by their RESOLUTION height), so a
 * member is never handed a signed URL of a rung the plan does not include.
 */
export function capMasterPlaylist(text: string, cap: Resolution): string {
  const maxHeight = RESOLUTION_HEIGHT[cap]
  const out: string[] = []
  let dropNextUri = false
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.startsWith('#EXT-X-STREAM-INF:')) {
      const height = Number(trimmed.match(/RESOLUTION=\d+x(\d+)/)?.[1] ?? 0)
      dropNextUri = height > maxHeight
      if (dropNextUri) continue
    } else if (trimmed && !trimmed.startsWith('#') && dropNextUri) {
      dropNextUri = false
      continue
    }
    out.push(line)
  }
  return out.join('\n')
}

/** The total of a media playlist's EXTINF durations (seconds); 0 for a master playlist. */
export function playlistSeconds(text: string): number {
  let total = 0
  for (const match of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number.parseFloat(match[1]!) || 0
  return total
}
