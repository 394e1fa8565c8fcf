/**
 * Stored notifications (tests/fixtures/billing/…, or one an operator captured) and how to
 * deliver one to the webhook route again: `npm run billing:replay -- <file>` and the tests.
 * A stored notification is JSON:
 *   { "provider": "ccbill", "event": "NewSaleSuccess", "source": "<where its fields come from>",
 *     "expect": { "result": "processed", "kind": "sale" },
 *     "request": { "method": "POST", "sourceIp": "64.38.212.17", "query": { … },
 *                  "contentType": "application/json", "body": { … } } }
 * Signing puts in what proves the sender with the configured keys (CCBill's account and sale
 * digest, Verotel's shop and signature, Segpay's secret, the demo's HMAC header); a captured
 * notification is replayed as it is.
 */
import { z } from 'zod'
import { BILLING_PROVIDERS, type BillingConfig } from '../../config.js'
import { saleDigest } from './providers/ccbill.js'
import { SIGNATURE_HEADER } from './providers/demo.js'
import { hmacHex } from './providers/fields.js'
import { SECRET_FIELD } from './providers/segpay.js'
import { flexpaySignature } from './providers/verotel.js'
import { webhookPath } from './providers/index.js'

const text = z.union([z.string(), z.number().transform(String), z.boolean().transform(String)])

const storedNotification = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  event: z.string().optional(),
  source: z.string().optional(),
  expect: z.object({ result: z.enum(['processed', 'duplicate', 'ignored']), kind: z.string() }).optional(),
  request: z.object({
    method: z.enum(['GET', 'POST']),
    sourceIp: z.string().default('127.0.0.1'),
    query: z.record(z.string(), text).default({}),
    contentType: z.enum(['application/json', 'application/x-www-form-urlencoded']).optional(),
    body: z.record(z.string(), text).optional(),
  }),
})
export type StoredNotification = z.output<typeof storedNotification>

/** Reads a stored notification; a bad file is an Error that says what is wrong. */
export function readNotification(json: string): StoredNotification {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    throw new Error('not JSON')
  }
  const parsed = storedNotification.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${issue.path.join('.') || 'file'}: ${issue.message}`)
  }
  return parsed.data
}

/** The notification with some fields replaced where they are (query, body or both); a new field goes into the body (or query). */
export function withFields(notification: StoredNotification, fields: Record<string, string>): StoredNotification {
  const query = { ...notification.request.query }
  const body = notification.request.body ? { ...notification.request.body } : undefined
  for (const [key, value] of Object.entries(fields)) {
    const inQuery = Object.hasOwn(query, key)
    const inBody = body !== undefined && Object.hasOwn(body, key)
    if (inQuery || !body) query[key] = value
    if (inBody || (body && !inQuery)) body[key] = value
  }
  return { ...notification, request: { ...notification.request, query, ...(body ? { body } : {}) } }
}

/** Every field of the notification, query and body together. */
export const fieldsOf = (notification: StoredNotification): Record<string, string> => ({ ...notification.request.body, ...notification.request.query })

/** The notification signed for the configured processor account. */
export function signNotification(notification: StoredNotification, billing: BillingConfig): StoredNotification {
  const fields = fieldsOf(notification)
  switch (notification.provider) {
    case 'ccbill': {
      const ccbill = billing.ccbill
      if (!ccbill) throw new Error('BILLING_PROVIDER is not ccbill: no CCBill keys to sign with')
      const account = { clientAccnum: ccbill.clientAccnum, clientSubacc: ccbill.clientSubacc }
      const hasDigest = fields.eventType === 'NewSaleSuccess' || 'dynamicPricingValidationDigest' in fields
      return withFields(
        notification,
        hasDigest ? { ...account, dynamicPricingValidationDigest: saleDigest(ccbill.salt, fields.subscriptionId ?? '') } : account,
      )
    }
    case 'verotel': {
      const verotel = billing.verotel
      if (!verotel) throw new Error('BILLING_PROVIDER is not verotel: no Verotel key to sign with')
      const signed: Record<string, string> = { ...fields, shopID: verotel.shopId }
      delete signed.signature
      return withFields(notification, { shopID: verotel.shopId, signature: flexpaySignature(verotel.signatureKey, signed) })
    }
    case 'segpay': {
      if (!billing.segpay) throw new Error('BILLING_PROVIDER is not segpay: no Segpay secret to sign with')
      return withFields(notification, { [SECRET_FIELD]: billing.segpay.postbackSecret })
    }
    case 'demo':
      return notification
  }
}

/** The HTTP request that delivers the notification to the webhook route (app.inject options). */
export function deliveryOf(notification: StoredNotification, billing: BillingConfig, { sign }: { sign: boolean }) {
  const { request } = notification
  const body = request.body
  const payload = !body ? undefined : request.contentType === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body).toString()
  const headers: Record<string, string> = {}
  if (payload !== undefined) headers['content-type'] = request.contentType ?? 'application/x-www-form-urlencoded'
  if (notification.provider === 'demo' && sign) headers[SIGNATURE_HEADER] = `sha256=${hmacHex(billing.demoSecret, payload ?? '')}`
  const query = new URLSearchParams(request.query).toString()
  return {
    method: request.method,
    url: `${webhookPath(notification.provider)}${query ? `?${query}` : ''}`,
    headers,
    remoteAddress: request.sourceIp,
    ...(payload !== undefined ? { payload } : {}),
  }
}
