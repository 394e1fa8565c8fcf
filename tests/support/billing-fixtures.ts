import fs from 'node:fs'
import path from 'node:path'
import type { BillingConfig, BillingProviderId } from '../../core/config.js'
import type { WebhookRequest } from '../../core/services/billing/provider.js'
import { deliveryOf, readNotification, signNotification, type StoredNotification } from '../../core/services/billing/replay.js'

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/billing')

/** When the stored notifications were written: their dates (sale times, next charges) lie around it. */
export const RECORDED_AT = new Date('2026-11-24T12:00:00Z')

const DAY_MS = 86_400_000

/**
 * The notification as if it had been sent at `sentAt`: every date in its fields moved by the whole
 * days between RECORDED_AT and then, so that a sale's next charge stays ahead of the real clock
 * however long after the recording the tests run.
 */
export function sentAt(notification: StoredNotification, at: Date): StoredNotification {
  const days = Math.floor(at.getTime() / DAY_MS) - Math.floor(RECORDED_AT.getTime() / DAY_MS)
  if (days === 0) return notification
  const moved = (value: string) =>
    value.replace(/\b(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (date) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10))
  const movedAll = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, moved(value)]))
  const { query, body } = notification.request
  return { ...notification, request: { ...notification.request, query: movedAll(query), ...(body ? { body: movedAll(body) } : {}) } }
}

/** Every stored notification of a provider, by file name; with `at`, as if sent then (see sentAt). */
export function fixturesOf(provider: BillingProviderId, { at }: { at?: Date } = {}): Array<{ file: string; notification: StoredNotification }> {
  const dir = path.join(FIXTURES, provider)
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file: `${provider}/${file}`,
      notification: fixture(provider, file.slice(0, -'.json'.length), { at }),
    }))
}

export function fixture(provider: BillingProviderId, name: string, { at }: { at?: Date } = {}): StoredNotification {
  const notification = readNotification(fs.readFileSync(path.join(FIXTURES, provider, `${name}.json`), 'utf8'))
  return at ? sentAt(notification, at) : notification
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
    receivedAt: RECORDED_AT,
  }
}
