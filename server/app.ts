import type { AgeAccess } from '../core/domain/age/access.js'
import { createAgeAssurance } from '../core/services/age/assurance.js'
import crypto from 'node:crypto'
import fs from 'node:fs'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import type { TRPCError } from '@trpc/server'
import type { Config } from '../core/config.js'
import { isDatabaseUnavailable, type Orm } from '../core/db/orm.js'
import { registerAccountExport } from './http/account-export.js'
import { registerAdminUpload } from './http/admin-upload.js'
import { registerAdminPictures } from './http/admin-pictures.js'
import { lazySchemaCompilers } from './http/schema-compilers.js'
import { registerBuiltFiles } from './http/built-files.js'
import { registerBillingRoutes } from './http/billing.js'
import { registerDevMail } from './http/dev-mail.js'
import { registerDownloadRoutes } from './http/downloads.js'
import { registerAgeRoutes } from './http/age.js'
import { registerAgeEnforcement } from './http/age-enforcement.js'
import { registerHealthRoutes } from './http/health.js'
import { registerMediaGateway } from './http/media-gateway.js'
import { registerPublicMedia } from './http/public-media.js'
import { registerSameOriginGuard } from './http/same-origin.js'
import { registerExplicitMediaGuard } from './http/explicit-media-guard.js'
import { redactLogLine, redactUrl } from '../core/redact.js'
import { registerRequestContext } from '../core/request-context.js'
import type { ServerMetrics } from './metrics/server-metrics.js'
import { MediaAccessCache, type MediaAccessCheck } from '../core/services/media/access.js'
import { databaseCheck, mediaCheck, migrationsCheck, Readiness, type ReadinessCheck } from '../core/services/ops/readiness.js'
import { FastifyRateLimits, postgresRateLimitStore } from './http/rate-limits.js'
import { registerPublicAnswers } from './http/public-answers.js'
import { loadSessionUser, onSessionsEnded } from '../core/services/auth/sessions.js'
import { CatalogCache, listenForCatalogChanges } from '../core/services/catalog/cache.js'
import { PipelineFeed } from '../core/services/media/pipeline-feed.js'
import { loadClientBuild } from './render/client-build.js'
import { registerPageRoute } from './render/page-route.js'
import { registerSitemaps } from './render/sitemaps.js'
import { createContextFactory } from './trpc/context.js'
import { appRouter, type AppRouter } from './trpc/root.js'
import { errorText, translator } from '../core/i18n.js'
import { AppError, HTTP_STATUS } from '../core/domain/errors.js'
import { requestLocale } from './http/request-locale.js'

export interface AppDeps {
  config: Config
  orm: Orm
  /** Where request logs go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream
  /**
   * The media gateway's session check; by default the session cache over this database.
   * The gateway bench passes a check that allows every correctly signed URL, to measure
   * what the session check costs.
   */
  mediaAccess?: MediaAccessCheck
  /** Request and procedure timings (main.ts passes them when METRICS_PORT is set). */
  metrics?: ServerMetrics | null
  /** What /readyz asks; default: database, migrations, the local media store. */
  readinessChecks?: ReadinessCheck[]
  /**
   * What a request may see under the age-assurance policy, decided once per request before any
   * route runs. Default: the configured policy for the visitor's place (core/services/age). Tests
   * pass a fixed answer to walk the site as a visitor of a `blur` or `front` jurisdiction.
   */
  resolveAgeAccess?: (req: FastifyRequest) => AgeAccess | Promise<AgeAccess>
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request may see under the age-assurance policy (core/domain/age/access.ts); set once per request. */
    ageAccess: AgeAccess
  }
  interface FastifyInstance {
    /** The catalog's read cache (tests and the benchmark look at it). */
    catalogCache: CatalogCache
    /** Server-rendered pages, dropped with the catalog cache. */
    pageCache: CatalogCache
    /** Catalog answers to visitors without a session (http/public-answers.ts), dropped with the catalog cache. */
    answerCache: CatalogCache
    /** Resolves when the catalog change listener is connected (false if it failed). */
    catalogChangesReady: Promise<boolean>
    /** /readyz's state; main.ts begins the shutdown on it. */
    readiness: Readiness
  }
}

