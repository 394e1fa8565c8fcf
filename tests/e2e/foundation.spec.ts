import { confirmAgeInAdvance, expect, test, waitForHydration } from './support'

const NAV = {
  de: ['Videos', 'Bilder', 'Kategorien', 'Models', 'Demnächst'],
  en: ['Videos', 'Images', 'Categories', 'Models', 'Coming soon'],
  es: ['Vídeos', 'Imágenes', 'Categorías', 'Modelos', 'Próximamente'],
  fr: ['Vidéos', 'Images', 'Catégories', 'Modèles', 'Bientôt disponible'],
  it: ['Video', 'Immagini', 'Categorie', 'Modelle', 'Prossimamente'],
} as const

/** The header's own controls, as a person reads them in each language. */
const HEADER_CONTROLS = {
  de: { userMenu: 'Benutzermenü', navigation: 'Hauptnavigation' },
  en: { userMenu: 'User menu', navigation: 'Main navigation' },
  es: { userMenu: 'Menú de usuario', navigation: 'Navegación principal' },
  fr: { userMenu: 'Menu utilisateur', navigation: 'Navigation principale' },
  it: { userMenu: 'Menu utente', navigation: 'Navigazione principale' },
} as const

const FOOTER_TERMS = { de: 'AGB', en: 'Terms of service', es: 'Condiciones de uso', fr: "Conditions d'utilisation", it: "Condizioni d'uso" }

