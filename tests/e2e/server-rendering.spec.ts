import { englishVisitor, openUserMenu, signedInWithRole } from './accounts-support'
import { scriptsNamedIn } from '../support/page-scripts.js'
import { confirmAgeInAdvance, expect, expectNoGraveViolations, test, waitForHydration } from './support'

/**
 * Server-rendered pages in a real browser: they hydrate without a console error in every
 * language, load no script before they are live that their HTML does not name (so those are the
 * page's first-load JavaScript, which tests/integration/page-weight.test.ts weighs) and ask for
 * none before the document is parsed, read
 * without scripts, and the age gate never flashes for a visitor who confirmed.
 */
const LOCALES = ['de', 'en', 'es', 'fr', 'it'] as const
/** One of each public page kind on the seeded demo catalog. */
const PAGES = [
  '',
  'videos',
  'images?sort=best_rated',
  'models',
  'categories',
  'videos/10',
  'images/5',
  'models/2?type=videos',
  'categories/1/videos',
  'coming-soon?type=videos',
  'search/videos?q=suite',
  'tos',
  'faq',
  'contact',
  'report',
]

/** Records, the moment React has hydrated the page, every script the page has fetched so far. */
const recordScriptsAtHydration = () => {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-hydrated')) return
    observer.disconnect()
    ;(window as unknown as { scriptsAtHydration: string[] }).scriptsAtHydration = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js'))
    // The document's elements do not exist yet when this runs: watch the whole document.
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

for (const locale of LOCALES) {
  test(`every public page hydrates without a console error in ${locale}, with only the scripts it names, asked for once it is parsed`, async ({ page }) => {
    test.setTimeout(120_000)
    await confirmAgeInAdvance(page)
    await page.addInitScript(recordScriptsAtHydration)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
    for (const path of PAGES) {
      const response = await page.goto(`/${locale}/${path}`)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const named = scriptsNamedIn(await response!.text())
      const loaded = await page.evaluate(() => (window as unknown as { scriptsAtHydration: string[] }).scriptsAtHydration)
      expect(loaded.length, path).toBeGreaterThan(0)
      expect(
        loaded.filter((script) => !named.includes(script)),
        `${path}: scripts loaded before the page was live that it does not name`,
      ).toEqual([])
      // The page is parsed (and painted) before its first script is even asked for: scripts never compete with its HTML, CSS and pictures.
      const { parsed, firstScript } = await page.evaluate(() => ({
        parsed: performance.getEntriesByType('navigation')[0]!.toJSON().domContentLoadedEventStart as number,
        firstScript: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .map((entry) => entry.startTime),
        ),
      }))
      expect(firstScript, `${path}: the first script request starts after the document is parsed`).toBeGreaterThan(parsed)
    }
    expect(problems).toEqual([])
  })
}

test('every public page, header and footer included, has no grave accessibility violation on a desktop', async ({ page }) => {
  test.setTimeout(120_000)
  await confirmAgeInAdvance(page)
  for (const path of PAGES) {
    await page.goto(`/en/${path}`)
    await waitForHydration(page)
    // The whole page: header (language and user menus, search), main and footer.
    await expectNoGraveViolations(page, 'body')
  }
})

