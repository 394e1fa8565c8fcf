import AxeBuilder from '@axe-core/playwright'
import { devices, type Page } from '@playwright/test'
import { becomeMember, englishVisitor, firstItems, signedUpUser } from './accounts-support'
import { expect, test, expectPlayedPast } from './support'

/** A phone as the issue tried it: 390x844, touch, no hover, a mobile user agent. */
test.use({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

/** The cards whose preview clip plays now (running, past its first frame), by position on the page. */
function playingClips(page: Page) {
  return page.locator('main article').evaluateAll((cards) =>
    cards.flatMap((card, index) => {
      const video = card.querySelector('video')
      return video && !video.paused && video.currentTime > 0 ? [index] : []
    }),
  )
}

/** Records the most videos that ever played at once on the page. */
async function countConcurrentClips(page: Page) {
  await page.addInitScript(() => {
    const w = window as typeof window & { mostPlaying?: number }
    w.mostPlaying = 0
    document.addEventListener(
      'playing',
      () => {
        const now = [...document.querySelectorAll('video')].filter((video) => !video.paused).length
        w.mostPlaying = Math.max(w.mostPlaying ?? 0, now)
      },
      true,
    )
  })
  return () => page.evaluate(() => (window as typeof window & { mostPlaying?: number }).mostPlaying)
}

/** A one-finger swipe through the browser's touch input (as a finger moves, in steps). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
  for (let step = 1; step <= 6; step++) {
    const point = { x: from.x + ((to.x - from.x) * step) / 6, y: from.y + ((to.y - from.y) * step) / 6 }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

test('scrolling a list on a touch screen makes exactly one preview clip play, and the next one after scrolling on', async ({ page }) => {
  const mostPlaying = await countConcurrentClips(page)
  const clipCode = page.waitForResponse((response) => /\/card-clips-[\w-]+\.js$/.test(new URL(response.url()).pathname))
  await page.goto('/en/videos', { waitUntil: 'load' })
  expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true)
  // Nothing plays before the visitor scrolls: an interaction that is no scroll (a key) loads the
  // clips' code, which starts following the page; once the page has drawn twice since, still no clip.
  await page.keyboard.press('Shift')
  await clipCode
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await playingClips(page)).toEqual([])
  expect(await mostPlaying()).toBe(0)

  await page.evaluate(() => window.scrollTo(0, 200))
  await expect.poll(() => playingClips(page), { timeout: 15_000 }).toHaveLength(1)
  const [first] = await playingClips(page)
  const firstCard = page.locator('main article').nth(first!)
  await expect(firstCard.locator('video')).toBeInViewport({ ratio: 0.6 })

  // Scrolled to the end, the first card's picture leaves the screen: it stops, and one other card plays.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(firstCard.locator('video')).not.toBeInViewport({ ratio: 0.6 })
  await expect.poll(async () => (await playingClips(page)).filter((index) => index !== first), { timeout: 15_000 }).toHaveLength(1)
  expect(await playingClips(page)).toHaveLength(1)
  expect(await firstCard.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true)
  expect(await mostPlaying()).toBe(1)
})

test('the phone header offers a visitor the join button, the search field in full, and sign-in, sign-up and join in the drawer', async ({ page }) => {
  await page.goto('/en')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Join', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Main navigation' }).click()
  const drawer = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Sign up' })).toBeVisible()
  await drawer.getByRole('link', { name: 'Become a member' }).click()
  await expect(page).toHaveURL('/account/select-plan')

  // At 360 px the search icon opens a field whose placeholder fits.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/en')
  await header.getByRole('button', { name: 'Open the search' }).click()
  const field = header.getByRole('searchbox', { name: 'Search' })
  await expect(field).toBeFocused()
  const fits = await field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return { text: input.placeholder, needs: context.measureText(input.placeholder).width, room }
  })
  expect(fits.text).toBe('Search videos, images and models')
  expect(fits.needs).toBeLessThanOrEqual(fits.room)
  await field.fill('rooftop')
  await field.press('Enter')
  await expect(page).toHaveURL('/en/search/videos?q=rooftop')
})

test('a member sees no join button on the phone, swipes to the next picture in the lightbox, and double-taps the player to seek', async ({ page }) => {
  const { video, imageSet } = await firstItems(page)
  await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  await page.goto('/en')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'User menu' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Join', exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Main navigation' }).click()
  const drawer = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(drawer.getByRole('link', { name: 'Videos' })).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Become a member' })).toHaveCount(0)
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0)

  await page.goto(`/en/images/${imageSet}`)
  await page.getByRole('button', { name: 'Open image 1' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(/^Image 1 of \d+$/)).toBeVisible()
  const picture = dialog.getByRole('img', { name: /\(1\)$/ })
  // Measure where to swipe only once the picture has loaded and the dialog's opening transition has settled.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await picture.click({ trial: true })
  const box = (await picture.boundingBox())!
  const y = box.y + box.height / 2
  await swipe(page, { x: box.x + box.width * 0.8, y }, { x: box.x + box.width * 0.2, y })
  await expect(dialog.getByText(/^Image 2 of \d+$/)).toBeVisible()
  await swipe(page, { x: box.x + box.width * 0.2, y }, { x: box.x + box.width * 0.8, y })
  await expect(dialog.getByText(/^Image 1 of \d+$/)).toBeVisible()
  // A vertical move is no swipe.
  await swipe(page, { x: box.x + box.width / 2, y: box.y + 20 }, { x: box.x + box.width / 2 - 30, y: box.y + box.height - 20 })
  await expect(dialog.getByText(/^Image 1 of \d+$/)).toBeVisible()

  await page.goto(`/en/videos/${video}`)
  await page.getByRole('button', { name: 'Play video' }).click()
  const media = page.getByLabel((await page.getByRole('heading', { level: 1 }).textContent())!, { exact: true })
  await expectPlayedPast(media, 0.2)
  await media.evaluate((v: HTMLVideoElement) => v.pause())
  const area = (await media.boundingBox())!
  // The newest demo video lasts 6 s: forward 10 s reaches the end, back 10 s the start.
  // Two taps count as a double tap only within 300 ms; on a busy machine the two taps sent over
  // the DevTools protocol can land further apart, so a double tap that did not register is repeated
  // (a repeat is harmless: it clamps at the end or the start).
  const doubleTap = async (x: number, hint: string) => {
    await expect(async () => {
      await page.touchscreen.tap(x, area.y + area.height / 3)
      await page.touchscreen.tap(x, area.y + area.height / 3)
      await expect(page.getByRole('status').getByText(hint)).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
  }
  await doubleTap(area.x + area.width * 0.85, 'Forward 10 seconds')
  const end = await media.evaluate((v: HTMLVideoElement) => v.duration)
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(end - 0.5)
  await doubleTap(area.x + area.width * 0.15, 'Back 10 seconds')
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(0.5)
})

for (const [name, path] of [
  ['home page', '/en'],
  ['videos list', '/en/videos'],
  ['video page', 'video'],
] as const) {
  test(`the phone ${name} has no serious or critical accessibility violation (target size and contrast included)`, async ({ page }) => {
    // axe walks the whole page: slow on a busy machine.
    test.setTimeout(120_000)
    await page.goto(path === 'video' ? `/en/videos/${(await firstItems(page)).video}` : path)
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
    const grave = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    expect(grave).toEqual([])
    // The rules that matter most on a phone did run.
    expect([...results.passes, ...results.violations, ...results.incomplete].map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['target-size', 'color-contrast']),
    )
  })
}
