import { confirmAgeInAdvance, expect, test } from './support'

/**
 * The demo seed ran its synthetic sources through the media pipeline: the pictures it made
 * show on the site and its clips play in the browser.
 */
test('the seeded posters load and the hover preview and thumbnail clips play in Chromium', async ({ page }) => {
  await confirmAgeInAdvance(page)
  await page.goto('/en')
  // The first latest video's poster (a decorative picture: its card's title link names it).
  const poster = page.getByRole('region', { name: 'Latest videos' }).getByRole('article').first().locator('img')
  await expect(poster).toBeVisible()
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  const src = await poster.getAttribute('src')
  // On S3 each attempt's files sit under a prefix of their own (a1b2c3d4/).
  expect(src).toMatch(/^\/media\/[0-9a-f-]{36}\/(a[0-9a-f]{8}\/)?poster-\d+\.jpg$/)

  // The clips, at the addresses the site gives for that video (on S3 a later publication's
  // files sit under a prefix of their own, so not necessarily beside the poster).
  const latest = await page.request.get(`/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en', limit: 1 }))}`)
  const [first] = (await latest.json()).result.data.items as Array<{ previewClipUrl: string | null; thumbnailClipUrl: string | null }>
  expect(src!.split('/')[2]).toBe(first!.previewClipUrl!.split('/')[2])
  for (const [clip, address] of [
    ['preview.mp4', first!.previewClipUrl],
    ['thumb.mp4', first!.thumbnailClipUrl],
  ] as const) {
    expect(address).toMatch(new RegExp(`/${clip.replace('.', '\\.')}$`))
    const url = new URL(address!, page.url()).href
    const response = await page.request.get(url)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('video/mp4')
    await page.setContent(`<main><video src="${url}" muted autoplay loop playsinline aria-label="${clip}"></video></main>`)
    const video = page.getByLabel(clip)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? -1 : v.currentTime)), { timeout: 15_000 }).toBeGreaterThan(0.3)
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(clip === 'preview.mp4' ? 360 : 180)
  }
})
