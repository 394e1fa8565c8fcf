import path from 'node:path'
import send from '@fastify/send'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../core/config.js'
import { translator } from '../../core/i18n.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { mediaSignerFor } from '../../core/services/media/signer.js'
import { capMasterPlaylist, playlistSeconds, rewritePlaylist, rewriteThumbnailTrack } from '../../core/services/media/playlists.js'
import { GATEWAY_PREFIX, PROTECTED_PREFIX } from '../../core/services/media/signing.js'
import type { MediaAccessCheck } from '../../core/services/media/access.js'
import { sessionIdOf } from '../../core/services/auth/sessions.js'
import { requestLocale } from './request-locale.js'

function refuse(req: FastifyRequest, reply: FastifyReply, status: 403 | 404) {
  const t = translator(requestLocale(req.headers))
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: status === 403 ? t.errors.mediaLinkInvalid() : t.errors.notFound() })
}

/**
 * The media gateway: every members-only file under MEDIA_DIR/protected is served here, and only
 * for a valid signed URL (core/services/media/signing.ts) presented with the session it was signed for, while
 * that session still exists and its user is still a member (`access`, a per-session cache of a
 * few seconds, core/services/media/access.ts). Expired, changed or another user's URLs, and URLs of a session
 * that ended or a membership that ended, get 403; nothing under protected/ is served by path
 * alone. HLS playlists are rewritten on the way out so that every rung and segment URI in them
 * is itself a signed URL (segments valid for the video's length, so a long video plays on);
 * so are the sprite sheets a scrub-thumbnail track (WebVTT) names.
 * Files are sent with Range support and cached privately until the URL expires.
 *
 * On S3 (MEDIA_STORE=s3) the bytes do not pass through here: playlists are read from the
 * bucket and rewritten with their segments (and keys) as presigned bucket URLs that expire with
 * the playlist's own URL, while rung playlists stay gateway URLs; any other file answers with a
 * redirect to a presigned URL valid for MEDIA_URL_TTL_SECONDS at most.
 */
export function registerMediaGateway(app: FastifyInstance, config: Config, access: MediaAccessCheck): void {
  const signer = mediaSignerFor(config)
  const root = path.join(config.mediaDir, 'protected')

  app.get(`${GATEWAY_PREFIX}*`, async (req, reply) => {
    const stored = PROTECTED_PREFIX + ((req.params as { '*'?: string })['*'] ?? '')
    const now = new Date()
    const sessionId = sessionIdOf(req.cookies)
    const checked = signer.verify(stored, req.query as Record<string, unknown>, sessionId, now)
    if (!checked.ok || !(await access.allows(sessionId!, checked.userId, now))) return refuse(req, reply, 403)
    const grant = { userId: checked.userId, sessionId: sessionId!, maxResolution: checked.maxResolution }
    const relative = stored.slice(PROTECTED_PREFIX.length)

    const store = await openMediaStore(config)
    if (stored.endsWith('.m3u8')) {
      const file = await store.readText(stored)
      if (file === null) return refuse(req, reply, 404)
      const text = checked.maxResolution ? capMasterPlaylist(file, checked.maxResolution) : file
      // Children live as long as the playlist's own URL, and at least the length of its media.
      const expiresAt = Math.max(checked.expiresAt, signer.expiryFor(now, playlistSeconds(text)))
      const direct = new Map<string, string>()
      if (store.kind !== 'local') {
        const children = new Set<string>()
        rewritePlaylist(text, stored, (child) => (children.add(child), child))
        for (const child of children) {
          if (child.endsWith('.m3u8')) continue
          const url = await store.directUrl(child, expiresAt, now)
          if (url) direct.set(child, url)
        }
      }
      const body = rewritePlaylist(text, stored, (child) => direct.get(child) ?? signer.signUntil(child, grant, expiresAt))
      return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(body)
    }

    if (stored.endsWith('.vtt')) {
      // Scrub thumbnails: the sheets live as long as the track's own URL (signed for the video's length).
      const file = await store.readText(stored)
      if (file === null) return refuse(req, reply, 404)
      const body = rewriteThumbnailTrack(file, stored, (child) => signer.signUntil(child, grant, checked.expiresAt))
      return reply.header('content-type', 'text/vtt; charset=utf-8').header('cache-control', 'private, no-store').send(body)
    }

    if (store.kind !== 'local') {
      const expiresAt = Math.min(checked.expiresAt, Math.floor(now.getTime() / 1000) + config.mediaUrlTtlSeconds)
      const url = await store.directUrl(stored, expiresAt, now)
      if (!url) return refuse(req, reply, 404)
      return reply.header('cache-control', 'private, no-store').redirect(url, 302)
    }

    const result = await send(req.raw, `/${relative}`, { root, dotfiles: 'deny', index: false, cacheControl: false, acceptRanges: true })
    if (result.type !== 'file') {
      if (result.statusCode === 416) return reply.code(416).headers(result.headers).send(result.stream)
      return refuse(req, reply, 404)
    }
    const maxAge = Math.max(0, checked.expiresAt - Math.floor(now.getTime() / 1000))
    return reply.code(result.statusCode).headers(result.headers).header('cache-control', `private, max-age=${maxAge}`).send(result.stream)
  })
}
