import { test as base, expect, type Page } from '@playwright/test'

export { expect }

/** Marks the age gate as confirmed before the page's scripts run. */
export async function confirmAgeInAdvance(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('ageConfirmed', '1'))
}

/**
 * Waits until the server-rendered page is live: the root sets data-hydrated on <html> once
 * React has taken the page over (a click or a choice before that would reach plain HTML).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!page.url().startsWith(new URL(test.info().project.use.baseURL ?? 'http://localhost').origin)) return
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
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
