import { hitRateLimit, type RateLimitRule } from '../services/rate-limit.js'
import { AppError } from './errors.js'
import { middleware } from './trpc.js'

/**
 * Limits a procedure per client IP (behind a proxy with TRUST_PROXY, the forwarded one).
 * Place it after `.input()` so only well-formed submissions count; a caller over the
 * limit gets the translated "too many attempts, wait N seconds" message.
 */
export function rateLimited(bucket: string, rule: RateLimitRule) {
  return middleware(async ({ ctx, next }) => {
    const result = await hitRateLimit(ctx.em, `${bucket}:${ctx.req.ip}`, rule, ctx.now)
    if (!result.allowed) {
      void ctx.res.header('retry-after', String(result.retryAfterSeconds))
      throw new AppError('TOO_MANY_REQUESTS', 'tooManyRequests', { seconds: result.retryAfterSeconds })
    }
    return next()
  })
}
