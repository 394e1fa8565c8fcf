import type { Locator, Page } from '@playwright/test'
import { confirmAgeInAdvance, expect, test } from './support'

/**
 * The catalog on the seeded demo catalog (videos of six lengths from 5 s to 5:08, some upcoming,
 * image sets, models, categories, top and bottom banners). Counts come from the API, so that other
 * browser tests may add or take away items: the pages must agree with what the catalog holds.
 */
test.beforeEach(async ({ page }) => {
  await confirmAgeInAdvance(page)
})

const main = (page: Page) => page.getByRole('main')
const cards = (page: Page) => main(page).getByRole('article')
/** Scrolls a block into view as a visitor would (related blocks load when they come near). */
const scrollTo = (block: Locator) => block.scrollIntoViewIfNeeded()

async function api<T>(page: Page, procedure: string, input: object): Promise<T> {
  const res = await page.request.get(`/trpc/catalog.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
  expect(res.ok()).toBe(true)
  return (await res.json()).result.data as T
}

/** How many items a list query finds. */
const total = async (page: Page, procedure: string, input: object) =>
  (await api<{ meta: { total: number } }>(page, procedure, { locale: 'en', ...input, per_page: 1 })).meta.total

/** The number of cards on a 1-based page of `count` items, `size` per page. */
const onPage = (count: number, size: number, pageNumber: number) => Math.max(0, Math.min(size, count - size * (pageNumber - 1)))

test.describe('home', () => {
  test('shows its six blocks, each with a show-all link (German)', async ({ page }) => {
    await page.goto('/de')
    await expect(page.getByRole('region', { name: 'Highlights' }).first()).toBeVisible()
    const latest = page.getByRole('region', { name: 'Neueste Videos' })
    await expect(latest.getByRole('article')).toHaveCount(8)
    const featured = await total(page, 'categories', { featured: true })
    await expect(page.getByRole('region', { name: 'Ausgewählte Kategorien' }).getByRole('article')).toHaveCount(Math.min(5, featured))
    await expect(page.getByRole('region', { name: 'Beliebte Videos' }).getByRole('article')).toHaveCount(16)
    const models = page.getByRole('region', { name: 'Top-Models' })
    await expect(models.getByRole('group', { name: /^Folie \d+ von 9$/ })).toHaveCount(9)
    await expect(page.getByRole('region', { name: 'Nicht verpassen' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: /^Alle anzeigen/ })).toHaveCount(6)

    await page.getByRole('link', { name: 'Alle anzeigen: Beliebte Videos' }).click()
    await expect(page).toHaveURL(/\/de\/videos\?sort=most_watched$/)
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('most_watched')
  })

  test('links a banner into the site (French)', async ({ page }) => {
    await page.goto('/fr')
    const banners = page.getByRole('region', { name: 'À la une' }).first()
    await banners
      .getByRole('group', { name: /^Diapositive 1 sur \d+$/ })
      .getByRole('link')
      .click()
    await expect(page).toHaveURL(/\/fr\/videos\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test.describe('lists', () => {
  test('sort and page are kept in the query string', async ({ page }) => {
    const videos = await total(page, 'videos', {})
    expect(videos).toBeGreaterThan(30)
    await page.goto('/en/videos')
    await expect(main(page).getByText(`${videos} videos`)).toBeVisible()
    await expect(cards(page)).toHaveCount(30)
    await page.getByLabel('Sort by').selectOption('longest')
    await expect(page).toHaveURL(/\?sort=longest$/)
    // The list follows once the new page has loaded: longest first.
    await expect
      .poll(async () => {
        const durations = await cards(page)
          .getByLabel(/^Duration /)
          .allTextContents()
        const seconds = durations.map((d) => d.split(':').reduce((total, part) => total * 60 + Number(part), 0))
        return seconds.length === 30 && seconds.every((value, i) => i === 0 || seconds[i - 1]! >= value)
      })
      .toBe(true)
    // Every demo video has a source of its own (scripts/seed/video-sources.ts): the first page
    // shows a spread of distinct durations, led by one over ten minutes.
    const durations = await cards(page)
      .getByLabel(/^Duration /)
      .allTextContents()
    expect(Number(durations[0]!.split(':')[0])).toBeGreaterThanOrEqual(10)
    expect(new Set(durations).size).toBeGreaterThanOrEqual(20)

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/\?sort=longest&page=2$/)
    await expect(cards(page)).toHaveCount(onPage(videos, 30, 2))
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  test('a page past the last becomes the last; an unknown sort and a bad page fall back', async ({ page }) => {
    const videos = await total(page, 'videos', {})
    const lastPage = Math.ceil(videos / 30)
    await page.goto('/en/videos?page=99')
    await expect(page).toHaveURL(new RegExp(`/en/videos\\?page=${lastPage}$`))
    await expect(cards(page)).toHaveCount(onPage(videos, 30, lastPage))
    await page.goto('/en/videos?sort=drop&page=abc')
    await expect(page.getByLabel('Sort by')).toHaveValue('newest')
    await expect(cards(page)).toHaveCount(30)
  })

  test('page sizes follow the breakpoint', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 })
    await page.goto('/es/videos')
    await expect(cards(page)).toHaveCount(20)
    await page.setViewportSize({ width: 400, height: 800 })
    await page.goto('/es/videos')
    await expect(cards(page)).toHaveCount(10)
    // On narrow screens the pagination shows the first, the last and 3 middle pages.
    expect(Math.ceil((await total(page, 'videos', {})) / 10)).toBeGreaterThan(5)
    await expect(page.getByRole('navigation', { name: 'Páginas' }).getByRole('link', { name: /^Página \d+$/ })).toHaveCount(5)
    await page.setViewportSize({ width: 1500, height: 900 })
    await page.goto('/es/models')
    await expect(cards(page)).toHaveCount(onPage(await total(page, 'models', {}), 30, 1))
  })

  test('models sort alphabetically, and categories open their videos tab', async ({ page }) => {
    await page.goto('/it/models?sort=alphabetic')
    const names = await cards(page).getByRole('heading').allTextContents()
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    await page.goto('/it/categories')
    await expect(cards(page)).toHaveCount(await total(page, 'categories', {}))
    await cards(page).first().getByRole('heading').getByRole('link').click()
    await expect(page).toHaveURL(/\/it\/categories\/\d+\/videos$/)
    const tabs = page.getByRole('navigation', { name: /^Contenuti in / })
    await tabs.getByRole('link', { name: 'Immagini' }).click()
    await expect(page).toHaveURL(/\/it\/categories\/\d+\/images$/)
    await expect(tabs.getByRole('link', { name: 'Immagini' })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('coming soon', () => {
  test('lists upcoming items with a release date and no link', async ({ page }) => {
    await page.goto('/en/coming-soon')
    await expect(page).toHaveURL(/\/en\/coming-soon\?type=videos$/)
    await expect(cards(page)).toHaveCount(await total(page, 'videos', { soon: true }))
    const first = cards(page).first()
    await expect(first.getByText('Coming soon', { exact: true })).toBeVisible()
    await expect(first.getByText(/^Coming /).last()).toBeVisible()
    await expect(first.getByRole('heading').getByRole('link')).toHaveCount(0)
    await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Images' }).click()
    await expect(page).toHaveURL(/type=images$/)
    await expect(cards(page)).toHaveCount(await total(page, 'imageSets', { soon: true }))
  })

  test('an upcoming item has no page: not found, with status 404', async ({ page }) => {
    const upcoming = await api<{ items: Array<{ id: number }> }>(page, 'videos', { locale: 'en', soon: true, limit: 1 })
    const response = await page.goto(`/en/videos/${upcoming.items[0]!.id}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })
})

