import { describe, expect, it } from 'vitest'
import { renderShell } from '../../server/http/html-shell.js'

const template = '<!doctype html>\n<html>\n<head>\n<!--app-head-->\n</head><body></body></html>'
const site = 'https://streamclub.example'

describe('renderShell', () => {
  it('writes the title, html lang and one alternate link per locale', () => {
    const { status, html } = renderShell(template, '/fr/videos', site)
    expect(status).toBe(200)
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<title>Vidéos | Streamclub</title>')
    for (const locale of ['de', 'en', 'es', 'fr', 'it']) {
      expect(html).toContain(`<link rel="alternate" hreflang="${locale}" href="${site}/${locale}/videos">`)
    }
    expect(html).toContain(`hreflang="x-default" href="${site}/de/videos"`)
  })
  it('gives the home page its own title', () => {
    expect(renderShell(template, '/en', site).html).toContain('<title>Streamclub – exclusive videos and photos</title>')
  })
  it('answers unknown paths with 404 and the not-found title', () => {
    const { status, html } = renderShell(template, '/en/does-not-exist', site)
    expect(status).toBe(404)
    expect(html).toContain('<title>Page not found | Streamclub</title>')
    expect(html).not.toContain('hreflang')
  })
  it('knows the unprefixed routes and emits no alternates for them', () => {
    const { status, html } = renderShell(template, '/login', site)
    expect(status).toBe(200)
    expect(html).not.toContain('hreflang')
    expect(html).toContain('<html>')
  })
  it('escapes what it writes', () => {
    const { html } = renderShell(template, '/en/search/videos', 'https://x.example/"><script>')
    expect(html).not.toContain('"><script>')
  })
})
