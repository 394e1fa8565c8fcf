/**
 * bunny.net CDN token authentication (the HMAC-SHA256 "HS256" tokens of its advanced token
 * authentication), so members-only media can be served from a Bunny pull zone in front of the
 * bucket instead of presigned S3 URLs. The pull zone recomputes the token from its own copy of
 * the key and refuses (403) a URL that is changed or past `expires`.
 *
 * Token: `HS256-` + base64url (no padding) of HMAC-SHA256(key, signaturePath + expires +
 * signingData), where signaturePath is `token_path` when the token covers a folder, else the
 * URL's path, and signingData the URL's query parameters (with token_path, token_countries …)
 * sorted by name as `name=value` joined by `&`. Checked against the vectors bunny.net publishes
 * with its reference implementations (tests/unit/bunny-token.test.ts). Pure: the caller passes
 * `createHmac` (node:crypto), so this module does no I/O and imports no Node module.
 */
export interface BunnySignOptions {
  /** Unix seconds. */
  expires: number
  /** Sign for every file below this path (a folder of HLS segments) instead of the one URL. */
  pathAllowed?: string
  countriesAllowed?: string
  countriesBlocked?: string
  /** `/bcdn_token=…/path` instead of `?token=…`: relative URIs in a playlist keep the token. */
  directory?: boolean
}

export type Hmac256 = (key: string, message: string) => Uint8Array

const encodeValue = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function signBunnyUrl(url: string, key: string, options: BunnySignOptions, hmac: Hmac256): string {
  if (!key) throw new Error('the Bunny token key is empty')
  const parsed = new URL(url)
  const params = new Map<string, string>()
  for (const [name, value] of parsed.searchParams) {
    if (params.has(name)) throw new Error(`a query parameter appears twice: ${name}`)
    params.set(name, value)
  }
  if (options.countriesAllowed) params.set('token_countries', options.countriesAllowed)
  if (options.countriesBlocked) params.set('token_countries_blocked', options.countriesBlocked)
  if (options.pathAllowed) params.set('token_path', options.pathAllowed)
  const sorted = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const signingData = sorted.map(([name, value]) => `${name}=${value}`).join('&')
  const urlData = sorted.map(([name, value]) => `&${name}=${encodeValue(value)}`).join('')
  const signaturePath = options.pathAllowed || parsed.pathname
  const token = `HS256-${base64url(hmac(key, `${signaturePath}${options.expires}${signingData}`))}`
  const base = `${parsed.protocol}//${parsed.host}`
  return options.directory
    ? `${base}/bcdn_token=${token}${urlData}&expires=${options.expires}${parsed.pathname}`
    : `${base}${parsed.pathname}?token=${token}${urlData}&expires=${options.expires}`
}
