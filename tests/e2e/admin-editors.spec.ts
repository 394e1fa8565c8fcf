/**
 * The console's catalog editors as an administrator, by role and label: a model's fields seen
 * on the German model page; a banner created (with a real picture upload) on the home page and
 * deleted again; a legal page's rich text edited in the browser's editor (bold, a link inside
 * the site) and seen rendered; a FAQ question added with rich-text answers, seen on the FAQ
 * page (with the German fallback) and deleted again; a video's poster, models, schedule,
 * unpublish and publish from its edit page, seen on the site at once. Every console page: the right section marked
 * current, no serious or critical axe violation, and a screenshot, at desktop and phone size.
 * Each test gives the seeded rows it changed their values back, so the other files' counts and
 * texts stay as the seed made them.
 */
import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { e2eSql, englishVisitor, signedInWithRole } from './accounts-support'
import { expect, test } from './support'

async function expectNoGraveViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  const grave = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(grave).toEqual([])
}

/** A tRPC query with the page's session (the console's reads need the administrator). */
async function query<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { 'x-locale': 'en' } })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
  return (await res.json()).result.data as T
}

/** Every server drops its catalog and page caches, as after a console save. */
const catalogChanged = () => e2eSql(`select pg_notify('catalog_changed', 'e2e restore')`)

const tag = () => crypto.randomBytes(3).toString('hex')

test.beforeEach(async ({ page }) => englishVisitor(page))

