/**
 * Screenshots and page heights of a running site on a phone (390x844, touch) and a desktop
 * (1366x900): `npx tsx scripts/screenshots.ts [base URL] [out folder]`. Prints per page how tall
 * it is in screens and how many cards the first screen shows.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, devices, type BrowserContextOptions } from '@playwright/test'

const base = process.argv[2] ?? `http://localhost:${process.env.PORT ?? 3000}`
const out = process.argv[3] ?? 'screenshots'
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

const profiles: Record<string, BrowserContextOptions> = {
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1366, height: 900 } },
}

async function firstVideo(): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ locale: 'en', limit: 1 }))
  const res = await fetch(`${base}/trpc/catalog.videos?input=${input}`)
  return ((await res.json()) as { result: { data: { items: { id: number }[] } } }).result.data.items[0]!.id
}

const pages = { home: '/en', list: '/en/videos', video: `/en/videos/${await firstVideo()}` }
fs.mkdirSync(out, { recursive: true })
const browser = await chromium.launch({ executablePath, args: executablePath ? ['--no-sandbox', '--disable-gpu'] : [] })
for (const [profile, options] of Object.entries(profiles)) {
  const context = await browser.newContext(options)
  await context.addInitScript(() => window.localStorage.setItem('ageConfirmed', '1'))
  const page = await context.newPage()
  for (const [name, url] of Object.entries(pages)) {
    await page.goto(base + url, { waitUntil: 'networkidle' })
    // The blocks under a video load after the page.
    if (name === 'video') await page.locator('section[aria-labelledby="recommendations"] article').first().waitFor()
    const facts = await page.evaluate(() => {
      const height = document.documentElement.scrollHeight
      const cards = [...document.querySelectorAll('main article')].filter((card) => card.getBoundingClientRect().bottom <= window.innerHeight).length
      const recommendations = document.getElementById('recommendations')?.closest('section')?.getBoundingClientRect().height ?? null
      return { height, screens: +(height / window.innerHeight).toFixed(1), cardsOnFirstScreen: cards, recommendations }
    })
    console.log(profile, name, JSON.stringify(facts))
    await page.screenshot({ path: path.join(out, `${profile}-${name}.png`) })
  }
  await context.close()
}
await browser.close()
