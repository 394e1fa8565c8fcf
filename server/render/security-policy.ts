import crypto from 'node:crypto'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
/** Script types a browser runs; data blocks (JSON-LD) are not scripts to CSP. */
const EXECUTABLE_TYPE = /^\s*$|javascript|ecmascript|module/i

/** The SHA-256 source expressions of every inline script a page runs. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || !body) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1] ?? ''
    if (!EXECUTABLE_TYPE.test(type)) continue
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The Content-Security-Policy of a server-rendered page: scripts only from this site plus the
 * page's own inline scripts by hash (hashes rather than nonces, so a rendered page can be
 * cached and served many times), media and pictures from this site (and `mediaOrigins`: the
 * bucket and CDN of MEDIA_STORE=s3, which also answer the download frame's redirect), nothing
 * else framed from elsewhere. Mantine sets style attributes, so styles may be inline.
 */
export function pageSecurityPolicy(html: string, mediaOrigins: string[] = []): string {
  const media = mediaOrigins.map((origin) => ` ${origin}`).join('')
  return [
    `default-src 'self'`,
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${media}`,
    `frame-src 'self'${media}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ')
}
