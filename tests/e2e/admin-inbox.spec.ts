/**
 * The console's inbox and users pages as an administrator, by role and label: a removal report
 * (overdue, at the top of the open ones) answered by unpublishing the video it names, and the
 * video gone from the public site; a user found by the start of their address and signed out
 * everywhere (their browser is signed out at its next request). Every new page: the console's
 * section marked current, no serious or critical axe violation, no wider than the screen, and a
 * screenshot, at desktop and phone size (cards instead of tables on the phone).
 */
import type { Page } from '@playwright/test'
import { e2eSql, englishVisitor, signedInWithRole } from './accounts-support'
import { expect, expectNoGraveViolations, test } from './support'

/** A removal report as the site's form stores it, arrived `daysAgo` days ago, naming `urls`. */
async function storedReport(urls: string[], daysAgo: number): Promise<number> {
  const [row] = await e2eSql<{ id: number }>(
    `insert into removal_report (name, email, urls, type, depicted, issues, description, signature, locale, status, created_at)
     values ('Erika Beispiel', 'erika@example.com', $1, 'abuse', true, '{non_consentual}', 'Published without my consent.', 'Erika Beispiel', 'de', 'new', now() - ($2 || ' days')::interval)
     returning id`,
    [urls, String(daysAgo)],
  )
  return row!.id
}

const catalogChanged = () => e2eSql(`select pg_notify('catalog_changed', 'e2e restore')`)

test.beforeEach(async ({ page }) => englishVisitor(page))

test('an administrator answers a removal report by unpublishing its video, and the video is gone from the site', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await signedInWithRole(page, 'admin')
  // A video away from the pages the other tests look at.
  const res = await page.request.get(`/trpc/catalog.videos?input=${encodeURIComponent(JSON.stringify({ locale: 'en', per_page: 12, page: 4 }))}`)
  const video = (await res.json()).result.data.items[0] as { id: number; title: string }
  const [original] = await e2eSql(`select publish_at, released_at from video where id = $1`, [video.id])
  const report = await storedReport([`${baseURL}/de/videos/${video.id}`], 30)
  try {
    await page.goto('/admin/inbox')
    await expect(page).toHaveURL(/\/admin\/inbox\/reports$/)
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page')
    const row = page
      .getByRole('table', { name: 'Removal reports' })
      .getByRole('row')
      .filter({ hasText: `#${report}` })
    await expect(row).toContainText('Overdue')
    await expect(row).toContainText('New')
    await row.getByRole('link', { name: `Open report ${report}` }).click()

    await expect(page.getByRole('heading', { level: 1, name: `Removal report ${report}` })).toBeVisible()
    const named = page.getByRole('list', { name: 'What it names' })
    await expect(named.getByRole('link', { name: `Open ${video.title} in the console` })).toBeVisible()
    await expect(named).toContainText('On the site')

    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Unpublish the named content' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Taken off the site: 1. The report is marked removed.' })).toBeVisible()
    await expect(named).toContainText('Unpublished')
    await expect(page.getByRole('main').getByText('Removed', { exact: true }).first()).toBeVisible()

    await page.goto(`/en/videos/${video.id}`)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.goto('/admin/audit')
    await expect(page.getByRole('table', { name: 'Changes made in the console, newest first' })).toContainText('admin.inbox.unpublishReported')
  } finally {
    await e2eSql(`update video set publish_at = $2, released_at = $3, withdrawn = false where id = $1`, [video.id, original!.publish_at, original!.released_at])
    await e2eSql(`delete from removal_report where id = $1`, [report])
    await catalogChanged()
  }
})

test('an administrator finds a user by the start of their address and ends all their sessions', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000)
  // The user, signed in in a browser of their own.
  const theirs = await browser.newContext({ baseURL })
  const them = await theirs.newPage()
  await englishVisitor(them)
  const email = await signedInWithRole(them, 'user')
  const me = async () => (await (await them.request.get('/trpc/auth.me')).json()).result.data
  expect(await me()).toMatchObject({ email })

  await signedInWithRole(page, 'admin')
  await page.goto('/admin/users')
  await page.getByRole('searchbox', { name: 'Email address starts with' }).fill(email.slice(0, email.indexOf('@')).toUpperCase())
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const results = page.getByRole('table', { name: 'Users' })
  await expect(results.getByRole('row')).toHaveCount(2)
  await results.getByRole('link', { name: `Open ${email}` }).click()

  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible()
  await expect(page.getByText('Live sessions: 1.')).toBeVisible()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'End all sessions' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Sessions ended: 1.' })).toBeVisible()
  await expect(page.getByText('Live sessions: 0.')).toBeVisible()
  expect(await me()).toBeNull()
  await theirs.close()
})

async function newPages(page: Page, baseURL: string) {
  await signedInWithRole(page, 'admin')
  const report = await storedReport([`${baseURL}/de/videos/1`, `${baseURL}/de/faq`], 2)
  const [user] = await e2eSql<{ id: number }>(`select id from app_user order by id limit 1`)
  return {
    report,
    pages: [
      { path: '/admin/inbox/reports', section: 'Inbox', heading: 'Removal reports', list: 'Removal reports' },
      { path: `/admin/inbox/reports/${report}`, section: 'Inbox', heading: `Removal report ${report}`, list: null },
      { path: '/admin/inbox/messages?filter=all', section: 'Inbox', heading: 'Contact messages', list: null },
      { path: '/admin/inbox/feedback', section: 'Inbox', heading: 'Error feedback', list: null },
      { path: '/admin/users', section: 'Users', heading: 'Users', list: 'Users' },
      { path: `/admin/users/${user!.id}`, section: 'Users', heading: /@/, list: null },
    ],
  }
}

async function checkNewPages(page: Page, baseURL: string, outputPath: (name: string) => string, size: 'desktop' | 'phone') {
  const { report, pages } = await newPages(page, baseURL)
  try {
    const sections = page.getByRole('navigation', { name: 'Console sections' })
    for (const { path, section, heading, list } of pages) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(sections.getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page')
      await expect(sections.locator('[aria-current="page"]')).toHaveCount(1)
      if (list) await expect(size === 'phone' ? page.getByRole('list', { name: list }) : page.getByRole('table', { name: list })).toBeVisible()
      if (list && size === 'phone') await expect(page.getByRole('table')).toHaveCount(0)
      await expectNoGraveViolations(page)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width, `${path} is no wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width)
      await page.screenshot({ path: outputPath(`${path.slice(1).replace(/[/?=]/g, '-')}-${size}.png`), fullPage: true })
    }
  } finally {
    await e2eSql(`delete from removal_report where id = $1`, [report])
  }
}

test('every inbox and users page marks its section and has no grave accessibility violation on a desktop', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000)
  await checkNewPages(page, baseURL!, (name) => testInfo.outputPath(name), 'desktop')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('every inbox and users page shows cards instead of tables and has no grave accessibility violation', async ({ page, baseURL }, testInfo) => {
    test.setTimeout(120_000)
    await checkNewPages(page, baseURL!, (name) => testInfo.outputPath(name), 'phone')
  })
})
