import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../core/config.js'
import { PICTURE_BODY_TYPE, PICTURE_ENDPOINT } from '../../core/domain/media/pictures.js'
import { TUS_BODY_TYPE, UPLOAD_ENDPOINT } from '../../core/domain/media/upload.js'
import { translator } from '../../core/i18n.js'
import { requestLocale } from './request-locale.js'

/** The header the site's own client sends with every tRPC call (src/lib/trpc.ts). */
export const CSRF_HEADER = 'x-streamclub-csrf'

/**
 * Routes other sites post to by design: the billing processor's signed webhooks, and the
 * age-verification providers' and wallets' responses (authenticated by the method).
 */
const CROSS_SITE_ROUTES = ['/billing/webhook/', '/age/response/']

/**
 * Routes whose body is bytes, not JSON, with the media types each takes (a cross-site form can
 * send none of them); the client's header is then required on every request: the console's
 * resumable upload (tus: no body, or `application/offset+octet-stream`) and its picture upload.
 */
export const BYTE_BODY_ROUTES: ReadonlyArray<{ path: string; types: readonly string[] }> = [
  { path: UPLOAD_ENDPOINT, types: ['', TUS_BODY_TYPE] },
  { path: PICTURE_ENDPOINT, types: [PICTURE_BODY_TYPE] },
]

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

type Headers = Record<string, string | string[] | undefined>

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Why a state-changing request is not the site's own, or null when it is. Browsers send a
 * cross-site form (multipart/form-data, text/plain, urlencoded) without asking first, so only
 * `application/json` is taken; a cross-site page can send JSON or a custom header only after a
 * CORS preflight, which this server never grants. Besides JSON the request must show where it
 * comes from: an Origin of this site, `Sec-Fetch-Site: same-origin`, or the client's custom
 * header (for browsers that send neither, and for API clients). An Origin or Sec-Fetch-Site
 * naming another site is refused even with the header.
 */
export function crossSiteReason(
  headers: Headers,
  siteOrigins: readonly string[],
  { bodyTypes }: { bodyTypes?: readonly string[] } = {},
): 'fetchSite' | 'origin' | 'contentType' | 'unproven' | null {
  const fetchSite = single(headers['sec-fetch-site'])
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'fetchSite'
  const origin = single(headers.origin)
  if (origin !== undefined && !siteOrigins.includes(origin)) return 'origin'
  const mediaType = (single(headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase()
  if (bodyTypes) return !bodyTypes.includes(mediaType) ? 'contentType' : single(headers[CSRF_HEADER]) === '1' ? null : 'unproven'
  if (mediaType !== 'application/json') return 'contentType'
  if (origin !== undefined || fetchSite === 'same-origin' || single(headers[CSRF_HEADER]) === '1') return null
  return 'unproven'
}

/** The origins this site is reached at: PUBLIC_URL's, and the one this request was sent to. */
function siteOriginsOf(config: Config, req: FastifyRequest): string[] {
  return [new URL(config.publicUrl).origin, `${req.protocol}://${req.host}`]
}

export function refuseCrossSite(req: FastifyRequest, reply: FastifyReply, reason: string) {
  req.log.warn({ reason, origin: single(req.headers.origin) ?? null, fetchSite: single(req.headers['sec-fetch-site']) ?? null }, 'cross-site request refused')
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .send({ error: translator(requestLocale(req.headers)).errors.crossSite(), requestId: req.id })
}

/**
 * Every POST, PUT, PATCH and DELETE (tRPC mutations above all) must come from this site's own
 * pages (crossSiteReason); others get 403 with a translated message before their body is read.
 * The billing webhooks stay open to the processor (they are authenticated by signature).
 */
export function registerSameOriginGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return
    if (CROSS_SITE_ROUTES.some((prefix) => req.url.startsWith(prefix))) return
    const pathname = req.url.split('?')[0]!
    const bytes = BYTE_BODY_ROUTES.find((route) => pathname === route.path || pathname.startsWith(`${route.path}/`))
    const reason = crossSiteReason(req.headers, siteOriginsOf(config, req), { bodyTypes: bytes?.types })
    if (reason) return refuseCrossSite(req, reply, reason)
  })
}
