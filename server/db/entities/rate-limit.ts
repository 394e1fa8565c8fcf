import { defineEntity, p } from '@mikro-orm/core'

/**
 * Fixed-window counters for rate limits, shared by every server process (a limit must
 * hold behind a load balancer too). Expired rows are purged by the worker's cron.
 */
export const RateLimitCounterSchema = defineEntity({
  name: 'RateLimitCounter',
  properties: {
    /** Bucket and caller, e.g. "contact:203.0.113.7". */
    key: p.string().length(200).primary(),
    hits: p.integer(),
    windowEndsAt: p.datetime().index(),
  },
})
export class RateLimitCounter extends RateLimitCounterSchema.class {}
RateLimitCounterSchema.setClass(RateLimitCounter)
