import type { FastifyInstance } from 'fastify'
import { isExplicitMediaPath, storedPathOfUrl } from '../../core/domain/media/tour.js'
import { translator } from '../../core/i18n.js'
import { requestLocale } from './request-locale.js'

/** The routes that hand out media files: public media, the members' gateway, downloads. */
const MEDIA_ROUTE = /^\/(media|protected|download)\//

/**
 * Explicit media only where the request may see it: a request whose AgeAccess does not allow
 * explicit media (the tour: docs/age-assurance.md, "What a tour shows") gets 403 for every media
 * file but a tour rendition, whatever the URL, its signature or the session say, before the
 * route reads anything: full posters, stills, clips, thumbnails, HLS playlists and segments,
 * downloads. One rule decides which files are explicit (`isExplicitMediaPath`, the domain's
 * `tour.ts`); an odd path counts as explicit. On S3 with MEDIA_PUBLIC_URL the tour's pages link
 * only tour renditions on the CDN; the CDN itself checks nothing (see docs/age-assurance.md).
 */
export function registerExplicitMediaGuard(app: FastifyInstance): void {
  // preHandler: after every onRequest hook, so the request's AgeAccess is known.
  app.addHook('preHandler', async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? ''
    if (!MEDIA_ROUTE.test(pathname) || req.ageAccess?.explicitAllowed) return
    const stored = pathname.startsWith('/download/') ? null : storedPathOfUrl(pathname)
    if (stored !== null && !isExplicitMediaPath(stored)) return
    const t = translator(requestLocale(req.headers))
    return reply.code(403).header('cache-control', 'no-store').send({ error: t.errors.tourRefused(), reason: 'tour' })
  })
}
