/**
 * npm run billing:replay -- <file> [--sign] [--url <server address>]
 *
 * Delivers a stored billing notification (tests/fixtures/billing/<provider>/*.json, or one
 * captured from a processor) to the webhook route of the configured provider and prints the
 * answer. Without --url it runs the route in this process against the database (DATABASE_URL,
 * else the embedded one, the running one when `npm start` holds it), with the notification's
 * source address; with --url it sends it over HTTP to a running server. --sign puts in the
 * configured keys (CCBill account and sale digest, Verotel shop and signature, Segpay
 * secret, the demo's HMAC); without it the notification goes out as it is stored.
 * Exit code 0 when the notification was taken (2xx), 1 when it was refused, 2 for bad use.
 */
import fs from 'node:fs'
import { Writable } from 'node:stream'
import { buildApp } from '../server/app.js'
import { prepareEnvironment, ensureDatabase } from '../core/bootstrap.js'
import { ConfigError, loadConfig } from '../core/config.js'
import { openOrm } from '../core/db/orm.js'
import { deliveryOf, readNotification, signNotification } from '../core/services/billing/replay.js'
import { runningEmbeddedUrl } from './running-database.js'

const USAGE = 'Usage: npm run billing:replay -- <file> [--sign] [--url <server address>]'
const args = process.argv.slice(2)
const sign = args.includes('--sign')
const urlAt = args.indexOf('--url')
const server = urlAt >= 0 ? args[urlAt + 1] : undefined
const files = args.filter((arg, i) => !arg.startsWith('--') && (urlAt < 0 || i !== urlAt + 1))
if (files.length !== 1 || (urlAt >= 0 && !server)) {
  console.error(USAGE)
  process.exit(2)
}

prepareEnvironment()
let config
try {
  config = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

let notification
try {
  notification = readNotification(fs.readFileSync(files[0]!, 'utf8'))
} catch (error) {
  console.error(`${files[0]}: ${(error as Error).message}`)
  process.exit(2)
}
if (notification.provider !== config.billing.provider) {
  console.error(`${files[0]} is a ${notification.provider} notification, but BILLING_PROVIDER is ${config.billing.provider}`)
  process.exit(1)
}
try {
  if (sign) notification = signNotification(notification, config.billing)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const delivery = deliveryOf(notification, config.billing, { sign })

let status: number
let body: string
if (server) {
  const res = await fetch(new URL(delivery.url, server), { method: delivery.method, headers: delivery.headers, body: delivery.payload })
  status = res.status
  body = await res.text()
} else {
  const url = process.env.DATABASE_URL ?? (await runningEmbeddedUrl())
  const db = url ? null : await ensureDatabase()
  const orm = await openOrm(url ?? process.env.DATABASE_URL!, { pool: 2 })
  // Of the server's log, the lines about this notification: what was applied, or why it was refused.
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; reason?: string; result?: string; eventId?: string }
        if (entry.msg === 'billing webhook refused') console.log(`refused: ${entry.reason}${entry.eventId ? ` (${entry.eventId})` : ''}`)
        if (entry.msg === 'billing event') console.log(`${entry.result}: ${entry.eventId}`)
      }
      done()
    },
  })
  const app = await buildApp({ config: { ...config, logLevel: 'info', catalogCacheTtlMs: 0 }, orm, logStream })
  try {
    const res = await app.inject(delivery)
    status = res.statusCode
    body = res.body
  } finally {
    await app.close()
    await orm.close()
    await db?.stop()
  }
}
console.log(`${delivery.method} ${delivery.url.replace(/([?&]secret=)[^&]*/, '$1[redacted]')} → ${status}`)
console.log(body)
process.exit(status >= 200 && status < 300 ? 0 : 1)
