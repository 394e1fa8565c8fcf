import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { CatalogCache } from '../../core/services/catalog/cache.js'

const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** A histogram of durations in seconds (2 ms to 10 s), in the server's registry. */
const durations = <Label extends string>(register: Registry, metric: { name: string; help: string; labelNames: Label[] }) =>
  new Histogram<Label>({ ...metric, buckets: SECONDS, registers: [register] })

/**
 * The server's own metrics:
 * - streamclub_http_request_duration_seconds{method,route,status_code}: every HTTP request,
 *   by route template ('/trpc/:path', '/protected/*', ...; 'unmatched' for 404s), so the
 *   label set stays small;
 * - streamclub_trpc_procedure_duration_seconds{procedure,type,code}: every tRPC call (a
 *   batched request holds several), code 'OK' or the tRPC error code;
 * - streamclub_db_pool_connections{state}: the PostgreSQL pool, in_use / idle / waiting
 *   (callers queued for a connection) and max;
 * - streamclub_cache_lookups_total{cache,result}: lookups of the page cache
 *   (rendered pages), the answer cache (catalog answers to visitors without a session, http/public-answers.ts) and
 *   the catalog cache (what the procedures read): hit, stale (served while it is loaded again) or miss.
 */
export class ServerMetrics {
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>
  private readonly procedures: Histogram<'procedure' | 'type' | 'code'>
  private readonly caches = new Map<string, CatalogCache>()

  constructor(register: Registry, pool: () => Promise<pg.Pool>, poolMax: number) {
    const caches = this.caches
    new Counter({
      name: 'streamclub_cache_lookups_total',
      help: 'Lookups of the page cache and the catalog cache of this server, by result (hit, stale, miss)',
      labelNames: ['cache', 'result'],
      registers: [register],
      // The caches count for themselves; a scrape copies their totals.
      collect() {
        this.reset()
        for (const [name, cache] of caches) {
          this.inc({ cache: name, result: 'hit' }, cache.stats.hits)
          this.inc({ cache: name, result: 'stale' }, cache.stats.stale)
          this.inc({ cache: name, result: 'miss' }, cache.stats.misses)
        }
      },
    })
    this.requests = durations(register, {
      name: 'streamclub_http_request_duration_seconds',
      help: 'HTTP requests by route template and status',
      labelNames: ['method', 'route', 'status_code'],
    })
    this.procedures = durations(register, {
      name: 'streamclub_trpc_procedure_duration_seconds',
      help: 'tRPC procedure calls by procedure and outcome (OK or the tRPC error code)',
      labelNames: ['procedure', 'type', 'code'],
    })
    new Gauge({
      name: 'streamclub_db_pool_connections',
      help: 'PostgreSQL pool of this server: connections in_use and idle, callers waiting, max size',
      labelNames: ['state'],
      registers: [register],
      async collect() {
        const p = await pool()
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount)
        this.set({ state: 'idle' }, p.idleCount)
        this.set({ state: 'waiting' }, p.waitingCount)
        this.set({ state: 'max' }, poolMax)
      },
    })
  }

  /** Times every request Fastify answers. */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      this.requests.observe({ method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: reply.statusCode }, reply.elapsedTime / 1000)
      done()
    })
  }

  /** Reports the lookups of these caches (their own counters, read at each scrape). */
  observeCaches(caches: Record<string, CatalogCache>): void {
    for (const [name, cache] of Object.entries(caches)) this.caches.set(name, cache)
  }

  observeProcedure(procedure: string, type: string, code: string, seconds: number): void {
    this.procedures.observe({ procedure, type, code }, seconds)
  }
}
