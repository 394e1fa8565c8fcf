import { expect, test, expectPlayedPast } from './support'
import type { Page } from '@playwright/test'
import { becomeMember, e2eSql, englishVisitor, firstItems, signedUpUser } from './accounts-support'

async function expectDownloadToast(page: Page, message: string) {
  const toast = page.getByRole('alert').filter({ hasText: message })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Download not possible')
}

test.beforeEach(async ({ page }) => {
  await englishVisitor(page)
})

test('a visitor is sent to select a plan on play, to login on like, gets the not-member toast and no protected file', async ({ page }) => {
  const { video } = await firstItems(page)
  await page.goto(`/en/videos/${video}`)
  await page.getByRole('button', { name: 'Download' }).click()
  await expectDownloadToast(page, 'Only members may download content')

  await page.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/en/videos/${video}`)}`)
  await page.goto(`/en/videos/${video}`)
  await page.getByRole('button', { name: 'Play video' }).click()
  await expect(page).toHaveURL('/account/select-plan')

  // Members-only files are not reachable by path.
  const [row] = await e2eSql<{ master: string }>(`select media->>'master' as master from video where id = $1`, [video])
  expect((await page.request.get(`/${row!.master}`)).status()).toBe(403)
})

test('a user without a plan sees the hints, keeps favorites and watch later, and cannot play or download', async ({ page }) => {
  const { video, imageSet } = await firstItems(page)
  await signedUpUser(page)
  await page.goto(`/en/videos/${video}`)
  const player = page.getByRole('region', { name: 'Video player' })
  await expect(page.getByText('Members watch in full length. You are signed in without a membership yet.')).toBeVisible()

  // Like, then like again clears it; favorite and watch later stay on.
  const like = page.getByRole('button', { name: 'Like', exact: true })
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await like.click()
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await page.getByRole('button', { name: 'Favorite' }).click()
  await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Watch later' }).click()
  await expect(page.getByRole('button', { name: 'Watch later' })).toHaveAttribute('aria-pressed', 'true')
  const title = await page.getByRole('heading', { level: 1 }).textContent()

  await page.getByRole('button', { name: 'Download' }).click()
  await expectDownloadToast(page, 'Only members may download content')

  await page.goto(`/en/images/${imageSet}`)
  await page.getByRole('button', { name: 'Favorite' }).click()
  await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true')
  const setTitle = await page.getByRole('heading', { level: 1 }).textContent()
  await expect(page.getByRole('button', { name: 'Open image 1' })).toHaveCount(0)

  // The lists show what was toggled.
  await page.goto('/favorites')
  await expect(page).toHaveURL('/favorites/videos')
  await expect(page.getByRole('article', { name: title! })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Favorites' })
  await tabs.getByRole('link', { name: 'Images' }).click()
  await expect(page).toHaveURL('/favorites/images')
  await expect(page.getByRole('article', { name: setTitle! })).toBeVisible()
  await tabs.getByRole('link', { name: 'Models' }).click()
  await expect(page.getByText('You have no favorites here yet.')).toBeVisible()
  await page.goto('/watch-later')
  await expect(page.getByRole('article', { name: title! })).toBeVisible()

  await page.goto(`/en/videos/${video}`)
  await player.getByRole('button', { name: 'Play video' }).click()
  await expect(page).toHaveURL('/account/select-plan')
})

test('a member without downloads plays the video (a segment loads), chooses a resolution, opens the lightbox, and may not download', async ({ page }) => {
  const { video, imageSet } = await firstItems(page)
  await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  await page.goto(`/en/videos/${video}`)
  await expect(page.getByText('Members watch in full length.')).toHaveCount(0)

  const segment = page.waitForResponse((r) => /\/protected\/.+\/seg-\d{5}\.ts\?/.test(r.url()) && r.status() < 300)
  await page.getByRole('button', { name: 'Play video' }).click()
  expect((await segment).ok()).toBe(true)
  const media = page.getByLabel((await page.getByRole('heading', { level: 1 }).textContent())!, { exact: true })
  await expectPlayedPast(media, 0.2)

  // The resolution menu offers the video's rungs; the choice is kept for the session.
  const resolution = page.getByLabel('Resolution')
  const options = await resolution.locator('option').allTextContents()
  expect(options.length).toBeGreaterThan(0)
  await resolution.selectOption({ label: options[0]! })
  expect(await page.evaluate(() => sessionStorage.getItem('streamclub.resolution'))).toBe('sd')

  await page.getByRole('button', { name: 'Download' }).click()
  await expectDownloadToast(page, 'Your membership does not include downloads')

  await page.goto(`/en/images/${imageSet}`)
  await page.getByRole('button', { name: 'Open image 1' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText(/^Image 1 of \d+$/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Next image' }).click()
  await expect(dialog.getByText(/^Image 2 of \d+$/)).toBeVisible()
  const picture = dialog.getByRole('img', { name: /\(2\)$/ })
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  expect(await picture.getAttribute('src')).toMatch(/^\/protected\/.+\/web\/002\.jpg\?u=\d+&e=\d+&s=/)
})

test('the play button stays where it is when the page learns that a member is signed in', async ({ page }) => {
  const { video } = await firstItems(page)
  await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  // The page is the same for everyone; who is signed in arrives afterwards. Hold that answer back.
  let answer: () => void = () => undefined
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route(/\/trpc\/auth\.me/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/en/videos/${video}`)
  const play = page.getByRole('region', { name: 'Video player' }).getByRole('button', { name: 'Play video' })
  await expect(page.getByText(/^Members watch this video in full length/)).toBeVisible()
  const before = (await play.boundingBox())!
  answer()
  await expect(page.getByText(/^Members watch this video in full length/)).toHaveCount(0)
  expect(await play.boundingBox()).toEqual(before)
})

test('a browser without native HLS plays through hls.js: the master playlist, then segments of the chosen rung', async ({ page }) => {
  // As in Firefox or an older Chrome: the <video> element cannot play HLS by itself.
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the element as `this` below
    const canPlayType = HTMLMediaElement.prototype.canPlayType
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return type.includes('mpegurl') ? '' : canPlayType.call(this, type)
    }
  })
  const { video } = await firstItems(page)
  await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  await page.goto(`/en/videos/${video}`)

  const master = page.waitForResponse((r) => /\/protected\/.+\/master\.m3u8\?/.test(r.url()))
  const segment = page.waitForResponse((r) => /\/protected\/.+\/seg-\d{5}\.ts\?/.test(r.url()) && r.status() < 300)
  await page.getByRole('button', { name: 'Play video' }).click()
  expect((await master).status()).toBe(200)
  const first = await segment
  expect(first.ok()).toBe(true)
  // The default rung is the best one up to Full HD, not the lowest.
  expect(first.url()).not.toMatch(/\/sd\/seg-/)
  const media = page.getByLabel((await page.getByRole('heading', { level: 1 }).textContent())!, { exact: true })
  await expectPlayedPast(media, 0.2)
  // hls.js feeds the element through Media Source Extensions, not a src URL.
  expect(await media.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/)

  const resolution = page.getByLabel('Resolution')
  const rungs = await resolution.locator('option').allTextContents()
  expect(rungs.length).toBeGreaterThan(1)
  const lowest = page.waitForResponse((r) => /\/protected\/.+\/sd\/seg-\d{5}\.ts\?/.test(r.url()) && r.status() < 300)
  await resolution.selectOption({ label: rungs[0]! })
  expect((await lowest).ok()).toBe(true)
})

test('a member with downloads gets the MP4 and the zip, then the daily-limit toast', async ({ page }) => {
  const { video, imageSet } = await firstItems(page)
  const email = await signedUpUser(page)
  await becomeMember(page, 'premium-monthly')

  await page.goto(`/en/videos/${video}`)
  const mp4 = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await mp4).suggestedFilename()).toMatch(/\.mp4$/)

  await page.goto(`/en/images/${imageSet}`)
  const zip = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/)

  // The plan allows 10 a day: use up the rest, and the next one is refused.
  await e2eSql(`update download_counter set count = 10 where user_id = (select id from app_user where email = $1)`, [email])
  await page.getByRole('button', { name: 'Download' }).click()
  await expectDownloadToast(page, 'You have reached your daily download limit. Try again tomorrow!')
})
