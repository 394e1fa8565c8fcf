import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCALES } from '../../core/domain/locale.js'
import { brotliBytes, type ViteManifest } from '../../server/render/client-assets.js'
import { HOME_JS_BUDGET_BYTES } from '../../scripts/bench/public-pages.js'
import { createTestDatabase, type TestDatabase } from '../support/test-database.js'
import { createTestApp, type TestApp } from '../support/app.js'
import { makeCategory, makeModel, makeVideo } from '../support/factories.js'
import { scriptsNamedIn } from '../support/page-scripts.js'

/**
 * The weight of the home page (needs `npm run build`, which `npm test` runs first). A page
 * names in its HTML every script it runs before it is live (the browser test
 * server-rendering.spec.ts checks that it loads no other), so the scripts its HTML names are its
 * first-load JavaScript: at most 150 KB brotli in every language (issue 13), and none of the
 * player, hls.js, the lightbox, the carousels, the admin console, the account pages or forms.
 */
let db: TestDatabase
let t: TestApp

beforeAll(async () => {
  db = await createTestDatabase()
  t = await createTestApp(db.orm)
  const em = db.orm.em.fork()
  const model = makeModel(em, { firstName: 'Lina' })
  makeVideo(em, { title: { en: 'Rooftop at dawn' }, category: makeCategory(em, { title: { en: 'Rooftops' }, featured: true }), featuredModel: model })
  await em.flush()
})
afterAll(async () => {
  await t.app.close()
  await db.drop()
})

const manifest = () => JSON.parse(fs.readFileSync(path.join(t.config.clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest

/** Built files of the parts a home page must not load before it is live. */
function filesOf(pattern: RegExp): string[] {
  return Object.entries(manifest())
    .filter(([key]) => pattern.test(key))
    .map(([, chunk]) => `/${chunk.file}`)
}

describe('home page weight', () => {
  it.each(LOCALES)('the scripts of /%s weigh at most 150 KB brotli and hold no player, lightbox, carousel, console or form', async (locale) => {
    const response = await t.app.inject({ url: `/${locale}`, headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    const scripts = scriptsNamedIn(response.body)
    // The entry, the dictionary of the page's language and the home route's own chunk at least.
    expect(scripts.length).toBeGreaterThanOrEqual(3)
    expect(scripts).toContain(`/${Object.values(manifest()).find((chunk) => chunk.isEntry)!.file}`)
    expect(scripts).toEqual(expect.arrayContaining(filesOf(new RegExp(`i18n/${locale}/index\\.ts$`))))

    // Its stylesheet too (the entry's CSS is every page's).
    const css = Object.values(manifest()).find((chunk) => chunk.isEntry)!.css ?? []
    expect(css.length).toBeGreaterThan(0)
    for (const file of css) expect(response.body).toContain(`<link rel="stylesheet" href="/${file}"`)

    const bytes = scripts.reduce((sum, file) => sum + brotliBytes(t.config.clientDir, file), 0)
    expect(bytes, `home page JavaScript in ${locale}: ${(bytes / 1024).toFixed(1)} KB brotli`).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES)

    const heavy = [
      ...filesOf(/hls\.js|media-chrome|VideoPlayer|Lightbox|(^|[/_])Carousels[-.]|routes\/(admin|account|login)|sign-up|contact\.tsx|report\.tsx/),
      // The other languages' dictionaries.
      ...filesOf(new RegExp(`i18n/(?!${locale}/)[a-z]{2}/index\\.ts$`)),
    ]
    expect(heavy.length).toBeGreaterThan(10)
    expect(scripts.filter((file) => heavy.includes(file))).toEqual([])
  })
})
