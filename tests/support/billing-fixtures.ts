import fs from 'node:fs'
import path from 'node:path'
import type { BillingConfig, BillingProviderId } from '../../server/config.js'
import type { WebhookRequest } from '../../server/services/billing/provider.js'
import { deliveryOf, readNotification, signNotification, type StoredNotification } from '../../server/services/billing/replay.js'

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/billing')

/** Every stored notification of a provider, by file name. */
export function fixturesOf(provider: BillingProviderId): Array<{ file: string; notification: StoredNotification }> {
  const dir = path.join(FIXTURES, provider)
  return fs.readdirSync(dir).filter((file) => file.endsWith('.json')).sort().map((file) => ({
    file: `${provider}/${file}`,
    notification: readNotification(fs.readFileSync(path.join(dir, file), 'utf8')),
  }))
}

export function fixture(provider: BillingProviderId, name: string): StoredNotification {
  return readNotification(fs.readFileSync(path.join(FIXTURES, provider, `${name}.json`), 'utf8'))
}

/** The request the webhook route hands to the adapter, for a signed (or unsigned) notification. */
export function webhookRequest(notification: StoredNotification, billing: BillingConfig, { sign = true } = {}): WebhookRequest {
  const delivery = deliveryOf(sign ? signNotification(notification, billing) : notification, billing, { sign })
  const at = delivery.url.indexOf('?')
  return {
    method: delivery.method,
    query: at < 0 ? '' : delivery.url.slice(at + 1),
    rawBody: Buffer.from(delivery.payload ?? ''),
    contentType: delivery.headers['content-type'],
    headers: delivery.headers,
    sourceIp: delivery.remoteAddress,
    receivedAt: new Date('2026-11-24T12:00:00Z'),
  }
}
