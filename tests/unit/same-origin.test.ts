import { describe, expect, it } from 'vitest'
import { BYTE_BODY_ROUTES, CSRF_HEADER, crossSiteReason } from '../../server/http/same-origin.js'

const SITE = ['https://club.example', 'http://localhost:3000']
const JSON_TYPE = { 'content-type': 'application/json' }

describe("crossSiteReason: is a state-changing request the site's own?", () => {
  it('takes JSON with an Origin of the site, a same-origin fetch, or the client header', () => {
    expect(crossSiteReason({ ...JSON_TYPE, origin: 'https://club.example' }, SITE)).toBeNull()
    expect(crossSiteReason({ ...JSON_TYPE, origin: 'http://localhost:3000' }, SITE)).toBeNull()
    expect(crossSiteReason({ 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-origin' }, SITE)).toBeNull()
    expect(crossSiteReason({ ...JSON_TYPE, [CSRF_HEADER]: '1' }, SITE)).toBeNull()
    expect(crossSiteReason({ ...JSON_TYPE, 'sec-fetch-site': 'none', [CSRF_HEADER]: '1' }, SITE)).toBeNull()
  })

  it('refuses other sites, forms and requests that show no origin', () => {
    expect(crossSiteReason({ ...JSON_TYPE, 'sec-fetch-site': 'cross-site', [CSRF_HEADER]: '1' }, SITE)).toBe('fetchSite')
    expect(crossSiteReason({ ...JSON_TYPE, 'sec-fetch-site': 'same-site', origin: 'https://club.example' }, SITE)).toBe('fetchSite')
    expect(crossSiteReason({ ...JSON_TYPE, origin: 'https://club.example.evil.com', [CSRF_HEADER]: '1' }, SITE)).toBe('origin')
    expect(crossSiteReason({ ...JSON_TYPE, origin: 'http://club.example' }, SITE)).toBe('origin')
    expect(crossSiteReason({ ...JSON_TYPE, origin: 'null' }, SITE)).toBe('origin')
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', '']) {
      expect(crossSiteReason({ 'content-type': type, origin: 'https://club.example', [CSRF_HEADER]: '1' }, SITE), type).toBe('contentType')
    }
    expect(crossSiteReason({ origin: 'https://club.example' }, SITE)).toBe('contentType')
    expect(crossSiteReason(JSON_TYPE, SITE)).toBe('unproven')
    expect(crossSiteReason({ ...JSON_TYPE, [CSRF_HEADER]: 'yes' }, SITE)).toBe('unproven')
  })

  it('takes the console’s tus requests with the client header and no body or tus bytes, and nothing else', () => {
    const upload = { bodyTypes: BYTE_BODY_ROUTES.find((route) => route.path === '/admin/uploads')!.types }
    expect(crossSiteReason({ [CSRF_HEADER]: '1' }, SITE, upload)).toBeNull()
    expect(crossSiteReason({ 'content-type': 'application/offset+octet-stream', [CSRF_HEADER]: '1', origin: 'https://club.example' }, SITE, upload)).toBeNull()
    expect(crossSiteReason({ 'content-type': 'application/offset+octet-stream' }, SITE, upload)).toBe('unproven')
    expect(crossSiteReason({ 'content-type': 'application/offset+octet-stream', 'sec-fetch-site': 'same-origin' }, SITE, upload)).toBe('unproven')
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded', 'application/json']) {
      expect(crossSiteReason({ 'content-type': type, [CSRF_HEADER]: '1' }, SITE, upload), type).toBe('contentType')
    }
    expect(crossSiteReason({ [CSRF_HEADER]: '1', origin: 'https://evil.example' }, SITE, upload)).toBe('origin')
  })

  it('takes the console’s picture uploads as octet-stream bytes with the client header, and nothing else', () => {
    const pictures = { bodyTypes: BYTE_BODY_ROUTES.find((route) => route.path === '/admin/pictures')!.types }
    expect(crossSiteReason({ 'content-type': 'application/octet-stream', [CSRF_HEADER]: '1' }, SITE, pictures)).toBeNull()
    expect(crossSiteReason({ 'content-type': 'application/octet-stream' }, SITE, pictures)).toBe('unproven')
    for (const type of ['multipart/form-data; boundary=x', 'application/json', '']) {
      expect(crossSiteReason({ 'content-type': type, [CSRF_HEADER]: '1' }, SITE, pictures), type).toBe('contentType')
    }
  })
})