test.describe('language', () => {
  test('/ goes to /de for a new visitor', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/de$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('/ goes to the stored language, with its region suffix removed', async ({ page, context, baseURL }) => {
    // The language menu stores the choice in a cookie too, so the server can send / there.
    await context.addCookies([{ name: 'locale', value: 'fr-CA', url: baseURL! }])
    await page.goto('/')
    await expect(page).toHaveURL(/\/fr$/)
  })

  test('a path without a language gets one', async ({ page }) => {
    await confirmAgeInAdvance(page)
    await page.goto('/videos')
    await expect(page).toHaveURL(/\/de\/videos$/)
  })

  for (const [locale, labels] of Object.entries(NAV)) {
    test(`header and footer render in ${locale}`, async ({ page }) => {
      await confirmAgeInAdvance(page)
      await page.goto(`/${locale}`)
      const nav = page.getByRole('banner').getByRole('navigation')
      for (const label of labels) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
      await expect(page.getByRole('contentinfo').getByRole('link', { name: FOOTER_TERMS[locale as keyof typeof FOOTER_TERMS] })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      const alternates = page.locator('link[rel="alternate"][hreflang]')
      await expect(alternates).toHaveCount(6)
    })
  }

  test('the header keeps search, language and user menu in view in every language and width', async ({ page }) => {
    // Fifteen pages: five languages at three widths.
    test.setTimeout(120_000)
    await confirmAgeInAdvance(page)
    for (const [locale, labels] of Object.entries(NAV)) {
      const controls = HEADER_CONTROLS[locale as keyof typeof HEADER_CONTROLS]
      for (const width of [1000, 1200, 1280]) {
        await page.setViewportSize({ width, height: 700 })
        await page.goto(`/${locale}/videos`)
        const header = page.getByRole('banner')
        await expect(header.getByRole('button', { name: controls.userMenu }), `${locale} at ${width}px`).toBeInViewport({ ratio: 1 })
        await expect(header.getByRole('searchbox'), `${locale} at ${width}px`).toBeInViewport({ ratio: 1 })
        await expect(header.getByRole('button', { name: /: (Deutsch|English|Español|Français|Italiano)\)$/ }), `${locale} at ${width}px`).toBeInViewport({
          ratio: 1,
        })
        if (width >= 1200) {
          await expect(header.getByRole('link', { name: labels[4], exact: true }), `${locale} at ${width}px`).toBeInViewport({ ratio: 1 })
        } else {
          await expect(header.getByRole('button', { name: controls.navigation }), `${locale} at ${width}px`).toBeInViewport({ ratio: 1 })
        }
      }
    }
  })

  test('a press on the user menu while its code is still on its way opens it', async ({ page }) => {
    // The menu's code loads when the pointer reaches the button. When it arrives between the
    // press and the release, the button the press went to has been replaced: the browser then
    // sends no click to either, and the press alone must open the menu.
    await confirmAgeInAdvance(page)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/UserMenuDropdown-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/en/videos')
    await waitForHydration(page)
    const standIn = await page.getByRole('banner').getByRole('button', { name: 'User menu' }).elementHandle()
    await standIn!.hover()
    await page.mouse.down()
    release()
    await page.waitForFunction((button) => !button.isConnected, standIn)
    await page.mouse.up()
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Log in' })).toBeVisible()
  })

  test('the language menu switches the path and stores the choice', async ({ page }) => {
    await confirmAgeInAdvance(page)
    await page.goto('/de/videos')
    await page.getByRole('button', { name: /Sprache/ }).click()
    await page.getByRole('menuitem', { name: 'Italiano' }).click()
    await expect(page).toHaveURL(/\/it\/videos$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Video' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('it')
  })
})

test.describe('age gate', () => {
  test('appears, and Confirm keeps it away after a reload', async ({ page }) => {
    await page.goto('/en')
    const gate = page.getByRole('dialog', { name: 'Adults only' })
    await expect(gate).toBeVisible()
    await gate.getByRole('button', { name: 'I am 18 or older – enter' }).click()
    await expect(gate).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0)
  })

  test('Deny leaves for an external search engine', async ({ page }) => {
    await page.route('https://www.google.com/**', (route) => route.fulfill({ body: '<title>left</title>', contentType: 'text/html' }))
    await page.goto('/en')
    await page.getByRole('dialog', { name: 'Adults only' }).getByRole('link', { name: 'I am under 18 – leave' }).click()
    await expect(page).toHaveURL('https://www.google.com/')
  })

  for (const path of ['tos', 'privacy', '2257', 'imprint', 'contact', 'faq', 'report']) {
    test(`is not shown on /${path}`, async ({ page }) => {
      await page.goto(`/en/${path}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0)
    })
  }

  test('is skipped for search-engine user agents', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    const page = await context.newPage()
    await page.goto('/en')
    await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Adults only' })).toHaveCount(0)
    await context.close()
  })
})

test.describe('pages', () => {
  test('the home page lists the latest videos from the database', async ({ page }) => {
    await confirmAgeInAdvance(page)
    await page.goto('/en')
    const latest = page.getByRole('region', { name: 'Latest videos' })
    await expect(latest.getByRole('article')).toHaveCount(8)
    await expect(latest.getByRole('link', { name: /Show all/ })).toBeVisible()
  })

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    await confirmAgeInAdvance(page)
    const response = await page.goto('/en/does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle('Page not found | Streamclub')
  })

  test('the page has header, main and footer landmarks', async ({ page }) => {
    await confirmAgeInAdvance(page)
    await page.goto('/en')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('an unexpected server error shows the generic toast, without details', async ({ page }) => {
    await confirmAgeInAdvance(page)
    // Every catalog call from the browser fails as an unexpected error would.
    await page.route(/\/trpc\/catalog\./, (route) => {
      const calls = new URL(route.request().url()).pathname.split('/').pop()!.split(',').length
      const failure = { error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(Array.from({ length: calls }, () => failure)) })
    })
    // The first page comes rendered from the server; the next one asks the API from the browser.
    await page.goto('/en/faq')
    await page.getByRole('banner').getByRole('link', { name: 'Videos' }).first().click()
    const toast = page.getByRole('alert').filter({ hasText: 'An error has occured. Our team has been notified' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Error')
  })
})

test('health endpoints answer 200', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200)
  expect((await request.get('/readyz')).status()).toBe(200)
})
