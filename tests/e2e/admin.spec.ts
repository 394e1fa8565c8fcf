/**
 * The operations console, driven by role and label: who may see it, the live pipeline with a
 * real failed ingest (bytes that are no video, dropped into the ingest folder) retried from
 * the page, the change found in the audit log; screenshots at desktop and phone size and an
 * accessibility check of both.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { e2eSql, englishVisitor, openUserMenu, signedInWithRole, signedUpUser } from './accounts-support'
import { expect, expectNoGraveViolations, test } from './support'

/** The e2e server's drop folder (scripts/e2e-server.ts: DATA_DIR=.data/e2e). */
const INGEST_DIR = path.resolve(import.meta.dirname, '../../.data/e2e/ingest')

/** Drops a file that is no video into the ingest folder; the worker takes it and fails it. */
async function dropBrokenVideo(): Promise<string> {
  const name = `broken-${crypto.randomBytes(4).toString('hex')}.mp4`
  await fs.mkdir(INGEST_DIR, { recursive: true })
  await fs.writeFile(path.join(INGEST_DIR, name), crypto.randomBytes(8192))
  return name
}

test.beforeEach(async ({ page }) => englishVisitor(page))

test('the console is hidden from visitors and users: sign-up for a visitor, not found and no menu entry for a user', async ({ page }) => {
  await page.goto('/admin/pipeline')
  await expect(page).toHaveURL(/\/sign-up\?redirect=%2Fadmin%2Fpipeline/)

  await signedUpUser(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
  const menu = await openUserMenu(page)
  await expect(menu.getByRole('menuitem', { name: 'Account' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Operations console' })).toHaveCount(0)

  // The server refuses the console's procedures to this user, whatever the page shows.
  const res = await page.request.get(`/trpc/admin.pipeline.list?input=${encodeURIComponent(JSON.stringify({ filter: 'all', locale: 'en' }))}`, {
    headers: { 'x-locale': 'en' },
  })
  expect(res.status()).toBe(403)
  expect((await res.json()).error.message).toBe('You are not allowed to do this.')
})

test('an administrator retries a failed ingest from the live pipeline and finds the change in the audit log', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const email = await signedInWithRole(page, 'admin')
  const name = await dropBrokenVideo()

  await page.goto('/en')
  const menu = await openUserMenu(page)
  await menu.getByRole('menuitem', { name: 'Operations console' }).click()
  await expect(page).toHaveURL(/\/admin\/pipeline$/)
  const sections = page.getByRole('navigation', { name: 'Console sections' })
  await expect(sections.getByRole('link', { name: 'Pipeline' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible()

  // The list refreshes by itself: the drop appears and fails without a reload.
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Failed', { exact: true }).click()
  await expect(page).toHaveURL(/filter=failed/)
  const table = page.getByRole('table', { name: 'Ingested items and their state' })
  const row = table.getByRole('row').filter({ hasText: name })
  await expect(row).toBeVisible({ timeout: 100_000 })
  await expect(row.getByText('Failed', { exact: true })).toBeVisible()
  await expect(row.getByText('Why it failed:')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /worker(s are| is) running/ })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('pipeline-desktop.png') })
  await expectNoGraveViolations(page)

  await row.getByRole('button', { name: `Retry ${name}` }).click()
  await expect(page.getByRole('alert').filter({ hasText: `${name} is queued again.` })).toBeVisible()

  await sections.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const entry = page.getByRole('table', { name: 'Changes made in the console, newest first' }).getByRole('row').filter({ hasText: email })
  await expect(entry.first()).toContainText('admin.pipeline.retry')
  await expect(entry.first()).toContainText('"mediaStatus": "failed"')
  await expect(entry.first()).toContainText('"mediaStatus": "pending"')
  await page.screenshot({ path: testInfo.outputPath('audit-desktop.png') })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the pipeline is a list of cards with a filter menu, in German, without grave accessibility violations', async ({ page }, testInfo) => {
    test.setTimeout(120_000)
    await signedInWithRole(page, 'admin')
    await page.context().addCookies([{ name: 'locale', value: 'de', url: testInfo.project.use.baseURL! }])
    await page.addInitScript(() => window.localStorage.setItem('locale', 'de'))
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Verarbeitung' })).toBeVisible()
    await page.getByLabel('Anzeigen').selectOption('ready')
    await expect(page).toHaveURL(/filter=ready/)
    const cards = page.getByRole('list', { name: 'Eingespielte Inhalte und ihr Zustand' }).getByRole('listitem')
    await expect(cards.first()).toContainText('Fertig')
    await expect(page.getByRole('table')).toHaveCount(0)
    await page.screenshot({ path: testInfo.outputPath('pipeline-phone.png') })
    await expectNoGraveViolations(page)
    await page.getByRole('navigation', { name: 'Bereiche der Konsole' }).getByRole('link', { name: 'Änderungsprotokoll' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Änderungsprotokoll' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('audit-phone.png') })
  })
})

test('an administrator uploads a video by the dropzone, sees it queued and then ready in the pipeline; a wrong type is refused in words', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const { makeTestVideo } = await import('../support/media')
  const clip = await makeTestVideo(testInfo.outputPath(`upload-${crypto.randomBytes(3).toString('hex')}.mp4`), { seconds: 2, width: 320, height: 180 })
  const name = path.basename(clip)
  const notes = testInfo.outputPath('notes.txt')
  await fs.writeFile(notes, 'not a video')
  await signedInWithRole(page, 'admin')

  await page.goto('/admin/pipeline')
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Upload' })).toBeVisible()
  await expect(page.getByText(/Video files \(\.mp4 .*\), up to 50 GB each/)).toBeVisible()

  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Choose video files to upload' }).click()
    await (await chooser).setFiles([file])
  }
  await choose(notes)
  await expect(page.getByRole('alert').filter({ hasText: 'Only video files can be uploaded' })).toBeVisible()

  await choose(clip)
  const uploads = page.getByRole('list', { name: 'Uploads of this page' })
  const item = uploads.getByRole('listitem').filter({ hasText: name })
  await expect(item.getByText('Queued for processing', { exact: true })).toBeVisible({ timeout: 60_000 })
  await expect(item.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('aria-valuenow', '100')
  // Published long ago: once released it is not the newest video, which other browser tests
  // running meanwhile take for a seeded one.
  await e2eSql(`update video set publish_at = '2001-01-01T00:00:00Z' where source_name = $1`, [name])
  await e2eSql(`select pg_notify('catalog_changed', 'video')`)
  await page.screenshot({ path: testInfo.outputPath('upload-desktop.png') })

  await item.getByRole('link', { name: 'Follow it in the pipeline' }).click()
  const row = page.getByRole('table', { name: 'Ingested items and their state' }).getByRole('row').filter({ hasText: name })
  await expect(row.getByText('Ready', { exact: true })).toBeVisible({ timeout: 100_000 })
  await expect(row.getByText('Published')).toBeVisible()
  // The other browser tests count and order the seeded catalog: the upload leaves the site again.
  await e2eSql(
    `update video set released_at = null, publish_at = null, media_status = 'failed' where id = (select max(id) from video where media_status = 'ready')`,
  )
  await e2eSql(`select pg_notify('catalog_changed', 'video')`)
})

test('an administrator edits a video’s German title and the German site shows it at once; a missing translation is flagged', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const email = await signedInWithRole(page, 'admin')
  await page.goto('/admin/pipeline?filter=ready')
  // A published item (the upload test's video leaves the site again).
  const first = page.getByRole('table', { name: 'Ingested items and their state' }).getByRole('row').filter({ hasText: 'Published' }).first()
  await first.getByRole('link', { name: /^Edit / }).click()
  await expect(page).toHaveURL(/\/admin\/content\/(video|imageSet)\/\d+$/)
  const [, kind, id] = page.url().match(/\/admin\/content\/(video|imageSet)\/(\d+)$/)!

  const title = `Neuer Titel ${crypto.randomBytes(3).toString('hex')}`
  await page.getByLabel('Title (Deutsch)', { exact: true }).fill(title)
  await page.getByLabel('Title (Italiano)', { exact: true }).fill('')
  await expect(page.getByRole('status').filter({ hasText: 'Missing translations:' }).first()).toContainText('Italiano')
  await page.screenshot({ path: testInfo.outputPath('content-desktop.png'), fullPage: true })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()

  await page.goto(`/de/${kind === 'video' ? 'videos' : 'images'}/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  // Italian has none now: the German title stands in.
  await page.goto(`/it/${kind === 'video' ? 'videos' : 'images'}/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  await page.goto('/admin/audit')
  // This administrator's newest change (the editors' tests make changes of their own meanwhile).
  await expect(
    page.getByRole('table', { name: 'Changes made in the console, newest first' }).getByRole('row').filter({ hasText: email }).first(),
  ).toContainText('admin.content.update')
})
