import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage()
const sizes = []
page.on('response', async (r) => { const u = r.url(); if (/\.(js|css)$/.test(u)) { const len = Number((await r.allHeaders())['content-length'] ?? 0); sizes.push([u.split('/').pop(), len, r.headers()['content-encoding']]) } })
await page.goto(process.argv[2], { waitUntil: 'networkidle' })
await page.waitForTimeout(500)
let js = 0, css = 0
for (const [name, len] of sizes) { if (name.endsWith('.js')) js += len; else css += len }
console.log('requests', sizes.length, 'js bytes', js, 'css bytes', css)
console.log(sizes.sort((a,b)=>b[1]-a[1]).slice(0,25).map(s=>s.join(' ')).join('\n'))
await browser.close()
