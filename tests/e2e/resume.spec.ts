import type { Browser, Page } from '@playwright/test'
import { expect, test, waitForHydration, expectPlayedPast } from './support'
import { PASSWORD, becomeMember, e2eSql, englishVisitor, signedUpUser } from './accounts-support'

test.beforeEach(async ({ page }) => {
  // Two browsers play a video each: more than the default minute on a busy machine.
  test.setTimeout(120_000)
  await englishVisitor(page)
})

/** A released, ready video long enough that 0:03 is far from its end. */
async function longVideo(): Promise<{ id: number; title: string }> {
  const [row] = await e2eSql<{ id: number; title: string }>(
    `select id, title->>'en' as title from video where released_at is not null and media_status = 'ready' and duration_seconds >= 40 order by id limit 1`,
  )
  return row!
}

/** The same user in a browser context of its own (another session, as another device would have). */
async function sameUserElsewhere(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  await englishVisitor(page)
  const res = await page.request.post('/trpc/auth.login', { data: { email, password: PASSWORD }, headers: { 'x-locale': 'en', 'x-streamclub-csrf': '1' } })
  expect(res.status(), await res.text()).toBe(200)
  return page
}

test('a member who leaves a video at 0:03 is offered to resume there in another browser, and sees it under Continue watching', async ({ page, browser }) => {
  const email = await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  const video = await longVideo()

  await page.goto(`/en/videos/${video.id}`)
  await page.getByRole('button', { name: 'Play video' }).click()
  const media = page.getByLabel(video.title, { exact: true })
  await expectPlayedPast(media, 0.3)
  // Jump to 0:03 and leave while it plays: the only save is the keepalive request sent on pagehide
  // (the 10-second save has not come yet, and there was no pause). A slow rate keeps it at 0:03
  // however long the next page takes on a busy machine.
  await media.evaluate((v: HTMLVideoElement) => {
    v.playbackRate = 0.1
    v.currentTime = 3.1
  })
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime >= 3.1), { timeout: 30_000 }).toBe(true)
  await page.goto('/en/faq')
  const stored = () =>
    e2eSql<{ position: number }>(
      `select w.position_seconds as position from watch_position w join app_user u on u.id = w.user_id where u.email = $1 and w.video_id = $2`,
      [email, video.id],
    ).then((rows) => rows[0]?.position ?? null)
  await expect.poll(stored).toBeGreaterThanOrEqual(3.1)
  expect(await stored()).toBeLessThan(4)

  const other = await sameUserElsewhere(browser, email)
  await other.goto(`/en/videos/${video.id}`)
  await waitForHydration(other)
  const resume = other.getByRole('button', { name: 'Resume at 0:03' })
  await expect(resume).toBeVisible()
  await expect(other.getByRole('button', { name: 'Start over' })).toBeVisible()
  await resume.click()
  const otherMedia = other.getByLabel(video.title, { exact: true })
  await expectPlayedPast(otherMedia, 3)
  await otherMedia.evaluate((v: HTMLVideoElement) => v.pause())

  // The home page lists it under "Continue watching", with its progress.
  await other.goto('/en')
  await waitForHydration(other)
  const row = other.getByRole('region', { name: 'Continue watching' }).first()
  const card = row.getByRole('article', { name: video.title })
  await expect(card).toBeVisible()
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-label', /^\d+ % watched$/)
  await other.context().close()
})

test('"Start over" plays from the beginning, and a video watched to the end leaves Continue watching', async ({ page }) => {
  const email = await signedUpUser(page)
  await becomeMember(page, 'basic-monthly')
  const video = await longVideo()
  const [user] = await e2eSql<{ id: number }>(`select id from app_user where email = $1`, [email])
  await e2eSql(`insert into watch_position (user_id, video_id, position_seconds, updated_at) values ($1, $2, 20, now())`, [user!.id, video.id])

  await page.goto('/en')
  await expect(page.getByRole('region', { name: 'Continue watching' }).first().getByRole('article', { name: video.title })).toBeVisible()

  await page.goto(`/en/videos/${video.id}`)
  await expect(page.getByRole('button', { name: 'Resume at 0:20' })).toBeVisible()
  await page.getByRole('button', { name: 'Start over' }).click()
  const media = page.getByLabel(video.title, { exact: true })
  await expectPlayedPast(media, 0.3)
  expect(await media.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(10)

  // Watched to 97 % and paused there (the pause saves): no longer "continue watching".
  await media.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration * 0.97))
  await expect.poll(() => media.evaluate((v: HTMLVideoElement) => v.currentTime / v.duration), { timeout: 30_000 }).toBeGreaterThanOrEqual(0.97)
  await media.evaluate((v: HTMLVideoElement) => v.pause())
  await expect
    .poll(() =>
      e2eSql<{ share: number }>(
        `select w.position_seconds / v.duration_seconds as share from watch_position w join video v on v.id = w.video_id where w.user_id = $1 and w.video_id = $2`,
        [user!.id, video.id],
      ).then((r) => r[0]?.share),
    )
    .toBeGreaterThan(0.95)
  await page.goto('/en')
  await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0)
})
