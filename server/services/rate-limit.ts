import type { EntityManager } from '@mikro-orm/postgresql'

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number
  windowSeconds: number
}

export interface RateLimitResult {
  allowed: boolean
  hits: number
  /** Seconds until the window ends (when not allowed: how long to wait). */
  retryAfterSeconds: number
}

/**
 * Counts one hit for `key` in a fixed window, atomically in PostgreSQL so every server
 * process shares the count. A new window starts once the old one has ended.
 */
export async function hitRateLimit(em: EntityManager, key: string, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000)
  const rows = await em.getConnection().execute<Array<{ hits: number; window_ends_at: Date }>>(
    `insert into rate_limit_counter (key, hits, window_ends_at) values (?, 1, ?)
     on conflict (key) do update set
       hits = case when rate_limit_counter.window_ends_at <= ? then 1 else rate_limit_counter.hits + 1 end,
       window_ends_at = case when rate_limit_counter.window_ends_at <= ? then excluded.window_ends_at else rate_limit_counter.window_ends_at end
     returning hits, window_ends_at`,
    [key.slice(0, 200), windowEnd, now, now],
    'all',
    em.getTransactionContext(),
  )
  const row = rows[0]!
  const endsAt = new Date(row.window_ends_at)
  return {
    allowed: row.hits <= rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  }
}

/** Removes counters whose window has ended; returns how many. */
export async function purgeExpiredRateLimits(em: EntityManager, now: Date): Promise<number> {
  const result = await em.getConnection().execute(`delete from rate_limit_counter where window_ends_at <= ?`, [now], 'run')
  return (result as { affectedRows?: number }).affectedRows ?? 0
}
