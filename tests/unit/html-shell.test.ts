import { describe, expect, it } from 'vitest'
import { renderShell } from '../../server/http/html-shell.js'
import { detailOfPath, isStorableId } from '../../server/http/page-meta.js'

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

describe('detail pages in the HTML shell', () => {
  it('names the item in the title of a page that may be shown', () => {
    const { status, html } = renderShell(template, '/de/videos/12', site, { title: 'Dachterrasse um Mitternacht' })
    expect(status).toBe(200)
    expect(html).toContain('<title>Dachterrasse um Mitternacht | Streamclub</title>')
  })

  it('answers 404 with the not-found title for an unknown or upcoming item', () => {
    const { status, html } = renderShell(template, '/en/models/999', site, { title: null })
    expect(status).toBe(404)
    expect(html).toContain('<title>Page not found | Streamclub</title>')
  })

  it('recognises detail paths, and only storable ids', () => {
    expect(detailOfPath('/fr/videos/12')).toEqual({ kind: 'videos', id: 12, locale: 'fr' })
    expect(detailOfPath('/it/categories/3/images')).toEqual({ kind: 'categories', id: 3, locale: 'it' })
    expect(detailOfPath('/en/videos/12/images')).toBeNull()
    expect(detailOfPath('/en/videos')).toBeNull()
    expect(detailOfPath('/xx/videos/12')).toBeNull()
    expect(detailOfPath('/en/models/99999999999')?.id).toBe(99_999_999_999)
    expect(isStorableId(2_147_483_647)).toBe(true)
    expect(isStorableId(2_147_483_648)).toBe(false)
    expect(isStorableId(0)).toBe(false)
  })
})

