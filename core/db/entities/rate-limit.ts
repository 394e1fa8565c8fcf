import { defineEntity, p } from '@mikro-orm/core'

/**
 * Counters of @fastify/rate-limit, kept in PostgreSQL so every server process behind a load
 * balancer counts the same attempts (core/services/auth/rate-limits.ts). The key is a SHA-256
 * of the action and the IP address or account, so no address is stored in clear.
 */
const RateLimitHitSchema = defineEntity({
  name: 'RateLimitHit',
  properties: {
    key: p.string().length(64).primary(),
    count: p.integer(),
    resetAt: p.datetime().index(),
  },
})
export class RateLimitHit extends RateLimitHitSchema.class {}
RateLimitHitSchema.setClass(RateLimitHit)
