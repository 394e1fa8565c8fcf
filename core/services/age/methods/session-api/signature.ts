/**
 * The session-API provider's webhook signature: `X-Signature: sha256=<hex>` of
 * HMAC-SHA256(secret, "<X-Timestamp>." ‖ raw body), the timestamp in Unix seconds and at most
 * five minutes away from now. Compared in constant time over the exact bytes received.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-signature'
export const TIMESTAMP_HEADER = 'x-timestamp'
export const SIGNATURE_WINDOW_SECONDS = 300

export function webhookSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`
}

export type SignatureVerdict = { ok: true; timestamp: number } | { ok: false; reason: string }

export function verifyWebhookSignature(options: {
  secret: string
  rawBody: Buffer
  signature: string | undefined
  timestamp: string | undefined
  now: Date
}): SignatureVerdict {
  const timestamp = /^\d{1,12}$/.test(options.timestamp ?? '') ? Number(options.timestamp) : NaN
  if (!Number.isSafeInteger(timestamp)) return { ok: false, reason: 'missing or malformed timestamp' }
  if (Math.abs(options.now.getTime() / 1000 - timestamp) > SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: 'stale timestamp' }
  const given = /^sha256=[0-9a-f]{64}$/i.test(options.signature?.trim() ?? '') ? Buffer.from(options.signature!.trim().slice(7), 'hex') : null
  const expected = Buffer.from(webhookSignature(options.secret, timestamp, options.rawBody).slice(7), 'hex')
  if (!given || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid signature' }
  return { ok: true, timestamp }
}
