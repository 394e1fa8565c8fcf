/**
 * A real OpenID Connect provider (oidc-provider) in the test process, and a "browser" that
 * walks its login and consent forms with fetch and a cookie jar. The account's login name
 * decides its answer: adult → age_over_18 true, minor → false, silent → no such claim,
 * textual → the string "true".
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export const CLIENT_ID = 'streamclub'
export const CLIENT_SECRET = randomBytes(24).toString('base64url')

const AGE_CLAIM: Record<string, unknown> = { adult: true, minor: false, textual: 'true' }

export interface TestOidcProvider {
  issuer: string
  close(): Promise<void>
}

export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => unknown) | null = null
  const server: Server = createServer((req, res) => void handler!(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const ttl = (seconds: number) => () => seconds
  const provider = new Provider(issuer, {
    clients: [
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], age: ['age_over_18'] },
    scopes: ['openid', 'age'],
    features: { devInteractions: { enabled: true }, claimsParameter: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] },
    ttl: {
      AccessToken: ttl(600),
      AuthorizationCode: ttl(60),
      IdToken: ttl(600),
      Interaction: ttl(600),
      Session: ttl(600),
      Grant: ttl(600),
    },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => (sub in AGE_CLAIM ? { sub, age_over_18: AGE_CLAIM[sub] } : { sub }) }
    },
  })
  handler = provider.callback()
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * Follows the authorization URL through login (as `login`) and consent, as a browser would,
 * and returns the URL the provider sends the browser back to (never fetched).
 */
export async function signInAt(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>()
  const go = async (url: URL | string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return res
  }
  const post = (url: URL, fields: Record<string, string>) =>
    go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
  const origin = new URL(authorizationUrl).origin
  const next = (res: Response) => {
    const location = res.headers.get('location')
    if (!location) throw new Error(`expected a redirect, got ${res.status}`)
    return new URL(location, origin)
  }
  let url = next(await go(authorizationUrl))
  // Interactions until the provider lets go of the browser: login, then consent.
  for (let step = 0; step < 6 && url.origin === origin; step++) {
    if (url.pathname.startsWith('/interaction/')) {
      const page = await (await go(url)).text()
      const fields: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' }
      url = next(await post(url, fields))
    } else {
      url = next(await go(url))
    }
  }
  return url
}
