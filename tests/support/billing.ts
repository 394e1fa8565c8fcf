import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { WebhookRejected } from '../../core/services/billing/provider.js'

export const WEBHOOK = '/billing/webhook/demo'

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

/**
 * Processor accounts for tests. CCBill's salt and Verotel's shop and key are the examples of
 * their own documentation and client library tests.
 */
export const PROVIDER_ENV = {
  ccbill: {
    BILLING_PROVIDER: 'ccbill',
    CCBILL_CLIENT_ACCNUM: '900100',
    CCBILL_CLIENT_SUBACC: '0000',
    CCBILL_FLEXFORM_ID: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
    CCBILL_SALT: '7d901dad245fd0ff6bc20d06',
  },
  verotel: { BILLING_PROVIDER: 'verotel', VEROTEL_SHOP_ID: '68849', VEROTEL_SIGNATURE_KEY: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J' },
  segpay: {
    BILLING_PROVIDER: 'segpay',
    SEGPAY_PACKAGE_ID: '123456',
    SEGPAY_PRICE_POINTS: 'basic-monthly=26001,premium-monthly=26002,premium-yearly=26003',
    SEGPAY_POSTBACK_SECRET: 'segpay-postback-secret-0123456789abcdef',
    SEGPAY_ALLOWED_IPS: '198.51.100.0/24',
  },
} as const

/** The WebhookRejected a call throws (a test failure when it throws nothing or something else). */
export function rejection(fn: () => unknown): WebhookRejected {
  try {
    fn()
  } catch (error) {
    if (error instanceof WebhookRejected) return error
    throw error
  }
  throw new Error('expected a rejection')
}
