import { TRPCError } from '@trpc/server'
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../core/config.js'
import { isDatabaseUnavailable, type Orm } from '../../core/db/orm.js'
import type { AgeAccess } from '../../core/domain/age/access.js'
import type { AgeAssurance } from '../../core/services/age/assurance.js'
import type { Locale } from '../../core/domain/locale.js'
import { browserRequest } from '../http/browser-request.js'
import { requestLocale } from '../http/request-locale.js'
import type { RateLimits } from '../../core/services/auth/rate-limits.js'
import { loadCurrentUser, type BrowserRequest, type CurrentUser } from '../../core/services/auth/sessions.js'
import type { CatalogCache } from '../../core/services/catalog/cache.js'
import type { ServerMetrics } from '../metrics/server-metrics.js'
import type { PipelineFeed } from '../../core/services/media/pipeline-feed.js'

/** What every procedure can reach: the request, a fresh unit of work, the caller. */
export interface Context {
  req: CreateFastifyContextOptions['req']
  res: CreateFastifyContextOptions['res']
  /** The same request as the use cases see it (address, cookies, setting a cookie). */
  browser: BrowserRequest
  config: Config
  em: EntityManager
  locale: Locale
  user: CurrentUser | null
  /** What the request may see under the age-assurance policy (set by the server per request). */
  ageAccess: AgeAccess
  /** The age-assurance services of this server (policy rules, methods, proofs, the check flow). */
  age: AgeAssurance
  now: Date
  /** Per-IP and per-account limits of the account procedures. */
  limits: RateLimits
  /** Public catalog answers, shared by all requests of this server. */
  catalogCache: CatalogCache
  /** Procedure timings, when metrics are on. */
  metrics: ServerMetrics | null
  /** Wakes the console's live pipeline board (HTTP requests only; absent in server rendering). */
  pipelineFeed?: PipelineFeed
  /**
   * Present when the answer may be kept for every visitor without a session (http/public-answers.ts):
   * a procedure whose answer is not the same for all of them sets `personal`.
   */
  sharedAnswer?: { personal: boolean }
}

export interface ContextDeps {
  config: Config
  orm: Orm
  limits: RateLimits
  catalogCache: CatalogCache
  age: AgeAssurance
  metrics?: ServerMetrics | null
  pipelineFeed?: PipelineFeed
}

export function createContextFactory({ config, orm, limits, catalogCache, age, metrics = null, pipelineFeed }: ContextDeps) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<Context> => {
    const em = orm.em.fork()
    const now = new Date()
    return {
      req,
      res,
      browser: browserRequest(req, res),
      config,
      em,
      locale: requestLocale(req.headers),
      user: await loadCurrentUser(em, req.cookies, now).catch((error: unknown) => {
        throw isDatabaseUnavailable(error) ? new TRPCError({ code: 'SERVICE_UNAVAILABLE', cause: error }) : error
      }),
      ageAccess: req.ageAccess,
      age,
      now,
      limits,
      catalogCache,
      metrics,
      pipelineFeed,
    }
  }
}
