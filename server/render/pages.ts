import { accessVariant, type AgeAccess } from '../../core/domain/age/access.js'
import type { FastifyReply, FastifyRequest } from 'fastify'
import pLimit from 'p-limit'
import { createTRPCClient, unstable_localLink } from '@trpc/client'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { isCrawler } from '../../core/domain/site/crawlers.js'
import { isLocale, normalizeLocale, type Locale } from '../../core/domain/locale.js'
import type { CatalogCache } from '../../core/services/catalog/cache.js'
import { browserRequest } from '../http/browser-request.js'
import type { RateLimits } from '../../core/services/auth/rate-limits.js'
import { appRouter, type AppRouter } from '../trpc/root.js'
import { pageAgeText, type PageAge, type PageEnvironment } from '../../core/render-contract.js'
import type { ClientBuild } from './client-build.js'
import { mediaOriginsOf } from '../../core/services/media/public-urls.js'
import { pageSecurityPolicy } from './security-policy.js'
import type { ServerMetrics } from '../metrics/server-metrics.js'
import type { AgeAssurance } from '../../core/services/age/assurance.js'
import { CachedBody } from '../http/cached-body.js'

export interface RenderedPage {
  status: number
  /** Set for redirects (/ to /{lang}, /videos to /{lang}/videos …). */
  location: string | null
  /** The HTML, compressed once per cached page (empty for a redirect). */
  body: CachedBody
  contentSecurityPolicy: string
}

export interface PageRendererDeps {
  config: Config
  orm: Orm
  limits: RateLimits
  catalogCache: CatalogCache
  /** Rendered pages by URL and environment; dropped with the catalog cache. */
  pageCache: CatalogCache
  build: ClientBuild
  /** Procedure timings of the renders too, when metrics are on. */
  metrics: ServerMetrics | null
  age: AgeAssurance
}

/** Phones get the narrow list sizes (spec section 9) in the server's HTML. */
const PHONE_USER_AGENT = /Mobi|iPhone|Android.+Mobile|Windows Phone/i
const LOCALE_COOKIE = 'locale'

function pageAge(access: AgeAccess): PageAge {
  return { outcome: access.outcome, verified: access.verified, explicitAllowed: access.explicitAllowed, rule: access.rule ?? null }
}

/** What the page's render depends on besides its URL. */
function pageEnvironment(req: FastifyRequest, publicUrl: string): PageEnvironment {
  const userAgent = req.headers['user-agent']
  const mobileHint = req.headers['sec-ch-ua-mobile']
  const stored = req.cookies[LOCALE_COOKIE]
  return {
    publicUrl,
    isBot: isCrawler(userAgent),
    preferredLocale: normalizeLocale(stored) ?? 'de',
    breakpoint: mobileHint === '?1' || (mobileHint === undefined && PHONE_USER_AGENT.test(userAgent ?? '')) ? 'base' : 'lg',
    renderedAt: Date.now(),
    age: pageAge(req.ageAccess),
  }
}

/**
 * Pages rendered at once; the next ones wait their turn, in order. Under a burst of pages that are
 * not in the cache (the first minutes after a start or a catalog change, a crawler) each page then
 * comes out as soon as its own work is done, instead of all of them late together, and fewer
 * visitors wait on each (they share its render). Four keep the event loop busy while a render
 * waits on its queries.
 */
const RENDERS_AT_ONCE = 4

/**
 * Renders pages with the built client's server entry. Every page is rendered as an anonymous
 * visitor sees it (the signed-in user's own state is filled in by the browser), so the HTML is
 * the same for everyone with the same environment and is cached per URL.
 */
export class PageRenderer {
  readonly #renders = pLimit(RENDERS_AT_ONCE)

  constructor(private readonly deps: PageRendererDeps) {}

  async page(req: FastifyRequest, reply: FastifyReply): Promise<RenderedPage> {
    const env = pageEnvironment(req, this.deps.config.publicUrl)
    const key = `${req.url}\n${env.isBot}\n${env.breakpoint}\n${env.preferredLocale}\n${accessVariant(req.ageAccess)}\n${pageAgeText(env.age)}`
    return this.deps.pageCache.getOrLoad(key, () => this.#renders(() => this.render(req, reply, env)))
  }

  private async render(req: FastifyRequest, reply: FastifyReply, env: PageEnvironment): Promise<RenderedPage> {
    const { config, orm, limits, catalogCache, build, metrics, age } = this.deps
    const locale: Locale = isLocale(req.url.split('/')[1]?.split('?')[0]) ? (req.url.split('/')[1]!.split('?')[0] as Locale) : env.preferredLocale
    const apiClient = createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          // The anonymous visitor's context: the page never depends on who asks.
          createContext: async () => ({
            req,
            res: reply,
            browser: browserRequest(req, reply),
            config,
            em: orm.em.fork(),
            locale,
            user: null,
            ageAccess: req.ageAccess,
            age,
            now: new Date(),
            limits,
            catalogCache,
            metrics,
          }),
          onError: ({ error, path }) => {
            if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed while rendering')
          },
        }),
      ],
    })
    const request = new Request(new URL(req.url, config.publicUrl), { headers: { accept: 'text/html' } })
    const response = await build.render({ request, apiClient, env, manifest: build.manifest(locale) })
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
    const html = location ? '' : await response.text()
    if (response.status >= 500) {
      req.log.error({ status: response.status }, 'page render failed')
      throw new PageRenderError(response.status)
    }
    return { status: response.status, location, body: new CachedBody(html), contentSecurityPolicy: pageSecurityPolicy(html, mediaOriginsOf(config.mediaStore)) }
  }
}

class PageRenderError extends Error {
  constructor(readonly status: number) {
    super(`page render failed with status ${status}`)
  }
}