/** The gateway's session check: read through a short per-session cache, dropped on logout here. */
function sessionMediaAccess(app: FastifyInstance, config: Config, orm: Orm): MediaAccessCache {
  const access = new MediaAccessCache(async (sessionId, now) => {
    const user = await loadSessionUser(orm.em.fork(), sessionId, now)
    return user && { userId: user.id, role: user.role, activePlanUntil: user.activePlanUntil }
  }, config.mediaAccessCacheMs)
  const stopForgetting = onSessionsEnded((ended) => access.forget(ended))
  app.addHook('onClose', async () => stopForgetting())
  return access
}

/** Builds the whole HTTP server; main.ts starts it, tests inject requests into it. */
export async function buildApp({ config, orm, logStream, mediaAccess, metrics = null, readinessChecks, resolveAgeAccess }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Whatever a line holds, no secret leaves (tokens, passwords, cookies, signed URLs).
      hooks: { streamWrite: redactLogLine },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        // Mailed links put tokens in query strings; their values never reach the log.
        req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
      },
    },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
    },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: lazySchemaCompilers },
  })

  registerRequestContext(app)
  metrics?.observeRequests(app)
  // A site served over https tells browsers to come back only over https (a year).
  const strictTransport = config.publicUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : null
  app.decorateRequest('ageAccess', null as unknown as AgeAccess)
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
    if (strictTransport) reply.header('strict-transport-security', strictTransport)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'SAMEORIGIN')
  })

  // Anything unexpected is logged with its request id; the client gets a translated
  // generic message and never a stack trace.
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
    const locale = requestLocale(req.headers)
    const t = translator(locale)
    // A use case's expected failure: its status and its translated message.
    if (error instanceof AppError) {
      return reply.code(HTTP_STATUS[error.code]).send({ error: errorText(locale, error.key, error.params), requestId: req.id })
    }
    // The database is away (a restart, a timeout): try again shortly.
    if (status === 500 && isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).header('retry-after', '5').send({ error: t.errors.unavailable(), requestId: req.id })
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed')
      return reply.code(status).send({ error: t.errors.generic(), requestId: req.id })
    }
    return reply.code(status).send({ error: status === 429 ? error.message : t.errors.invalidInput(), requestId: req.id })
  })

  // State-changing requests come from this site's own pages only (the webhooks excepted).
  registerSameOriginGuard(app, config)
  // Explicit media files only where the request's AgeAccess allows them (the tour gets 403).
  registerExplicitMediaGuard(app)

  await app.register(fastifyCookie)
  // Where the visitor is and what the policy lets them see: once per request, before any route
  // (after the cookies are read: a proof of age lives on the session or the account).
  const age = await createAgeAssurance(config, { orm, onError: (error) => app.log.error({ err: error }, 'age assurance failed') })
  for (const gap of age.methods.gaps(config.age.policy.rules))
    app.log.warn(`age policy rule ${gap}: its visitors cannot verify their age (docs/age-assurance.md)`)
  const stopForgettingProofs = onSessionsEnded(() => age.proofs.forgetSessions())
  app.addHook('onClose', async () => stopForgettingProofs())
  // The console's counters: stored every AGE_STATS_FLUSH_SECONDS and once more on close (before the pool closes).
  const stopAgeStats = age.stats.flushEvery(
    config.age.statsFlushMs,
    () => orm.em.fork(),
    (error) => app.log.warn({ err: error }, 'age counters not stored'),
  )
  app.addHook('onClose', stopAgeStats)
  const decideAge = resolveAgeAccess ?? ((req: FastifyRequest) => age.resolver.resolve(req.ip, req.headers, req.cookies))
  app.addHook('onRequest', async (req) => {
    req.ageAccess = await decideAge(req)
  })
  registerAgeEnforcement(app, config)
  // Dynamic answers (tRPC JSON) are compressed on the fly; pages and built files arrive
  // compressed already (page-route.ts, http/built-files.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  // Counters live in PostgreSQL, so every server process behind a load balancer shares them.
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(orm) })
  const limits = new FastifyRateLimits(app, orm, config)

  const readiness = new Readiness(readinessChecks ?? [databaseCheck(orm), migrationsCheck(orm), mediaCheck(config)])
  app.decorate('readiness', readiness)
  registerHealthRoutes(app, readiness)
  if (config.devOutbox) registerDevMail(app, orm)
  registerBillingRoutes(app, config, orm)
  // Members-only media: signed URLs only (MEDIA_DIR/protected is never served statically),
  // while the session lives and its user is a member.
  registerMediaGateway(app, config, mediaAccess ?? sessionMediaAccess(app, config, orm))
  registerDownloadRoutes(app, config, orm)
  registerAgeRoutes(app, config, orm, age)
  registerAccountExport(app, orm, limits)
  // The console's resumable upload of video sources (tus; administrators only; streamed to disk).
  registerAdminUpload(app, config, orm)
  registerAdminPictures(app, config, orm)

  // Public catalog answers are cached per server and dropped on every catalog change.
  const catalogCache = new CatalogCache({ ttlMs: config.catalogCacheTtlMs, staleMs: config.catalogCacheStaleMs })
  const pageCache = new CatalogCache({ ttlMs: config.pageCacheTtlMs, staleMs: config.catalogCacheStaleMs, maxEntries: 2000 })
  const answerCache = new CatalogCache({ ttlMs: config.catalogCacheTtlMs, staleMs: config.catalogCacheStaleMs, maxEntries: 2000 })
  const changes = config.catalogCacheTtlMs > 0 ? listenForCatalogChanges(orm.config.get('clientUrl')!, [catalogCache, pageCache, answerCache], app.log) : null
  if (changes) app.addHook('onClose', () => changes.close())
  metrics?.observeCaches({ page: pageCache, catalog: catalogCache, answer: answerCache })
  app.decorate('catalogCache', catalogCache)
  app.decorate('pageCache', pageCache)
  app.decorate('answerCache', answerCache)
  app.decorate('catalogChangesReady', changes?.ready ?? Promise.resolve(false))

  // The console's live pipeline board; its followers' streams end before the server closes.
  const pipelineFeed = new PipelineFeed(orm.config.get('clientUrl')!, app.log)
  app.addHook('preClose', async () => {
    await pipelineFeed.close()
  })

  const createContext = createContextFactory({ config, orm, limits, catalogCache, age, metrics, pipelineFeed })
  const onError = ({ error, path, req }: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      req.log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed')
    } else if (error.code === 'SERVICE_UNAVAILABLE') {
      req.log.warn({ err: error.cause ?? error, procedure: path }, 'database unavailable')
    }
  }
  registerPublicAnswers(app, { cache: answerCache, router: appRouter, createContext, onError })
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext, onError },
  } satisfies FastifyTRPCPluginOptions<AppRouter>)

  await registerPublicMedia(app, config)

  // The built client from memory, precompressed at build time (http/built-files.ts).
  if (fs.existsSync(config.clientDir)) registerBuiltFiles(app, config.clientDir)
  const build = await loadClientBuild(config.clientDir, config.serverEntry)
  if (!build) app.log.warn(`${config.clientDir} or ${config.serverEntry} is missing: run "npm run build" to build the client`)
  registerSitemaps(app, { config, orm, pageCache })
  registerPageRoute(app, { config, orm, limits, catalogCache, pageCache, build, metrics, age })

  return app
}
