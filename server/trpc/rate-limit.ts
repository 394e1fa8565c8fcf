import type { RateLimitRule } from '../../core/services/auth/rate-limits.js'
import { AppError } from '../../core/domain/errors.js'
import { middleware } from './trpc.js'

/**
 * Limits a procedure per client IP (behind a proxy with TRUST_PROXY, the forwarded one).
 * Place it after `.input()` so only well-formed submissions count; a caller over the
 * limit gets the translated "too many attempts, wait N seconds" message.
 */
export function rateLimited(bucket: string, rule: RateLimitRule) {
  return middleware(async ({ ctx, next }) => {
    try {
      await ctx.limits.hitIp(bucket, ctx.req.ip, rule)
    } catch (error) {
      if (error instanceof AppError && error.params?.seconds) void ctx.res.header('retry-after', String(error.params.seconds as number))
      throw error
    }
    return next()
  })
}
