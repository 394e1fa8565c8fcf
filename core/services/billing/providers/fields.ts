/**
 * What every adapter needs to read a notification: its fields from a query string, a form or
 * JSON body; field rules (ids, amounts, currencies, dates); digests compared in constant time;
 * source address allow-lists. A malformed notification is a WebhookRejected(400) naming the
 * field, never an exception with a stack trace.
 */
import crypto from 'node:crypto'
import net from 'node:net'
import { z } from 'zod'
import { addDays, parseCents, throughDay } from '../../../domain/billing/billing.js'
import { WebhookRejected, type WebhookRequest } from '../provider.js'

export type Fields = Record<string, string>

export const md5Hex = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex')
export const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex')
export const hmacHex = (secret: string, data: Buffer | string) => crypto.createHmac('sha256', secret).update(data).digest('hex')

/** Constant-time comparison of two texts (different lengths are simply unequal). */
export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

function addField(fields: Fields, key: string, value: string): void {
  if (Object.hasOwn(fields, key)) throw new WebhookRejected(400, `malformed: field ${key} repeated`)
  fields[key] = value
}

/** Fields of a query string or a form body; a repeated name is malformed. */
export function formFields(text: string): Fields {
  const fields: Fields = {}
  for (const [key, value] of new URLSearchParams(text)) addField(fields, key, value)
  return fields
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * A JSON object as flat text fields. Numbers keep their source text, so a 19-digit id stays
 * exact. Nested objects and arrays are refused (`nested: 'reject'`) or left out (`'ignore'`,
 * for processors that add structures the product does not read); `objects` holds the nested
 * objects for the adapter that wants one.
 */
function jsonFields(text: string, nested: 'reject' | 'ignore'): { fields: Fields; objects: Record<string, Record<string, JsonValue>> } {
  let parsed: JsonValue
  try {
    parsed = JSON.parse(text, (_key, value: JsonValue, context?: { source?: string }) =>
      typeof value === 'number' && context?.source ? context.source : value,
    ) as JsonValue
  } catch {
    throw new WebhookRejected(400, 'malformed: not JSON')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new WebhookRejected(400, 'malformed: not a JSON object')
  const fields: Fields = {}
  const objects: Record<string, Record<string, JsonValue>> = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value)
    else if (value === null) continue
    else if (nested === 'reject') throw new WebhookRejected(400, `malformed: field ${key} is not text`)
    else if (!Array.isArray(value)) objects[key] = value
  }
  return { fields, objects }
}

/** The body's fields: form-encoded or JSON; an empty body has none. Other types: 415. */
export function bodyFields(request: WebhookRequest, nested: 'reject' | 'ignore'): { fields: Fields; objects: Record<string, Record<string, JsonValue>> } {
  const type = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase()
  const text = request.rawBody.toString('utf8')
  if (type === 'application/x-www-form-urlencoded') return { fields: formFields(text), objects: {} }
  if (type === 'application/json') return jsonFields(text, nested)
  if (!type && request.rawBody.length === 0) return { fields: {}, objects: {} }
  throw new WebhookRejected(415, 'unsupported content type')
}

/** Query and body fields together; a field given in both with different values is malformed. */
export function mergeFields(query: Fields, body: Fields): Fields {
  const merged: Fields = { ...body }
  for (const [key, value] of Object.entries(query)) {
    if (Object.hasOwn(merged, key) && merged[key] !== value) throw new WebhookRejected(400, `malformed: field ${key} differs between query and body`)
    merged[key] = value
  }
  return merged
}

const allowLists = new WeakMap<readonly string[], net.BlockList>()

/** True when the address lies in one of the ranges ("64.38.212.0/24", "2001:db8::1"). */
export function ipAllowed(ranges: readonly string[], address: string): boolean {
  let list = allowLists.get(ranges)
  if (!list) {
    list = new net.BlockList()
    for (const range of ranges) {
      const [ip = '', bits] = range.split('/')
      const type = net.isIP(ip) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) list.addAddress(ip, type)
      else list.addSubnet(ip, Number(bits), type)
    }
    allowLists.set(ranges, list)
  }
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  const ip = mapped ? mapped[1]! : address
  const family = net.isIP(ip)
  if (!family) return false
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4')
}

/** A processor id (subscription, transaction, sale): letters, digits and . _ : - */
export const id = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'invalid id')

/** The largest amount a notification may carry (stored as a 32-bit integer of cents). */
const MAX_CENTS = 2_147_483_647

/** Decimal text with at most two decimals, as integer cents. */
export const money = z.string().transform((text, ctx) => {
  const cents = parseCents(text)
  if (cents === null || cents > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: 'invalid amount' })
    return z.NEVER
  }
  return cents
})

/** ISO 4217 numeric codes of the currencies the processors bill in (CCBill's list). */
const NUMERIC_CURRENCIES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP', '124': 'CAD', '036': 'AUD', '392': 'JPY' }
export const currencyNumber = (alpha: string): string | undefined => Object.entries(NUMERIC_CURRENCIES).find(([, code]) => code === alpha)?.[0]

/** A currency as ISO 4217 letters ("EUR") or number ("978", also "36" for 036). */
export const currency = z.string().transform((text, ctx) => {
  const value = text.trim().toUpperCase()
  if (/^[A-Z]{3}$/.test(value)) return value
  const alpha = /^\d{1,3}$/.test(value) ? NUMERIC_CURRENCIES[value.padStart(3, '0')] : undefined
  if (alpha) return alpha
  ctx.addIssue({ code: 'custom', message: 'invalid currency' })
  return z.NEVER
})

/** A positive whole number (days, user ids). */
export const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'invalid number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))

/**
 * An instant: ISO 8601 with a zone, "YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DDTHH:MM:SS" read as
 * UTC, or a date (00:00 UTC).
 */
export const instant = z.string().transform((text, ctx) => {
  const date = readInstant(text.trim())
  if (!date) {
    ctx.addIssue({ code: 'custom', message: 'invalid date' })
    return z.NEVER
  }
  return date
})

function readInstant(value: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)
        ? value
        : null
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/**
 * A processor's billing date: a date alone gives access through that day (domain
 * throughDay); a date with a time is that instant.
 */
export const billingDate = z.string().transform((text, ctx) => {
  const value = text.trim()
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = day ? calendarDay(Number(day[1]), Number(day[2]), Number(day[3])) : readInstant(value)
  if (!date) {
    ctx.addIssue({ code: 'custom', message: 'invalid date' })
    return z.NEVER
  }
  return date
})

/** The billing date `days` after an instant, through that whole day (for processors that send periods, not dates). */
export function daysLater(at: Date, days: number): Date {
  const date = addDays(at, days)
  return throughDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
}

function calendarDay(year: number, month: number, day: number): Date | null {
  const start = new Date(Date.UTC(year, month - 1, day))
  return start.getUTCMonth() === month - 1 && start.getUTCDate() === day ? throughDay(year, month, day) : null
}

/** Parses fields with a schema; a failure is a 400 naming the first bad field. */
export function read<T extends z.ZodType>(schema: T, fields: Fields, eventId?: string): z.output<T> {
  const parsed = schema.safeParse(fields)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new WebhookRejected(400, `malformed: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(), eventId)
}

/** An event id made of the processor's names and ids, e.g. "RenewalSuccess:0312…" (at most 128 characters). */
export function eventKey(...parts: string[]): string {
  const key = parts.join(':')
  return key.length <= 128 ? key : `${parts[0]}:${sha256Hex(key)}`
}
