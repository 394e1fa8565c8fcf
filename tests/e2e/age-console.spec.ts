import type { Page } from '@playwright/test'
import { englishVisitor, signedInWithRole } from './accounts-support'
import { expect, expectNoGraveViolations, test } from './support'

/**
 * The console's age-assurance figures (docs/age-assurance.md#figures-in-the-console): a visitor
 * in Italy (a blur place, from the CDN header the server trusts) browses the tour and verifies
 * with the development provider; the server stores its counters every second
 * (AGE_STATS_FLUSH_SECONDS=1 in tests/playwright.config.ts), and an administrator sees them grow.
 * Other tests count on the same server at the same time, so the figures are compared with the
 * ones read before.
 */

/** A number in a row of a console table, by the row's header and the column's. */
async function figure(page: Page, table: string, row: string | RegExp, column: number): Promise<number> {
  const rows = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: row }) })
  if ((await rows.count()) === 0) return 0
  const text = await rows.first().getByRole('cell').nth(column).innerText()
  return Number(text.replace(/\D/g, ''))
}

const DEV = /^Streamclub development check/

async function figures(page: Page) {
  return {
    italyViews: await figure(page, 'Page views by jurisdiction rule', 'it', 0),
    blurViews: await figure(page, 'Page views by outcome', /^blur/, 0),
    devStarted: await figure(page, 'Age checks by method', DEV, 0),
    devAccepted: await figure(page, 'Age checks by method', DEV, 2),
  }
}

test('an administrator sees the page views of a blur place and a development check in the console', async ({ browser, page }, testInfo) => {
  test.setTimeout(120_000)
  await englishVisitor(page)
  await signedInWithRole(page, 'admin')
  await page.goto('/admin/age')
  await expect(page.getByRole('heading', { level: 1, name: 'Age assurance' })).toBeVisible()
  const sections = page.getByRole('navigation', { name: 'Console sections' })
  await expect(sections.getByRole('link', { name: 'Age assurance' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText(/^Policy version /)).toBeVisible()
  const before = await figures(page)

  // A visitor in Italy: three pages of the tour, then the development check.
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'IT' }, locale: 'en-US' })
  const visitor = await context.newPage()
  await englishVisitor(visitor)
  for (const url of ['/en', '/en/models', '/en/videos']) {
    const res = await visitor.goto(url)
    expect(res?.status(), url).toBe(200)
  }
  await visitor.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await visitor.getByRole('link', { name: 'Verify my age' }).click()
  await visitor.getByRole('button', { name: 'Verify with Streamclub development check' }).click()
  await visitor.getByRole('button', { name: 'I am 18 or older' }).click()
  await visitor.waitForURL('**/en/videos')
  await expect(visitor.getByRole('link', { name: 'Verify my age' })).toHaveCount(0)
  await context.close()

  // The server stores its counts every second: reload until they are there.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('table', { name: 'Page views by jurisdiction rule' })).toBeVisible({ timeout: 2000 })
    const after = await figures(page)
    // Three tour pages and the page after the check (at least: other tests count too).
    expect(after.italyViews - before.italyViews).toBeGreaterThanOrEqual(4)
    expect(after.blurViews - before.blurViews).toBeGreaterThanOrEqual(4)
    expect(after.devStarted - before.devStarted).toBeGreaterThanOrEqual(1)
    expect(after.devAccepted - before.devAccepted).toBeGreaterThanOrEqual(1)
  }).toPass({ timeout: 30_000 })
  await expect(page.getByText('Verified visitors among page views of blur and front jurisdictions')).toBeVisible()
  await expect(page.getByText(/^\d+(\.\d)?%$/).first()).toBeVisible()
  await expectNoGraveViolations(page)
  await page.screenshot({ path: testInfo.outputPath('age-console-desktop.png'), fullPage: true })

  // On a phone: the tables fit or scroll inside their own box, never the page.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('table', { name: 'Page views by outcome' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoGraveViolations(page)
  await page.screenshot({ path: testInfo.outputPath('age-console-phone.png'), fullPage: true })
})
