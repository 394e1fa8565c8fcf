/**
 * npm run bench:bundle [-- --locale en --chunks /{lang}/videos/{id}]
 *
 * The JavaScript and CSS each public page loads before it is live, in the bytes a browser
 * that accepts brotli receives, read from the build (`npm run build` runs first): the entry
 * with its static imports, the dictionary of the page's language and the component chunks of
 * the page's routes. The server names exactly these files in the page (server/render/page-scripts.ts),
 * and the browser test `server-rendering.spec.ts` checks that a page loads no other script
 * before it is live. Byte counts do not depend on the machine's load.
 * `--chunks <page>` lists that page's files with their sizes, largest first.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { LOCALES, isLocale } from '../../core/domain/locale.js'
import { brotliBytes, readClientAssets, type PageAssets } from '../../server/render/client-assets.js'
import { HOME_JS_BUDGET_BYTES, PUBLIC_PAGES } from './public-pages.js'

const { values: args } = parseArgs({ options: { locale: { type: 'string', default: 'en' }, chunks: { type: 'string' } } })
if (!isLocale(args.locale)) throw new Error(`--locale must be one of ${LOCALES.join(', ')}`)
const clientDir = path.resolve('dist/client')
const assets = readClientAssets(clientDir)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (files: string[]) => files.reduce((total, file) => total + brotliBytes(clientDir, file), 0)
const measure = (files: PageAssets) => ({ js: sum(files.scripts), css: sum(files.css), count: files.scripts.length })

console.log(`First load per public page (${args.locale}), brotli bytes as sent:`)
console.log('page                                 JS files       JS        CSS')
for (const page of PUBLIC_PAGES) {
  const m = measure(assets.pageAssets(page.routes, args.locale))
  console.log(`${page.path.padEnd(36)} ${String(m.count).padStart(8)} ${kb(m.js).padStart(10)} ${kb(m.css).padStart(10)}`)
}

const home = PUBLIC_PAGES[0]!
console.log(`\nHome page JavaScript by language (budget ${kb(HOME_JS_BUDGET_BYTES)}):`)
let over = false
for (const locale of LOCALES) {
  const { js } = measure(assets.pageAssets(home.routes, locale))
  over ||= js > HOME_JS_BUDGET_BYTES
  const margin = HOME_JS_BUDGET_BYTES - js
  console.log(`  ${locale}  ${kb(js).padStart(9)}  ${margin < 0 ? `OVER BUDGET by ${-margin} bytes` : `within budget (${margin} bytes to spare)`}`)
}

if (args.chunks) {
  const page = PUBLIC_PAGES.find((p) => p.path === args.chunks)
  if (!page) throw new Error(`--chunks takes one of: ${PUBLIC_PAGES.map((p) => p.path).join(', ')}`)
  const files = assets.pageAssets(page.routes, args.locale)
  console.log(`\n${page.path} (${args.locale}), largest first:`)
  for (const [file, bytes] of [...files.scripts, ...files.css].map((f) => [f, brotliBytes(clientDir, f)] as const).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kb(bytes).padStart(9)}  ${file}`)
  }
}
if (over) process.exitCode = 1