test('an administrator edits a model’s facts and texts, and the German model page shows them', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signedInWithRole(page, 'admin')
  const models = await query<Array<{ id: number; firstName: string }>>(page, 'admin.models.list', {})
  const model = models.at(-1)!
  const [original] = await e2eSql(`select description, bio, height_cm, zodiac from performer where id = $1`, [model.id])
  try {
    await page.goto('/admin/models')
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Models' })).toHaveAttribute('aria-current', 'page')
    await page
      .getByRole('table', { name: 'Models' })
      .getByRole('link', { name: `Edit ${model.firstName}` })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${model.firstName}` })).toBeVisible()

    const description = `Kurzbeschreibung ${tag()}`
    const bio = `Über mich ${tag()}`
    await page.getByLabel('Height (cm)').fill('177')
    await page.getByLabel('Zodiac sign').selectOption({ label: 'Gemini' })
    await page.getByLabel('Short description (Deutsch)').fill(description)
    await page.getByLabel('About me (Deutsch)').fill(bio)
    await page.screenshot({ path: testInfo.outputPath('model-edit-desktop.png'), fullPage: true })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/models$/)

    await page.goto(`/de/models/${model.id}`)
    await expect(page.getByRole('heading', { level: 1, name: model.firstName })).toBeVisible()
    await expect(page.getByText(description)).toBeVisible()
    await expect(page.getByText(bio)).toBeVisible()
    const fact = (term: string) =>
      page
        .getByRole('region', { name: 'Über mich' })
        .locator('dt', { hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]')
    await expect(fact('Größe')).toHaveText('177 cm')
    await expect(fact('Sternzeichen')).toHaveText('Zwillinge')
  } finally {
    await e2eSql(`update performer set description = $2, bio = $3, height_cm = $4, zodiac = $5 where id = $1`, [
      model.id,
      original!.description,
      original!.bio,
      original!.height_cm,
      original!.zodiac,
    ])
    await catalogChanged()
  }
})

test('an administrator creates a banner with an uploaded picture, sees it on the home page, and deletes it again', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const { makeTestImage } = await import('../support/media')
  const picture = await makeTestImage(testInfo.outputPath('banner.png'), 1600, 500)
  await signedInWithRole(page, 'admin')
  const alt = `Winterspecial ${tag()}`

  await page.goto('/admin/banners')
  await page.getByRole('link', { name: 'New banner' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New banner' })).toBeVisible()
  // Saving without a picture is refused in words, on the field.
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Upload a picture.')).toBeVisible()

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a picture' }).click()
  await (await chooser).setFiles(picture)
  await expect(page.getByText('New picture ready: it is used when you save.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible()
  await page.getByLabel('Position').selectOption({ label: 'Bottom' })
  await page.getByLabel('Target').fill('/videos')
  // Last of the bottom banners: the other tests' first slides stay the seed's.
  await page.getByLabel('Order').fill('9999')
  await page.getByLabel('Text alternative (Deutsch)').fill(alt)
  await page.getByLabel('Text alternative (English)').fill(`${alt} EN`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: 'Banners' })
      .getByRole('row')
      .filter({ hasText: `${alt} EN` }),
  ).toContainText('Showing now')

  await page.goto('/en')
  const bottom = page.getByRole('region', { name: 'Do not miss' })
  const link = bottom.getByRole('link', { name: `${alt} EN` })
  await expect(link).toHaveAttribute('href', '/en/videos')
  await expect(link.locator('img')).toHaveAttribute('src', /\/pictures\//)

  await page.goto('/admin/banners')
  await page.getByRole('link', { name: `Edit ${alt} EN` }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Deleted.' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Banners' })).not.toContainText(alt)
  await page.goto('/en')
  await expect(page.getByRole('region', { name: 'Do not miss' }).getByRole('link').first()).toBeAttached()
  await expect(page.getByRole('link', { name: `${alt} EN` })).toHaveCount(0)
})

test('an administrator edits a legal page in the rich-text editor (bold, a link into the site) and the page shows it rendered', async ({ page }) => {
  test.setTimeout(120_000)
  await signedInWithRole(page, 'admin')
  const [original] = await e2eSql(`select content from legal_page where slug = 'imprint' and locale = 'en'`)
  const words = `Console check ${tag()}`
  try {
    await page.goto('/admin/legal')
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Legal pages' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('table', { name: 'Legal pages and their languages' }).getByRole('link', { name: 'Edit Legal notice: EN (English)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Legal notice (English)' })).toBeVisible()

    const editor = page.getByRole('textbox', { name: 'Text' })
    await expect(editor).toContainText('Operator')
    // The caret to the end of the text: a click into the last paragraph, then Ctrl+End (again until it is there).
    const caretAtEnd = async () =>
      expect(async () => {
        await editor.locator('p').last().click()
        await page.keyboard.press('Control+End')
        expect(
          await editor.evaluate((el) => {
            const selection = getSelection()!
            return (
              selection.isCollapsed &&
              el.lastElementChild!.contains(selection.focusNode) &&
              selection.focusOffset === (selection.focusNode!.textContent ?? '').length
            )
          }),
        ).toBe(true)
      }).toPass()
    await caretAtEnd()
    await page.keyboard.press('Enter')
    await page.keyboard.type(`${words} in bold, and our contact page.`)
    await expect(editor.locator('p').last()).toHaveText(`${words} in bold, and our contact page.`)
    // "in bold": selected with the keyboard, then the toolbar's Bold.
    await caretAtEnd()
    for (let i = 0; i < ', and our contact page.'.length; i++) await page.keyboard.press('ArrowLeft')
    for (let i = 0; i < 'in bold'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await page.getByRole('button', { name: 'Bold' }).click()
    await expect(editor.locator('strong', { hasText: 'in bold' })).toBeVisible()
    // "contact page": a link inside the site.
    await caretAtEnd()
    await page.keyboard.press('ArrowLeft')
    for (let i = 0; i < 'contact page'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await page.getByRole('button', { name: 'Link', exact: true }).click()
    await page.getByRole('textbox', { name: 'Link' }).fill('internal:/contact')
    await page.getByRole('button', { name: 'Save link' }).click()
    await expect(editor.locator('a', { hasText: 'contact page' })).toBeVisible()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()

    await page.goto('/en/imprint')
    const main = page.getByRole('main')
    await expect(main.getByText(words)).toBeVisible()
    await expect(main.locator('strong', { hasText: 'in bold' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/en/contact')
  } finally {
    await e2eSql(`update legal_page set content = $1 where slug = 'imprint' and locale = 'en'`, [original!.content])
    await catalogChanged()
  }
})

test('an administrator adds a FAQ question with rich-text answers, finds it on the FAQ page, and deletes it again', async ({ page }) => {
  test.setTimeout(120_000)
  await signedInWithRole(page, 'admin')
  const question = `Can I pay by invoice ${tag()}?`
  await page.goto('/admin/faq')
  await page.getByRole('link', { name: 'New question' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New question' })).toBeVisible()
  await page.getByLabel('Group').selectOption({ label: 'Billing' })
  // Last of its group: the seeded questions keep their places.
  await page.getByLabel('Order').fill('9999')
  await page.getByLabel('Question (Deutsch)').fill(`Kann ich per Rechnung zahlen ${tag()}?`)
  await page.getByLabel('Question (English)').fill(question)
  await page.getByRole('textbox', { name: 'Answer (Deutsch)' }).click()
  await page.keyboard.type('Nein, nur per Karte.')
  await page.getByRole('textbox', { name: 'Answer (English)' }).click()
  await page.keyboard.type('No, by card only. ')
  await page.getByRole('button', { name: 'Bold' }).nth(1).click()
  await page.keyboard.type('Always.')
  await expect(page.getByRole('status').filter({ hasText: 'Missing translations:' })).toContainText('Español, Français, Italiano')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'FAQ questions' }).getByRole('row').filter({ hasText: question })).toContainText(
    'Missing translations: ES, FR, IT',
  )

  await page.goto('/en/faq')
  const asked = page.getByRole('button', { name: question })
  await asked.click()
  await expect(page.getByText('No, by card only.')).toBeVisible()
  await expect(page.getByRole('main').locator('strong', { hasText: 'Always.' })).toBeVisible()
  // Italian has no text of its own: the German one stands in.
  await page.goto('/it/faq')
  await expect(page.getByRole('button', { name: /^Kann ich per Rechnung zahlen/ })).toBeVisible()

  await page.goto('/admin/faq')
  await page.getByRole('link', { name: `Edit ${question}` }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Deleted.' })).toBeVisible()
  await page.goto('/en/faq')
  await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible()
  await expect(page.getByRole('button', { name: question })).toHaveCount(0)
})

test('an administrator sets a video’s poster and models, schedules, unpublishes and publishes it from its edit page, and the site follows', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = await signedInWithRole(page, 'admin')
  // A video far from the first pages the other tests look at.
  const { items } = await query<{ items: Array<{ id: number; title: string }> }>(page, 'catalog.videos', { locale: 'en', per_page: 12, page: 3 })
  const video = items[0]!
  const [original] = await e2eSql(`select publish_at, released_at from video where id = $1`, [video.id])
  const detail = () => page.request.get(`/trpc/catalog.video?input=${encodeURIComponent(JSON.stringify({ locale: 'en', id: video.id }))}`)
  try {
    await page.goto(`/admin/content/video/${video.id}`)
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Pipeline' })).toHaveAttribute('aria-current', 'page')
    const state = page.getByRole('status', { name: 'Publishing state' })
    await expect(state).toContainText('Published')
    const card = page.getByRole('group', { name: 'The item’s card as the site will show it' })
    await expect(card.getByRole('article', { name: video.title })).toBeVisible()

    // The poster from a chosen still (one it is not made from yet).
    const { posterStill } = await query<{ posterStill: number | null }>(page, 'admin.content.item', { kind: 'video', id: video.id })
    const still = posterStill === 1 ? 3 : 2
    await page.getByRole('radio', { name: `Still ${still}` }).click()
    await page.getByRole('button', { name: 'Make the poster from this still' }).click()
    await expect(page.getByRole('alert').filter({ hasText: `The poster is now made from still ${still}.` })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(`Poster made from still ${still}.`)).toBeVisible()
    await expect(card.locator('img')).toHaveAttribute('src', /\/posters\//)

    // Models in order: one added and moved first; the card and the site follow the order.
    const before = (await (await detail()).json()).result.data.models as Array<{ id: number; name: string }>
    const extra = (await query<Array<{ id: number; firstName: string }>>(page, 'admin.models.list', {})).find((m) => !before.some((b) => b.id === m.id))!
    await page.getByRole('combobox', { name: 'Add a model' }).fill(extra.firstName)
    await page.getByRole('option', { name: extra.firstName, exact: true }).click()
    const chosen = page.getByRole('list', { name: 'Models of this item, in order' })
    await expect(chosen.getByRole('listitem').last()).toContainText(extra.firstName)
    for (let i = 0; i < before.length; i++) await page.getByRole('button', { name: `Move ${extra.firstName} up` }).click()
    await expect(chosen.getByRole('listitem').first()).toContainText(extra.firstName)
    await expect(card).toContainText(`With ${[extra.firstName, ...before.map((m) => m.name)].join(', ')}`)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Saved. The site shows the change now.' })).toBeVisible()
    await expect
      .poll(async () => ((await (await detail()).json()).result.data.models as Array<{ name: string }>).map((m) => m.name))
      .toEqual([extra.firstName, ...before.map((m) => m.name)])
    await page.getByRole('button', { name: `Remove ${extra.firstName}` }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(async () => ((await (await detail()).json()).result.data.models as Array<{ name: string }>).map((m) => m.name))
      .toEqual(before.map((m) => m.name))

    // Scheduled: coming soon on the card, off the video page.
    const ahead = new Date(Date.now() + 3 * 86_400_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    await page.getByLabel('Publish at').fill(`${ahead.getFullYear()}-${pad(ahead.getMonth() + 1)}-${pad(ahead.getDate())}T12:00`)
    await page.getByRole('button', { name: 'Schedule' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Scheduled.' })).toBeVisible()
    await expect(state).toContainText('Scheduled')
    await expect(card.getByText('Coming soon')).toBeVisible()

    await page.getByRole('button', { name: 'Unpublish' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Taken off the site.' })).toBeVisible()
    await expect(state).toContainText('Unpublished')
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeDisabled()
    await expect(page.getByText('Unpublished: the site does not show this card now.').first()).toBeVisible()
    await page.goto(`/en/videos/${video.id}`)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

    await page.goto(`/admin/content/video/${video.id}`)
    await page.getByRole('button', { name: 'Publish now' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Published.' })).toBeVisible()
    await expect(state).toContainText('Published')
    await expect(page.getByRole('button', { name: 'Publish now' })).toBeDisabled()
    await page.goto(`/en/videos/${video.id}`)
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible()

    await page.goto('/admin/audit')
    const log = page.getByRole('table', { name: 'Changes made in the console, newest first' })
    await expect(log.getByRole('row').filter({ hasText: email }).first()).toContainText('admin.content.publish')
  } finally {
    // Its place in the newest-first lists, as seeded.
    await e2eSql(`update video set publish_at = $2, released_at = $3, withdrawn = false where id = $1`, [video.id, original!.publish_at, original!.released_at])
    await catalogChanged()
  }
})

/** Every console page of the editors, with the section the navigation marks current. */
async function editorPages(page: Page) {
  const first = async (path: string) => (await query<Array<{ id: number }>>(page, path, path.endsWith('models.list') ? {} : { locale: 'en' }))[0]!.id
  const { items: videos } = await query<{ items: Array<{ id: number }> }>(page, 'catalog.videos', { locale: 'en', per_page: 12, page: 1 })
  const { items: sets } = await query<{ items: Array<{ id: number }> }>(page, 'catalog.imageSets', { locale: 'en', per_page: 12, page: 1 })
  return [
    { path: '/admin/models', section: 'Models', heading: 'Models' },
    { path: `/admin/models/${await first('admin.models.list')}`, section: 'Models', heading: /^Edit / },
    { path: '/admin/categories', section: 'Categories', heading: 'Categories' },
    { path: `/admin/categories/${await first('admin.categories.list')}`, section: 'Categories', heading: /^Edit / },
    { path: '/admin/categories/new', section: 'Categories', heading: 'New category' },
    { path: '/admin/banners', section: 'Banners', heading: 'Banners' },
    { path: `/admin/banners/${await first('admin.banners.list')}`, section: 'Banners', heading: /^Edit banner / },
    { path: '/admin/plans', section: 'Plans', heading: 'Plans' },
    { path: `/admin/plans/${await first('admin.plans.list')}`, section: 'Plans', heading: /^Edit / },
    { path: '/admin/plans/new', section: 'Plans', heading: 'New plan' },
    { path: '/admin/legal', section: 'Legal pages', heading: 'Legal pages' },
    { path: '/admin/legal/tos/de', section: 'Legal pages', heading: 'Terms of service (Deutsch)' },
    { path: '/admin/faq', section: 'FAQ', heading: 'FAQ' },
    { path: `/admin/faq/${await first('admin.faq.list')}`, section: 'FAQ', heading: 'Edit question' },
    { path: '/admin/faq/new', section: 'FAQ', heading: 'New question' },
    { path: `/admin/content/video/${videos[0]!.id}`, section: 'Pipeline', heading: /^Edit / },
    { path: `/admin/content/imageSet/${sets[0]!.id}`, section: 'Pipeline', heading: /^Edit / },
  ]
}

async function checkEveryEditorPage(page: Page, outputPath: (name: string) => string, size: string) {
  await signedInWithRole(page, 'admin')
  const sections = page.getByRole('navigation', { name: 'Console sections' })
  for (const { path, section, heading } of await editorPages(page)) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(sections.getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(sections.locator('[aria-current="page"]')).toHaveCount(1)
    // The rich-text editors are live before the check (Tiptap renders after the first paint).
    if (/legal\/|faq\/\d/.test(path))
      await expect(
        page
          .getByRole('textbox')
          .filter({ has: page.locator('p') })
          .first(),
      ).toBeVisible()
    await expectNoGraveViolations(page, path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, `${path} is no wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width)
    await page.screenshot({ path: outputPath(`${path.slice(1).replace(/\//g, '-')}-${size}.png`), fullPage: true })
  }
}

test('every editor page marks its section and has no grave accessibility violation on a desktop', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await checkEveryEditorPage(page, (name) => testInfo.outputPath(name), 'desktop')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('every editor page marks its section, shows cards instead of tables and has no grave accessibility violation', async ({ page }, testInfo) => {
    test.setTimeout(120_000)
    await checkEveryEditorPage(page, (name) => testInfo.outputPath(name), 'phone')
    await page.goto('/admin/plans')
    await expect(page.getByRole('list', { name: 'Plans' }).getByRole('listitem').first()).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
  })
})