test.describe('search', () => {
  test('the header box opens the search, tabs keep q, Enter updates q on a search page', async ({ page }) => {
    await page.goto('/en')
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' })
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en$/)
    await box.fill('Rooftop')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\/videos\?q=Rooftop$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “Rooftop”' })).toBeVisible()
    await expect(cards(page).first()).toContainText('Rooftop')

    await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Models' }).click()
    await expect(page).toHaveURL(/\/en\/search\/models\?q=Rooftop$/)
    await expect(box).toHaveValue('Rooftop')
    await box.fill('Lenna')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\/models\?q=Lenna$/)
    await expect(cards(page).first().getByRole('heading')).toHaveText('Lena')
  })

  test('without q the search goes home', async ({ page }) => {
    await page.goto('/de/search/images')
    await expect(page).toHaveURL(/\/de$/)
  })
})

test.describe('detail pages', () => {
  test('a video page shows its parts, with its title in the document title', async ({ page }) => {
    await page.goto('/en/videos')
    const title = (await cards(page).first().getByRole('heading').textContent())!
    await cards(page).first().getByRole('heading').getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveTitle(`${title} | Streamclub`)
    await expect(page.getByRole('region', { name: 'Video player' }).getByRole('button', { name: 'Play video' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Ratings' }).getByRole('button', { name: 'Like', exact: true })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Ratings' })).toContainText(/views/)
    await expect(main(page).getByText('Duration', { exact: true })).toBeVisible()
    // The related blocks load as the visitor scrolls to them.
    await scrollTo(page.getByRole('region', { name: /^More videos with / }))
    await expect(page.getByRole('region', { name: /^More videos with / }).getByRole('article')).not.toHaveCount(0)
    // Spec section 9: eight recommendations (the category first, topped up from the rest of the catalog).
    await scrollTo(page.getByRole('region', { name: 'Recommended for you' }))
    await expect(page.getByRole('region', { name: 'Recommended for you' }).getByRole('article')).toHaveCount(8)
    // The server answers the same page with its title in the HTML.
    const html = await (await page.request.get(page.url(), { headers: { accept: 'text/html' } })).text()
    expect(html).toContain(`<title>${title.replace(/'/g, '&#39;')} | Streamclub</title>`)
  })

  test('a model page shows facts and preferences, and its content tabs', async ({ page }) => {
    const models = await api<{ items: Array<{ id: number; name: string }> }>(page, 'models', { locale: 'de', limit: 1 })
    const model = models.items[0]!
    await page.goto(`/de/models/${model.id}`)
    await expect(page).toHaveURL(new RegExp(`/de/models/${model.id}\\?type=videos$`))
    await expect(page.getByRole('heading', { level: 1, name: model.name })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Über mich' })).toContainText('Sternzeichen')
    await expect(page.getByRole('region', { name: 'Vorlieben' }).getByRole('listitem')).not.toHaveCount(0)
    await scrollTo(page.getByRole('region', { name: 'Weitere Models' }))
    await expect(page.getByRole('region', { name: 'Weitere Models' }).getByRole('article')).toHaveCount(4)
    await page.getByRole('link', { name: /^Bilder \(\d+\)$/ }).click()
    await expect(page).toHaveURL(/type=images$/)
    await page.goto(`/de/models/${model.id}?type=nonsense`)
    await expect(page).toHaveURL(/type=videos$/)
  })

  test('an image set page shows the members-only hint and three recommendations', async ({ page }) => {
    await page.goto('/en/images')
    await cards(page).first().getByRole('heading').getByRole('link').click()
    await expect(page.getByText('Members see every image in full resolution')).toBeVisible()
    await scrollTo(page.getByRole('region', { name: 'More image sets' }))
    await expect(page.getByRole('region', { name: 'More image sets' }).getByRole('article')).toHaveCount(3)
  })

  test('unknown and malformed ids show the not-found page with status 404', async ({ page }) => {
    for (const path of ['/en/videos/999999', '/en/images/abc', '/en/models/99999999999', '/en/categories/999/videos', '/en/categories/1/nope']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    }
  })
})
