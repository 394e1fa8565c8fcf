import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import jsQR from 'jsqr'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgeCheck } from '../../core/db/entities/index.js'
import { directPostAnswer, issueProof, makeDeviceKey, makeIssuer } from '../support/age-wallet.js'
import { createTestApp, trpcMutation, type TestApp } from '../support/app.js'
import { PUBLIC_DEMO_SITE } from '../support/config.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * The EU wallet method's QR code (core/services/age/methods/eu-wallet/qr-code.ts): the start
 * answer carries the request as a link and as an SVG QR code; the code, drawn to pixels and read
 * by an independent decoder (jsQR), is the same link, and a wallet that scanned it completes
 * the check.
 */
let db: TestDatabase
let t: TestApp
let dir: string
let issuer: Awaited<ReturnType<typeof makeIssuer>>

beforeAll(async () => {
  db = await createTestDatabase()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'age-qr-'))
  issuer = await makeIssuer()
  const anchors = path.join(dir, 'anchors.pem')
  fs.writeFileSync(anchors, issuer.anchorPem)
  // OpenID4VP needs an https response URI: the site as deployed.
  t = await createTestApp(db.orm, { TRUST_PROXY: 'true', AGE_WALLET_TRUST_ANCHORS: anchors, PUBLIC_URL: 'https://club.example', ...PUBLIC_DEMO_SITE })
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The dark modules of the qrcode library's SVG (one stroked path of M/m/h runs, a module per unit), drawn as RGBA pixels. */
function rasterize(svg: string, scale = 4): { data: Uint8ClampedArray; width: number } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!
  const width = size * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  let x = 0
  let y = 0
  for (const [, command, args] of d.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number)
    if (command === 'M') [x, y] = [n[0]!, n[1]!]
    else if (command === 'm') [x, y] = [x + n[0]!, y + n[1]!]
    else if (command === 'h') {
      const row = Math.floor(y)
      for (let column = x; column < x + n[0]!; column++)
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            data.fill(0, ((row * scale + dy) * width + column * scale + dx) * 4, ((row * scale + dy) * width + column * scale + dx) * 4 + 3)
      x += n[0]!
    } else throw new Error(`unexpected path command ${command}`)
  }
  return { data, width }
}

describe('the EU wallet QR code', () => {
  it('draws the request link as an SVG QR code that decodes to the same link, and a wallet that scans it completes the check', async () => {
    const started = await trpcMutation(t.app, 'age.start', { method: 'eu-wallet', returnTo: '/en/videos' }, { 'cf-ipcountry': 'FR', 'x-locale': 'en' })
    expect(started.statusCode, started.body).toBe(200)
    const start = started.json().result.data as { checkId: string; kind: string; qrUrl: string; qrSvg: string }
    expect(start.qrUrl).toMatch(/^av:\/\/\?/)
    expect(start.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/)

    const { data, width } = rasterize(start.qrSvg)
    const decoded = jsQR(data, width, width)
    expect(decoded?.data).toBe(start.qrUrl)

    const device = await makeDeviceKey()
    const answer = await directPostAnswer(decoded!.data, await issueProof(issuer, device), device)
    const posted = await t.app.inject({
      method: 'POST',
      url: '/age/response/eu-wallet',
      payload: answer,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.statusCode, posted.body).toBe(200)
    expect((await db.orm.em.fork().findOneOrFail(AgeCheck, { id: start.checkId })).status).toBe('accepted')
  })
})
