import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { loadConfig } from '../../core/config.js'
import type { PendingAgeCheck } from '../../core/services/age/method.js'
import { CardCheckAgeMethod } from '../../core/services/age/methods/card.js'
import { cardCheckProcessor } from '../../core/services/billing/providers/card-checks.js'
import { expect, expectNoGraveViolations, test } from './support'

/**
 * The card check through the demo processor, in the browser: the age method starts a check
 * (as the age flow will), the visitor types a card on /demo-card-check, the page sends the
 * browser back to the callback with the signed result, and the method reads it. The callback
 * itself is the age flow's; here the test catches the browser there.
 */

function cardMethod(): CardCheckAgeMethod {
  // The e2e server's own secret (scripts/e2e-server.ts starts it on a fresh data folder).
  const secret = fs.readFileSync(path.resolve(import.meta.dirname, '../../.data/e2e/app-secret'), 'utf8').trim()
  const config = loadConfig({ APP_SECRET: secret, PUBLIC_URL: test.info().project.use.baseURL!, NODE_ENV: 'development' })
  return new CardCheckAgeMethod(cardCheckProcessor(config.billing)!)
}

async function startCheck(method: CardCheckAgeMethod, locale: 'en' | 'de' = 'en') {
  const origin = test.info().project.use.baseURL!
  const id = `e2e-${Math.random().toString(36).slice(2)}`
  const started = await method.start({
    checkId: id,
    nonce: 'n',
    locale,
    origin,
    callbackUrl: `${origin}/age/callback/card`,
    responseUrl: `${origin}/age/response/card`,
  })
  if (started.kind !== 'redirect') throw new Error('expected a redirect')
  const now = new Date()
  const check: PendingAgeCheck = { id, methodId: 'card', nonce: 'n', state: {}, createdAt: now, expiresAt: new Date(+now + 600_000) }
  return { check, url: started.url }
}

/** Fills the card form and presses "Check card"; returns the query the browser came back to the callback with. */
async function checkCard(page: Page, number: string): Promise<URLSearchParams> {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34')
  await page.getByLabel('Security code (CVC)').fill('123')
  const back = page.waitForRequest((request) => new URL(request.url()).pathname === '/age/callback/card')
  await page.getByRole('button', { name: 'Check card' }).click()
  return new URL((await back).url()).searchParams
}

test.beforeEach(async ({ page }) => {
  await page.route('**/age/callback/card?*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Back at the site</title>' }),
  )
})

test('a visitor proves age with a credit card; a debit card and a wrong card are refused', async ({ page }) => {
  const method = cardMethod()
  const { check, url } = await startCheck(method)
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: 'Card check' })).toBeVisible()
  await expect(page.getByText('Only a credit card shows that you are 18 or older')).toBeVisible()
  const cards = page.getByRole('list', { name: 'Test cards' }).getByRole('listitem')
  await expect(cards).toHaveCount(6)
  await expect(cards.filter({ hasText: '4111 1111 1111 1111 Visa, credit card: accepted' })).toBeVisible()
  await expect(cards.filter({ hasText: '4000 0566 5566 5556 Visa, debit card: accepted' })).toBeVisible()
  await expect(cards.filter({ hasText: '4000 0000 0000 0002 Visa, credit card: declined' })).toBeVisible()
  await expectNoGraveViolations(page)

  // Field problems stay on the page, each on its field, in the visitor's language.
  await page.getByLabel('Card number').fill('4111 1111 1111 1112')
  await page.getByLabel('Expiry date (MM/YY)').fill('01/20')
  await page.getByRole('button', { name: 'Check card' }).click()
  await expect(page.getByText('Enter a valid card number.')).toBeVisible()
  await expect(page.getByText('Enter an expiry date in the future, as MM/YY.')).toBeVisible()
  await expect(page.getByText('Enter the 3 or 4 digits of the security code.')).toBeVisible()
  await expect(page.getByLabel('Card number')).toBeFocused()
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
  await expectNoGraveViolations(page)

  const debit = await checkCard(page, '4000 0566 5566 5556')
  expect(await method.complete(check, { query: debit, headers: {} })).toEqual({ ok: false, reason: 'a debit card does not prove age; a credit card does' })

  const second = await startCheck(method)
  await page.goto(second.url)
  const credit = await checkCard(page, '4111 1111 1111 1111')
  expect(await method.complete(second.check, { query: credit, headers: {} })).toEqual({ ok: true, over18: true, assurance: 'verified' })
  // The result belongs to its own check only.
  await expect(method.complete(check, { query: credit, headers: {} })).rejects.toMatchObject({ status: 400 })
})

test('cancelling goes back to the site with a cancelled result', async ({ page }) => {
  const method = cardMethod()
  const { check, url } = await startCheck(method)
  await page.goto(url)
  const back = page.waitForRequest((request) => new URL(request.url()).pathname === '/age/callback/card')
  await page.getByRole('button', { name: 'Cancel' }).click()
  const query = new URL((await back).url()).searchParams
  expect(await method.complete(check, { query, headers: {} })).toEqual({ ok: false, reason: 'the card check was cancelled' })
})

test('the page speaks the language of the link and refuses a link the site did not sign', async ({ page }) => {
  const method = cardMethod()
  const { url } = await startCheck(method, 'de')
  await page.goto(url)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1, name: 'Kartenprüfung' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Karte prüfen' })).toBeVisible()

  const forged = new URL(url, test.info().project.use.baseURL)
  forged.searchParams.set('return', 'https://evil.example/collect')
  await page.goto(forged.pathname + forged.search)
  await expect(page.getByRole('alert').filter({ hasText: 'Dieser Link zur Kartenprüfung ist nicht gültig.' })).toBeVisible()
  await expect(page.getByLabel('Kartennummer')).toHaveCount(0)
  await expectNoGraveViolations(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the card form fits the screen and keeps its targets large', async ({ page }) => {
    const { url } = await startCheck(cardMethod())
    await page.goto(url)
    const check = page.getByRole('button', { name: 'Check card' })
    await expect(check).toBeVisible()
    const box = (await check.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(40)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoGraveViolations(page)
  })
})
