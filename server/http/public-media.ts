import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../core/config.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { PUBLIC_MEDIA_PREFIX, usePublicMediaBase } from '../../core/services/media/public-urls.js'
import type { S3MediaStore } from '../../core/services/media/store-s3.js'

const MAX_AGE_SECONDS = 7 * 86_400
/** A public stored path below /media/: plain names, no `..`. */
const PUBLIC_PATH = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_][A-Za-z0-9._-]{0,127}){1,6}$/

/**
 * Public media (posters, still thumbnails, hover clips, image thumbnails) at /media/:
 * - local store: the files under MEDIA_DIR/public, cacheable for a week;
 * - S3 with MEDIA_PUBLIC_URL (a CDN in front of the bucket): pages link the CDN directly, and
 *   /media/… answers with a permanent redirect there (for pages cached before the switch);
 * - S3 without it: read from the bucket and passed on (Range included), cacheable for a week.
 */
export async function registerPublicMedia(app: FastifyInstance, config: Config): Promise<void> {
  const settings = config.mediaStore
  usePublicMediaBase(settings.kind === 's3' ? settings.publicUrl : null)
  if (settings.kind === 'local') {
    const root = path.join(config.mediaDir, 'public')
    fs.mkdirSync(root, { recursive: true })
    await app.register(fastifyStatic, { root, prefix: PUBLIC_MEDIA_PREFIX, decorateReply: false, index: false, maxAge: '7d' })
    return
  }
  const store = (await openMediaStore(config)) as S3MediaStore
  // The bucket must be private: members-only files would otherwise be one guessed key away.
  app.addHook('onReady', async () => {
    void store.answersAnonymousReads().then(
      (open) => {
        if (open)
          app.log.warn({ bucket: settings.bucket }, 'the media bucket answers anonymous reads: make it private (see docs/object-storage.md, "Bucket set-up")')
      },
      (error: unknown) => app.log.warn({ err: error, bucket: settings.bucket }, 'could not check whether the media bucket is private'),
    )
  })
  app.get(`${PUBLIC_MEDIA_PREFIX}*`, async (req, reply) => {
    const relative = (req.params as { '*'?: string })['*'] ?? ''
    if (!PUBLIC_PATH.test(relative) || relative.split('/').includes('..')) return reply.code(404).send({ error: 'not found' })
    const stored = `public/${relative}`
    if (settings.publicUrl) return reply.redirect(`${settings.publicUrl}/${stored}`, 301)
    const range = typeof req.headers.range === 'string' && /^bytes=\d*-\d*$/.test(req.headers.range) ? req.headers.range : undefined
    const object = await store.getObject(stored, range).catch((error: unknown) => {
      // An unsatisfiable range is the client's mistake, not a missing file.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return 'range' as const
      throw error
    })
    if (object === 'range') return reply.code(416).send()
    if (!object) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not found' })
    reply
      .code(object.ContentRange ? 206 : 200)
      .header('content-type', object.ContentType ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
    if (object.ContentLength !== undefined) reply.header('content-length', String(object.ContentLength))
    if (object.ContentRange) reply.header('content-range', object.ContentRange)
    if (object.ETag) reply.header('etag', object.ETag)
    if (object.LastModified) reply.header('last-modified', object.LastModified.toUTCString())
    return reply.send(object.Body)
  })
}
