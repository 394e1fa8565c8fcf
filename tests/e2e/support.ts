import type { Page } from '@playwright/test'

/** Marks the age gate as confirmed before the page's scripts run. */
export async function confirmAgeInAdvance(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('ageConfirmed', '1'))
}
