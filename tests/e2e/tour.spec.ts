import type { Page } from '@playwright/test'
import { confirmAgeInAdvance, expect, expectNoGraveViolations, test } from './support'

/**
 * The tour in a browser (project chromium-tour: every request a visitor of a `blur` jurisdiction
 * who has not verified the age; scripts/e2e-tour-server.ts, on the seeded demo catalog): the
 * pages show the blurred pictures the server chose, in its HTML already, with no CSS filter and no
 * clip; titles are the tour's; the full pictures answer 403; no grave accessibility violation.
 * Screenshots at desktop and phone size go to the test's output folder.
 */
test.beforeEach(async ({ page }) => {
  await confirmAgeInAdvance(page)
})

/** Every picture address in the main landmark (img src and srcset, picture sources) and each img's computed filter. */
async function picturesIn(page: Page) {
  return page.getByRole('main').evaluate((main) => ({
    urls: [
      ...[...main.querySelectorAll('img')].flatMap((img) => [img.getAttribute('src') ?? '', ...(img.getAttribute('srcset') ?? '').split(',')]),
      ...[...main.querySelectorAll('source')].flatMap((source) => (source.getAttribute('srcset') ?? '').split(',')),
    ]
      .map((entry) => entry.trim().split(/\s+/)[0]!)
      .filter(Boolean),
    filters: [...main.querySelectorAll('img, picture')].map((element) => getComputedStyle(element).filter),
    clips: main.querySelectorAll('video').length,
  }))
}

const mediaIn = (html: string) => [...html.matchAll(/\/media\/[^"'\s,<>)\\]+/g)].map((match) => match[0])

for (const [size, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the home page shows only the server's blurred pictures, no clip, no CSS blur (${size})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport)
    // In the server's HTML already: the media it names are tour renditions only.
    const html = await (await page.request.get('/en')).text()
    const named = mediaIn(html)
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter((url) => !/\.tour\.(jpg|webp)$/.test(url))).toEqual([])

    await page.goto('/en')
    const { urls, filters, clips } = await picturesIn(page)
    expect(urls.length).toBeGreaterThan(5)
    expect(urls.filter((url) => !/\.tour\.(jpg|webp)$/.test(url))).toEqual([])
    expect(filters.filter((filter) => filter !== 'none')).toEqual([])
    expect(clips).toBe(0)
    // The first pictures arrive and are drawn.
    const first = page.getByRole('main').locator('img').first()
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    // Hovering a card plays nothing.
    await page.getByRole('main').getByRole('article').first().hover()
    expect(await page.getByRole('main').locator('video').count()).toBe(0)
    await expectNoGraveViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`tour-home-${size}.png`), fullPage: false })
  })
}

test('a video page: the tour title, the blurred poster, no stills; the full poster and the clip answer 403', async ({ page }, testInfo) => {
  const open = String(testInfo.project.metadata.openBaseURL)
  const api = async (base: string, procedure: string, input: object) =>
    (await (await page.request.get(`${base}/trpc/catalog.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)).json()).result.data
  const { items } = await api(open, 'videos', { locale: 'en', per_page: 1, with: ['featured_preview'] })
  const full = await api(open, 'video', { locale: 'en', id: items[0].id })
  const tour = await api('', 'video', { locale: 'en', id: items[0].id })
  expect(tour.title).toBe(`Video ${full.id}`)

  await page.goto(`/en/videos/${full.id}`)
  await expect(page.getByRole('heading', { level: 1, name: `Video ${full.id}` })).toBeVisible()
  await expect(page.getByText(full.title, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Preview images' })).toHaveCount(0)
  const { urls, filters } = await picturesIn(page)
  expect(urls).toContain(tour.poster.src)
  expect(urls.filter((url) => !/\.tour\.(jpg|webp)$/.test(url))).toEqual([])
  expect(filters.filter((filter) => filter !== 'none')).toEqual([])

  // The full poster, a still and the clip answer 403 here; the blurred poster answers.
  for (const url of [full.poster.src, full.previews[0].thumbnail.src, full.previewClipUrl]) {
    const res = await page.request.get(url)
    expect(res.status(), url).toBe(403)
  }
  expect((await page.request.get(tour.poster.src)).status()).toBe(200)
  // A download is refused with the reason.
  await page.getByRole('button', { name: 'Download' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Verify your age to see this.' })).toBeVisible()
  await expectNoGraveViolations(page)
  await page.screenshot({ path: testInfo.outputPath('tour-video-desktop.png'), fullPage: true })
})
