import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { attachmentHeader, REFUSAL_STATUS } from '../../core/domain/playback/downloads.js'
import { translator } from '../../core/i18n.js'
import { DownloadRefused, startDownload, type DownloadKind } from '../../core/services/catalog/downloads.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { loadCurrentUser } from '../../core/services/auth/sessions.js'
import { requestLocale } from './request-locale.js'
import { refuseCrossSite } from './same-origin.js'

const ID = /^[1-9]\d{0,9}$/
/** A video's higher rungs take minutes: when to ask again for its download. */
const PREPARING_RETRY_SECONDS = 60

/**
 * GET /download/video/{video} and /download/image-set/{image_set} (spec section 7: the browser
 * navigates there). The session is checked on the request; the file (an MP4, or the set's
 * originals as a zip streamed as it is written) is sent as an attachment once the download is
 * counted. A refusal answers JSON `{ error, reason }` (reason: notMember, noDownloads,
 * limitReached, unavailable, preparing) with 403/429/503, and no file; the page shows the toast
 * (preparing: a video whose higher rungs are still being made, with a Retry-After). A request
 * another site started (Sec-Fetch-Site cross-site or same-site) is refused with 403 and counts
 * nothing.
 */
export function registerDownloadRoutes(app: FastifyInstance, config: Config, orm: Orm): void {
  const handler = (kind: DownloadKind, param: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(req.headers)
    const t = translator(locale)
    reply.header('cache-control', 'private, no-store')
    // A download counts against the daily limit: a link on another site must not spend it.
    const fetchSite = req.headers['sec-fetch-site']
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return refuseCrossSite(req, reply, 'fetchSite')
    const raw = (req.params as Record<string, string>)[param] ?? ''
    if (!ID.test(raw) || Number(raw) > 2_147_483_647) return reply.code(404).send({ error: t.errors.notFound() })
    const em = orm.em.fork()
    const now = new Date()
    const user = await loadCurrentUser(em, req.cookies, now)
    try {
      const file = await startDownload(em, await openMediaStore(config), user, kind, Number(raw), locale, now)
      // On S3 the browser fetches the file from the bucket itself: a short-lived presigned URL
      // that answers with the attachment header (the download is counted already).
      const location = await file.location(Math.floor(now.getTime() / 1000) + config.mediaUrlTtlSeconds, now)
      if (location) return reply.redirect(location, 302)
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('accept-ranges', 'none')
        .send(await file.open())
    } catch (caught) {
      // Anything unexpected (database, file system) is the "temporary technical error".
      if (!(caught instanceof DownloadRefused)) req.log.error({ err: caught, kind, id: Number(raw) }, 'download failed')
      const error = caught instanceof DownloadRefused ? caught : new DownloadRefused('unavailable')
      if (error.reason === 'notFound') return reply.code(404).send({ error: t.errors.notFound() })
      req.log.info({ reason: error.reason, kind, id: Number(raw), userId: user?.id ?? null }, 'download refused')
      if (error.reason === 'preparing') reply.header('retry-after', String(PREPARING_RETRY_SECONDS))
      return reply.code(REFUSAL_STATUS[error.reason]).send({ error: t.playback.download[error.reason](), reason: error.reason })
    }
  }

  // GET only: a HEAD must not count a download.
  app.get('/download/video/:video', { exposeHeadRoute: false }, handler('video', 'video'))
  app.get('/download/image-set/:image_set', { exposeHeadRoute: false }, handler('imageSet', 'image_set'))
}
