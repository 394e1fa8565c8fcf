import crypto from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { AppError } from '../../core/domain/errors.js'
import type { LimitedAction, RateLimitRule, RateLimits } from '../../core/services/auth/rate-limits.js'

type StoreResult = { current: number; ttl: number }
type StoreCallback = (error: Error | null, result?: StoreResult) => void

const INCREMENT = `
  insert into rate_limit_hit (key, count, reset_at) values (?, 1, now() + ? * interval '1 millisecond')
  on conflict (key) do update set
    count = case when rate_limit_hit.reset_at <= now() then 1 else rate_limit_hit.count + 1 end,
    reset_at = case when rate_limit_hit.reset_at <= now() then excluded.reset_at else rate_limit_hit.reset_at end
  returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`

const READ = `
  select count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl
  from rate_limit_hit where key = ? and reset_at > now()`

const REFUND = `update rate_limit_hit set count = count - 1 where key = ? and count > 0 and reset_at > now()`

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (table
 * rate_limit_hit), so every server process shares them. One upsert per attempt.
 */
export function postgresRateLimitStore(orm: Orm): FastifyRateLimitStoreCtor {
  const run = (sql: string, params: unknown[], cb: StoreCallback) => {
    orm.em
      .getConnection()
      .execute<Array<{ count: number; ttl: number }>>(sql, params)
      .then(
        (rows) => {
          const row = rows[0]
          cb(null, { current: row ? Number(row.count) : 0, ttl: row ? Math.ceil(Number(row.ttl)) : 0 })
        },
        (error: Error) => cb(error),
      )
  }
  class PostgresStore implements FastifyRateLimitStore {
    incr(key: string, cb: StoreCallback, timeWindow: number) {
      run(INCREMENT, [key, timeWindow], cb)
    }
    read(key: string, cb: StoreCallback) {
      run(READ, [key], cb)
    }
    child() {
      return new PostgresStore()
    }
  }
  return PostgresStore
}

/** The request @fastify/rate-limit's limiter sees: only the key matters to our key generator. */
interface KeyedRequest {
  rateLimitKey: string
  routeOptions: { config: Record<string, never> }
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

/**
 * The product's rate limits (services/rate-limits.ts) on @fastify/rate-limit's createRateLimit,
 * with the counters in PostgreSQL.
 */
export class FastifyRateLimits implements RateLimits {
  private readonly perIp: Limiter
  private readonly perAccount: Limiter
  private readonly byRule = new Map<string, Limiter>()

  constructor(
    private readonly app: FastifyInstance,
    private readonly orm: Orm,
    { rateLimit }: Config,
  ) {
    this.perIp = app.createRateLimit({ keyGenerator, max: rateLimit.perIp, timeWindow: rateLimit.windowMs })
    this.perAccount = app.createRateLimit({ keyGenerator, max: rateLimit.perAccount, timeWindow: rateLimit.windowMs })
  }

  async hit(action: LimitedAction, ip: string, account?: string): Promise<void> {
    await this.count(this.perIp, key(action, 'ip', ip))
    if (account !== undefined) await this.count(this.perAccount, key(action, 'account', account.toLowerCase()))
  }

  // The counter is one atomic upsert: only the first `perAccount` attempts of a window get through.
  async reserve(action: LimitedAction, account: string): Promise<{ refund(): Promise<void> }> {
    const accountKey = key(action, 'account', account.toLowerCase())
    await this.count(this.perAccount, accountKey)
    return { refund: async () => void (await this.orm.em.getConnection().execute(REFUND, [accountKey])) }
  }

  async hitIp(bucket: string, ip: string, rule: RateLimitRule): Promise<void> {
    const ruleKey = `${rule.limit}/${rule.windowSeconds}`
    let limiter = this.byRule.get(ruleKey)
    if (!limiter) {
      limiter = this.app.createRateLimit({ keyGenerator, max: rule.limit, timeWindow: rule.windowSeconds * 1000 })
      this.byRule.set(ruleKey, limiter)
    }
    await this.count(limiter, key(bucket, 'ip', ip))
  }

  private async count(limiter: Limiter, rateLimitKey: string): Promise<void> {
    const result = await limiter(request(rateLimitKey))
    if (!result.isAllowed && result.isExceeded) throw tooMany(result.ttlInSeconds)
  }
}

const keyGenerator = (req: FastifyRequest) => (req as unknown as KeyedRequest).rateLimitKey

function key(action: string, scope: 'ip' | 'account', value: string): string {
  return crypto.createHash('sha256').update(`${action}:${scope}:${value}`).digest('hex')
}

function request(rateLimitKey: string): FastifyRequest {
  return { rateLimitKey, routeOptions: { config: {} } } satisfies KeyedRequest as unknown as FastifyRequest
}

function tooMany(seconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', 'tooManyRequests', { seconds: Math.max(1, seconds) })
}
