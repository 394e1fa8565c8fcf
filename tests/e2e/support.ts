import { test as base, expect, type Locator, type Page } from '@playwright/test'

export { expect }

/** Marks the age gate as confirmed before the page's scripts run. */
export async function confirmAgeInAdvance(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('ageConfirmed', '1'))
}

/**
 * Waits until the server-rendered page is live: data-hydrated is set on <html> once React has
 * taken the page's content over (src/lib/page-live.tsx; a click or a choice before that would
 * reach plain HTML).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!page.url().startsWith(new URL(test.info().project.use.baseURL ?? 'http://localhost').origin)) return
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
}

/**
 * Waits until the video element has played past `seconds` (its first frames can take long on a busy
 * machine: signed playlist, player chunk, first segments). A failure says what state it was in.
 */
export async function expectPlayedPast(media: Locator, seconds: number): Promise<void> {
  try {
    await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(seconds)
  } catch (error) {
    const state = await media
      .evaluate((v: HTMLVideoElement) => ({
        paused: v.paused,
        readyState: v.readyState,
        networkState: v.networkState,
        error: v.error?.message ?? v.error?.code ?? null,
        src: v.currentSrc.slice(0, 40),
        buffered: v.buffered.length ? v.buffered.end(0) : 0,
      }))
      .catch((e: Error) => e.message)
    throw new Error(`the video did not play past ${seconds} s: ${JSON.stringify(state)}`, { cause: error })
  }
}

/** Playwright's test, whose page waits for hydration after every goto and reload. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (javaScriptEnabled) await waitForHydration(page)
      return response
    }
    page.reload = async (options) => {
      const response = await reload(options)
      if (javaScriptEnabled) await waitForHydration(page)
      return response
    }
    await use(page)
  },
})

/**
 * No serious or critical axe violation (WCAG 2.2 AA rules) in `include` (default: the page's
 * main landmark; the site header's language button is checked by the site's own tests).
 */
export async function expectNoGraveViolations(page: Page, include = 'main'): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  const grave = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(grave).toEqual([])
}
