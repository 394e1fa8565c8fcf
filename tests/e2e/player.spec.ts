import type { Page } from '@playwright/test'
import { expect, test } from './support'
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
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3)
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