test('an administrator’s client-only pages hydrate their frame without a mismatch, then show who is signed in', async ({ page }) => {
  // The page's gate knows the user before React hydrates the header the server drew for a
  // visitor: drawn at once, the header would not match (React error 418) and the page be drawn anew.
  await englishVisitor(page)
  await signedInWithRole(page, 'admin')
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`)
  })
  for (const path of ['/admin/pipeline', '/account/plan', '/en/videos']) {
    await page.goto(path)
    await waitForHydration(page)
    const menu = await openUserMenu(page)
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
    await page.keyboard.press('Escape')
  }
  expect(problems).toEqual([])
})

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('a video page shows its title and details, a list page its cards', async ({ page }) => {
    await page.goto('/en/videos/10')
    await expect(page.getByRole('heading', { level: 1, name: 'Rooftop on Sunday' })).toBeVisible()
    await expect(page).toHaveTitle('Rooftop on Sunday | Streamclub')
    await page.goto('/en/videos')
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(30)
    await expect(page.getByRole('main').getByRole('link', { name: 'Rooftop on Sunday' }).first()).toHaveAttribute('href', '/en/videos/10')
  })
})

test.describe('age gate before the first paint', () => {
  /** Records, when the document has been parsed (styles applied, React not yet live), whether the gate shows. */
  const recordGateAtParse = () =>
    document.addEventListener('DOMContentLoaded', () => {
      const gate = document.querySelector('.age-gate')
      ;(window as unknown as { gateAtParse: unknown }).gateAtParse = {
        inHtml: gate !== null,
        shown: gate !== null && getComputedStyle(gate).display !== 'none',
        hydrated: document.documentElement.hasAttribute('data-hydrated'),
      }
    })

  test('is in the page for a new visitor before any script made it', async ({ page }) => {
    await page.addInitScript(recordGateAtParse)
    await page.goto('/en')
    expect(await page.evaluate(() => (window as unknown as { gateAtParse: unknown }).gateAtParse)).toEqual({ inHtml: true, shown: true, hydrated: false })
    await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible()
  })

  test('never shows for a visitor who confirmed before', async ({ page }) => {
    await confirmAgeInAdvance(page)
    await page.addInitScript(recordGateAtParse)
    await page.goto('/en')
    expect(await page.evaluate(() => (window as unknown as { gateAtParse: unknown }).gateAtParse)).toEqual({ inHtml: true, shown: false, hydrated: false })
    await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0)
  })
})

test('a page is marked live only once React has taken over its content, so a choice made then is not lost', async ({ page }) => {
  await confirmAgeInAdvance(page)
  // At the moment the mark appears: which of the main content's controls React does not handle yet.
  await page.addInitScript(() => {
    const timer = setInterval(() => {
      if (!document.documentElement?.hasAttribute('data-hydrated')) return
      clearInterval(timer)
      const live = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))
      const controls = [...document.querySelectorAll('main select, main button, main a[href]')]
      // Plain links (cards, facts: marked data-nav) are followed by the window's listener, hydrated or not.
      const appControls = controls.filter((element) => !element.closest('[data-nav]'))
      ;(window as unknown as { atMark: unknown }).atMark = {
        controls: controls.length,
        appControls: appControls.length,
        notLive: appControls.filter((element) => !live(element)).length,
      }
    }, 0)
  })
  // A slow phone: hydration takes long enough for the document shell to be live well before the list.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await page.goto('/en/videos')
  const atMark = await page.evaluate(() => (window as unknown as { atMark: { controls: number; appControls: number; notLive: number } }).atMark)
  expect(atMark.controls).toBeGreaterThan(30)
  expect(atMark.appControls).toBeGreaterThan(3)
  expect(atMark.notLive).toBe(0)
  await page.getByLabel('Sort by').selectOption('longest')
  await expect(page).toHaveURL(/\?sort=longest$/)
})

test('parts a visitor does not use at once keep the server’s HTML until they start using the page, and their links work meanwhile', async ({ page }) => {
  await confirmAgeInAdvance(page)
  const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))
  const liveCards = () =>
    page.evaluate(() => {
      const cards = [...document.querySelectorAll('main article[data-nav]')]
      return { cards: cards.length, live: cards.filter((card) => Object.keys(card).some((key) => key.startsWith('__reactFiber'))).length }
    })
  await page.goto('/en/videos')
  // A phone's first two rows are live; the other cards wait (src/features/catalog/ContentList.tsx).
  const atStart = await liveCards()
  expect(atStart.cards).toBeGreaterThan(8)
  expect(atStart.live).toBe(4)
  // Their dates wait as well: the first date a page formats loads ICU's data.
  const firstDateLive = () => page.locator('main article[data-nav]').first().locator('time').evaluate(hydrated)
  await expect(page.locator('main article[data-nav]').first().locator('time')).toHaveText(/ago|yesterday|last/)
  expect(await firstDateLive()).toBe(false)
  // A link in a card that is not hydrated yet navigates in the app (no new document).
  const secondTitle = await page.locator('main article[data-nav]').nth(7).getAttribute('aria-label')
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await page.locator('main article[data-nav]').nth(7).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: secondTitle! })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

  // A video page's facts wait too, until the visitor moves, and so does its views count (its
  // number format would start ICU while the page hydrates); the like buttons are live at once.
  await page.goto('/en/videos/10')
  const factsLive = () => page.locator('main dl').evaluate(hydrated)
  const ratings = page.getByRole('group', { name: 'Ratings' })
  const viewsLive = () => ratings.locator('span[aria-hidden="true"]').last().evaluate(hydrated)
  await expect(ratings.locator('span[aria-hidden="true"]').last()).toHaveText(/^\d[\d,]*$/)
  expect(await factsLive()).toBe(false)
  expect(await viewsLive()).toBe(false)
  expect(await ratings.getByRole('button', { name: 'Like', exact: true }).evaluate(hydrated)).toBe(true)
  await page.mouse.move(20, 300)
  await expect.poll(factsLive).toBe(true)
  await expect.poll(viewsLive).toBe(true)
  await page.goto('/en/videos')
  await page.mouse.wheel(0, 400)
  await expect.poll(async () => (await liveCards()).live).toBe(atStart.cards)
  await expect.poll(firstDateLive).toBe(true)
})
