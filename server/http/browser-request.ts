import type { FastifyReply, FastifyRequest } from 'fastify'
import type { BrowserRequest } from '../../core/services/auth/sessions.js'

/** The browser's request and the answer to it, as the session use cases see them. */
export function browserRequest(req: FastifyRequest, reply: FastifyReply): BrowserRequest {
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    secure: req.protocol === 'https',
    country: req.ageAccess?.jurisdiction.country ?? null,
    cookies: req.cookies,
    setCookie: (name, value, options) => void reply.setCookie(name, value, options),
    clearCookie: (name, options) => void reply.clearCookie(name, options),
  }
}
