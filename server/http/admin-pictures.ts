/**
 * PUT /admin/pictures?use=<model|categoryLogo|categoryPreview|banner>: a picture for one of the
 * console's editors. The body is the file (application/octet-stream, as the video upload; at
 * most PICTURE_MAX_BYTES): its type is read from its bytes (JPEG, PNG, WebP), whatever it claims. Administrators only (401/403 before a byte is read); the
 * same-origin guard requires the client's CSRF header. The picture is checked and rendered in
 * the sizes the site uses (services/catalog-admin/pictures.ts); the answer's `key` is what the
 * editor's audited save then stores. Nothing else changes here.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import { AppError } from '../../core/domain/errors.js'
import { PICTURE_BODY_TYPE, PICTURE_ENDPOINT, PICTURE_MAX_BYTES, PICTURE_USE_NAMES, pictureProblem, type PictureUse } from '../../core/domain/media/pictures.js'
import { formatBytes } from '../../core/domain/media/upload.js'
import { errorText } from '../../core/i18n.js'
import { storeUploadedPicture } from '../../core/services/admin/catalog/pictures.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { loadCurrentUser } from '../../core/services/auth/sessions.js'
import { requestLocale } from './request-locale.js'

/** The whole body, or null once it passes `max` bytes (the rest is not read). */
async function readAtMost(body: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let bytes = 0
  for await (const chunk of body) {
    bytes += (chunk as Buffer).length
    if (bytes > max) {
      body.destroy()
      return null
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export function registerAdminPictures(app: FastifyInstance, config: Config, orm: Orm): void {
  app.register(async (scope) => {
    // The body stays a stream until the caller is known to be an administrator.
    scope.addContentTypeParser(PICTURE_BODY_TYPE, (_req, payload, done) => done(null, payload))

    scope.put(PICTURE_ENDPOINT, async (req: FastifyRequest, reply: FastifyReply) => {
      const locale = requestLocale(req.headers)
      reply.header('cache-control', 'no-store')
      const refuse = (status: number, key: Parameters<typeof errorText>[1], params?: Record<string, unknown>) =>
        reply.code(status).send({ error: errorText(locale, key, params), reason: key })

      const user = await loadCurrentUser(orm.em.fork(), req.cookies, new Date())
      if (!user) return refuse(401, 'unauthorized')
      if (user.role !== 'admin') return refuse(403, 'forbidden')

      const requested = (req.query as Record<string, unknown>).use
      const use = typeof requested === 'string' ? requested : ''
      if (!(PICTURE_USE_NAMES as string[]).includes(use)) return refuse(400, 'invalidInput')
      const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length'])
      const problem = pictureProblem(null, declared)
      const tooLarge = { max: formatBytes(PICTURE_MAX_BYTES, locale) }
      if (problem) return refuse(problem === 'pictureTooLarge' ? 413 : 400, problem, problem === 'pictureTooLarge' ? tooLarge : undefined)
      if (!(req.body && typeof (req.body as Readable).pipe === 'function')) return refuse(400, 'pictureEmpty')

      const bytes = await readAtMost(req.body as Readable, PICTURE_MAX_BYTES)
      if (!bytes) return refuse(413, 'pictureTooLarge', tooLarge)
      if (bytes.length === 0) return refuse(400, 'pictureEmpty')

      const tmp = path.join(os.tmpdir(), `picture-${crypto.randomUUID()}`)
      try {
        await fs.writeFile(tmp, bytes, { flag: 'wx' })
        const stored = await storeUploadedPicture(await openMediaStore(config), tmp, use as PictureUse)
        req.log.info({ use, bytes: bytes.length, key: stored.key, userId: user.id }, 'picture uploaded')
        return reply.code(201).send(stored)
      } catch (error) {
        if (error instanceof AppError) return refuse(400, error.key, error.params)
        throw error
      } finally {
        await fs.rm(tmp, { force: true })
      }
    })
  })
}
