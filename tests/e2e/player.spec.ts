import type { Page } from '@playwright/test'
import { expect, test, expectPlayedPast } from './support'
import { becomeMember, e2eSql, englishVisitor, signedUpUser } from './accounts-support'

test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000)
  await englishVisitor(page)
})

/** A member on the page of a released video of 40 s or more, playing. */
async function playingLongVideo(page: Page) {
  await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  const [video] = await e2eSql<{ id: number; title: string }>(
    `select id, title->>'en' as title from video where released_at is not null and media_status = 'ready' and duration_seconds >= 40 order by id limit 1`,
  )
  await page.goto(`/en/videos/${video!.id}`)
  await page.getByRole('button', { name: 'Play video' }).click()
  const media = page.getByLabel(video!.title, { exact: true })
  await expectPlayedPast(media, 0.3)
  return media
}

test('hovering the seek bar shows the scrub thumbnail of that moment, a tile of a signed members-only sprite sheet', async ({ page }) => {
  const sheet = page.waitForResponse((r) => /\/protected\/[^/]+\/scrub\/sheet-001\.jpg\?u=\d+&e=\d+&r=\w+&s=/.test(r.url()))
  const media = await playingLongVideo(page)
  const duration = await media.evaluate((v: HTMLVideoElement) => v.duration)
  const range = page.locator('media-time-range')
  const box = (await range.boundingBox())!
  // Half way along the bar: the thumbnail of the moment at half the video.
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2)
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 3 })
  const thumbnail = range.locator('media-preview-thumbnail')
  await expect(thumbnail).toBeVisible()
  await expect(thumbnail).toHaveAttribute('mediapreviewimage', /\/protected\/[^/]+\/scrub\/sheet-001\.jpg\?u=\d+&e=\d+&r=\w+&s=[\w-]+#xywh=/)
  const [x, y, width, height] = (await thumbnail.getAttribute('mediapreviewcoords'))!.split(' ').map(Number) as [number, number, number, number]
  expect(width).toBe(240)
  expect(height).toBeGreaterThan(100)
  // Tiles every 2 s, ten to a row: the tile at the middle of the video.
  const index = Math.floor((duration * 0.5) / 2)
  expect(Math.abs(x / width + (y / height) * 10 - index)).toBeLessThanOrEqual(1)
  expect((await sheet).status()).toBe(200)
  expect((await sheet).headers()['content-type']).toBe('image/jpeg')
  await expect.poll(() => thumbnail.evaluate((el) => (el.shadowRoot?.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0)).toBe(2400)
})

test('player basics: keyboard shortcuts, playback speed, picture-in-picture, and the resolution being played', async ({ page }) => {
  const media = await playingLongVideo(page)
  const state = () =>
    media.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      paused: v.paused,
      muted: v.muted,
      rate: v.playbackRate,
      fullscreen: !!document.fullscreenElement,
    }))
  // The shortcuts work from anywhere on the page (the focus is on the page, not in the player).
  await page.getByRole('heading', { level: 1 }).click()

  await page.keyboard.press('Space')
  await expect.poll(async () => (await state()).paused).toBe(true)
  const at = (await state()).time
  await page.keyboard.press('l')
  await expect.poll(async () => (await state()).time).toBeCloseTo(at + 10, 0)
  await expect(page.getByRole('status').getByText('Forward 10 seconds')).toBeVisible()
  await page.keyboard.press('j')
  await expect.poll(async () => (await state()).time).toBeCloseTo(at, 0)
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => (await state()).time).toBeCloseTo(at + 5, 0)
  await page.keyboard.press('ArrowLeft')
  await expect.poll(async () => (await state()).time).toBeCloseTo(at, 0)
  await page.keyboard.press('m')
  await expect.poll(async () => (await state()).muted).toBe(true)
  await page.keyboard.press('m')
  await expect.poll(async () => (await state()).muted).toBe(false)
  await page.keyboard.press('f')
  await expect.poll(async () => (await state()).fullscreen).toBe(true)
  await page.keyboard.press('f')
  await expect.poll(async () => (await state()).fullscreen).toBe(false)
  await page.keyboard.press('Space')
  await expect.poll(async () => (await state()).paused).toBe(false)

  // Speed: the button steps through the rates, and so do < and >.
  const speed = page.locator('media-playback-rate-button')
  await speed.click()
  await expect.poll(async () => (await state()).rate).toBe(1.25)
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('<')
  await expect.poll(async () => (await state()).rate).toBe(1)

  // Picture-in-picture, where the browser offers it.
  const pip = page.locator('media-pip-button')
  await expect(pip).toHaveCount(1)
  if ((await pip.getAttribute('mediapipunavailable')) === null) {
    await pip.click()
    await expect.poll(() => page.evaluate(() => !!document.pictureInPictureElement)).toBe(true)
    await pip.click()
    await expect.poll(() => page.evaluate(() => !!document.pictureInPictureElement)).toBe(false)
  }

  // The chosen rung in the menu, and the picture's own size beside it.
  await expect(page.getByLabel('Resolution')).toHaveValue(/^(sd|hd|fhd)$/)
  const height = await media.evaluate((v: HTMLVideoElement) => Math.min(v.videoWidth, v.videoHeight))
  await expect(page.getByTestId('playing-resolution')).toHaveText(`${height}p`)
  await expect(page.getByTestId('playing-resolution')).toHaveAttribute('aria-label', `Playing in ${height}p`)
})
