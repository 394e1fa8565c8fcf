import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'

export const WEBHOOK = '/billing/webhook/postback'

let counter = 0
/** A fresh event or subscription id. */
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`

/**
 * Posts a processor notification to the webhook route, signed with `secret` as the processor
 * signs it (HMAC-SHA256 of the raw body), form-encoded unless `json`.
 */
export function postback(
  app: FastifyInstance,
  secret: string,
  fields: Record<string, string>,
  { json = false, signature }: { json?: boolean; signature?: string } = {},
) {
  const payload = json ? JSON.stringify(fields) : new URLSearchParams(fields).toString()
  const digest = signature ?? `sha256=${crypto.createHmac('sha256', secret).update(payload).digest('hex')}`
  return app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload,
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      'x-postback-signature': digest,
    },
  })
}

/** The fields of a NewSaleSuccess for a user and plan, at the plan's catalogue prices. */
export function saleFields(
  userId: number,
  plan: { sid: string; priceCents: number; trialPriceCents?: number | null },
  extra: Record<string, string> = {},
  trialDays?: number,
): Record<string, string> {
  const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
  return {
    eventType: 'NewSaleSuccess',
    eventId: newId('sale'),
    timestamp: new Date().toISOString(),
    subscriptionId: newId('sub'),
    transactionId: newId('tx'),
    'X-userId': String(userId),
    'X-planSid': plan.sid,
    billedInitialPrice: decimal(trialDays ? (plan.trialPriceCents ?? 0) : plan.priceCents),
    billedRecurringPrice: decimal(plan.priceCents),
    billedCurrency: 'EUR',
    ...(trialDays ? { trialDays: String(trialDays) } : {}),
    ...extra,
  }
}
