import type { FastifyInstance } from 'fastify'
import { translator } from '../../core/i18n.js'
import type { Locale } from '../../core/domain/locale.js'
import { requestLocale } from '../http/request-locale.js'
import { PageRenderer, type PageRendererDeps } from './pages.js'
import { acceptedEncoding } from '../http/cached-body.js'
import { pageGate, uniformlyOpen } from '../../core/domain/age/gates.js'

/** Paths that are never pages: an unknown one there is a plain 404. */
const RESERVED = /^\/(trpc|media|protected|assets|download|api|billing|dev|sitemaps)(\/|$)/

/**
 * Every GET of a path no other route owns is a page: the server renders it (whatever the
 * Accept header says), an unknown path renders the not-found page with 404. Without a built
 * client the server says how to build it.
 */
export function registerPageRoute(app: FastifyInstance, deps: Omit<PageRendererDeps, 'build'> & { build: PageRendererDeps['build'] | null }): void {
  const renderer = deps.build ? new PageRenderer({ ...deps, build: deps.build }) : null
  // Where the policy shows different pages by place or proof, no shared cache may keep one
  // visitor's page for another: the HTML is private (the server's own page cache is keyed by
  // the answer, server/render/pages.ts).
  const sharedCacheable = uniformlyOpen(deps.config.age.policy.rules.map((rule) => rule.outcome))

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    if ((req.method !== 'GET' && req.method !== 'HEAD') || RESERVED.test(pathname)) {
      return reply.code(404).send({ error: translator(requestLocale(req.headers)).errors.notFound() })
    }
    if (!renderer) {
      return reply.code(503).type('text/plain').send('The client is not built yet. Run "npm run build".')
    }
    let page
    try {
      page = await renderer.page(req, reply)
    } catch (error) {
      req.log.error({ err: error }, 'page could not be rendered')
      return reply
        .code(500)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(errorPage(requestLocale(req.headers)))
    }
    if (page.location) return reply.header('cache-control', 'no-cache').redirect(page.location, 302)

    // A gated address shows the verification page (403) or the "not available" page (451).
    const gate = pageGate(req.ageAccess, pathname)
    const status = gate === 'blocked' ? 451 : gate === 'verify' ? 403 : page.status
    deps.age.stats.countView(req.ageAccess)
    const tag = page.body.tag
    void reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', page.contentSecurityPolicy)
      // Shared caches may keep a page briefly when everyone gets the same; browsers revalidate.
      .header('cache-control', sharedCacheable ? 'public, max-age=0, s-maxage=30, must-revalidate' : 'private, max-age=0, must-revalidate')
      .header('vary', 'Accept-Encoding, User-Agent')
      .header('etag', tag)
    if (status === 200 && req.headers['if-none-match'] === tag) return reply.code(304).send()
    const encoding = acceptedEncoding(req)
    if (encoding !== 'identity') void reply.header('content-encoding', encoding)
    return reply.send(await page.body.encoded(encoding))
  })
}

/** The last resort when a page cannot be rendered at all: the spec's generic message. */
function errorPage(locale: Locale): string {
  const t = translator(locale)
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.errors.genericTitle()}</title></head><body style="font-family:system-ui,sans-serif;background:#1a1b1e;color:#e9ecef;padding:2rem"><main><h1>${t.errors.genericTitle()}</h1><p>${t.errors.generic()}</p><p><a style="color:#faa2c1" href="/${locale}">Streamclub</a></p></main></body></html>`
}
