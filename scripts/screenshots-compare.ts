/**
 * Do two builds draw the public pages alike? `npm run screenshots:compare -- <base URL> <other URL> [out folder]`
 *
 * Two servers of the same database (say main's build and this one) are photographed page by
 * page, whole pages at phone (390x844, touch) and desktop (1366x900) size, and every pair is
 * compared pixel by pixel in the browser: the share of pixels that differ (by more than a small
 * tolerance per channel), and for pages that differ a picture of where (red), in the out folder
 * (default screenshots-compare/). Motion is reduced (no autoplay, no clips) and every picture is
 * loaded before the shot, so equal pages give equal pictures.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'

const [baseA, baseB, out = 'screenshots-compare'] = process.argv.slice(2)
if (!baseA || !baseB) throw new Error('usage: screenshots-compare.ts <base URL> <other URL> [out folder]')
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

const profiles: Record<string, BrowserContextOptions> = {
  phone: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, reducedMotion: 'reduce' },
  desktop: { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' },
}

async function firstId(kind: 'videos' | 'imageSets' | 'models' | 'categories'): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ locale: 'en', limit: 1 }))
  const res = await fetch(`${baseA}/trpc/catalog.${kind}?input=${input}`)
  return ((await res.json()) as { result: { data: { items: { id: number }[] } } }).result.data.items[0]!.id
}

const pages: Record<string, string> = {
  home: '/en',
  'home-de': '/de',
  videos: '/en/videos',
  images: '/en/images',
  models: '/en/models',
  categories: '/en/categories',
  video: `/en/videos/${await firstId('videos')}`,
  'image-set': `/en/images/${await firstId('imageSets')}`,
  model: `/en/models/${await firstId('models')}?type=videos`,
  category: `/en/categories/${await firstId('categories')}/videos`,
  search: '/en/search/videos?q=rooftop',
  faq: '/en/faq',
  terms: '/en/tos',
  'coming-soon': '/en/coming-soon?type=videos',
}

/** The whole page, every picture loaded, as a PNG. */
async function shoot(page: Page, url: string, gate: boolean): Promise<Buffer> {
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 })
  // Bring every lazy picture and block in: scroll down the page and back.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  // Lazy pictures out of sight sideways (a carousel's other slides) never load by scrolling: load them all, ten seconds at most.
  await page.evaluate(() => {
    const pictures = [...document.images].map((img) => {
      img.loading = 'eager'
      return img.complete
        ? Promise.resolve()
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true })
            img.addEventListener('error', resolve, { once: true })
          })
    })
    return Promise.race([Promise.all(pictures), new Promise((resolve) => setTimeout(resolve, 10_000))])
  })
  await page.waitForTimeout(300)
  return page.screenshot({ fullPage: !gate, animations: 'disabled', caret: 'hide' })
}

/** The share of differing pixels of two PNGs, and a picture of where they differ. */
async function compare(browser: Browser, a: Buffer, b: Buffer): Promise<{ share: number; sizes: string; diff: Buffer | null }> {
  const page = await browser.newPage()
  try {
    // tsx names the functions it compiles through a helper the browser lacks.
    await page.evaluate('globalThis.__name = (fn) => fn')
    const result = await page.evaluate(
      async ([a64, b64]) => {
        const load = (data: string) =>
          new Promise<HTMLImageElement>((resolve) => {
            const img = new Image()
            img.onload = () => resolve(img)
            img.src = `data:image/png;base64,${data}`
          })
        const [ia, ib] = await Promise.all([load(a64!), load(b64!)])
        const width = Math.max(ia.width, ib.width)
        const height = Math.max(ia.height, ib.height)
        const pixels = (img: HTMLImageElement) => {
          const canvas = new OffscreenCanvas(width, height)
          const ctx = canvas.getContext('2d')!
          ctx.drawImage(img, 0, 0)
          return ctx.getImageData(0, 0, width, height).data
        }
        const pa = pixels(ia)
        const pb = pixels(ib)
        const canvas = new OffscreenCanvas(width, height)
        const ctx = canvas.getContext('2d')!
        ctx.drawImage(ib, 0, 0)
        const out = ctx.getImageData(0, 0, width, height)
        let differing = 0
        for (let i = 0; i < pa.length; i += 4) {
          if (Math.abs(pa[i]! - pb[i]!) > 24 || Math.abs(pa[i + 1]! - pb[i + 1]!) > 24 || Math.abs(pa[i + 2]! - pb[i + 2]!) > 24) {
            differing++
            out.data.set([255, 0, 0, 255], i)
          }
        }
        ctx.putImageData(out, 0, 0)
        const blob = await canvas.convertToBlob({ type: 'image/png' })
        const bytes = new Uint8Array(await blob.arrayBuffer())
        let binary = ''
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
        return { share: differing / (width * height), sizes: `${ia.width}x${ia.height} / ${ib.width}x${ib.height}`, diff: differing ? btoa(binary) : null }
      },
      [a.toString('base64'), b.toString('base64')],
    )
    return { share: result.share, sizes: result.sizes, diff: result.diff ? Buffer.from(result.diff, 'base64') : null }
  } finally {
    await page.close()
  }
}

fs.mkdirSync(out, { recursive: true })
const browser = await chromium.launch({ executablePath, args: executablePath ? ['--no-sandbox', '--disable-gpu'] : [] })
let worst = 0
try {
  console.log(`comparing ${baseA} with ${baseB}: share of differing pixels per page`)
  for (const [profile, options] of Object.entries(profiles)) {
    for (const gate of [false, true]) {
      const contexts = await Promise.all([browser.newContext(options), browser.newContext(options)])
      if (!gate) for (const context of contexts) await context.addInitScript(() => window.localStorage.setItem('ageConfirmed', '1'))
      const [pageA, pageB] = await Promise.all(contexts.map((context) => context.newPage()))
      for (const [name, url] of Object.entries(gate ? { home: pages.home! } : pages)) {
        const label = `${profile}-${name}${gate ? '-age-gate' : ''}`
        const a = await shoot(pageA!, baseA + url, gate)
        const b = await shoot(pageB!, baseB + url, gate)
        const { share, sizes, diff } = await compare(browser, a, b)
        worst = Math.max(worst, share)
        console.log(`  ${label.padEnd(28)} ${(share * 100).toFixed(3).padStart(7)} %   ${sizes}`)
        if (diff) {
          fs.writeFileSync(path.join(out, `${label}-a.png`), a)
          fs.writeFileSync(path.join(out, `${label}-b.png`), b)
          fs.writeFileSync(path.join(out, `${label}-diff.png`), diff)
        }
      }
      await Promise.all(contexts.map((context) => context.close()))
    }
  }
  console.log(`largest difference ${(worst * 100).toFixed(3)} % of a page's pixels; pictures of the pages that differ in ${out}/`)
} finally {
  await browser.close()
}
