/**
 * PUT /admin/upload?name=<file name>: the console's browser upload of one video source. The
 * body is the file itself (application/octet-stream), streamed to a temporary file in
 * INGEST_DIR/.uploads (a dot folder the drop watcher leaves alone) and never held in memory;
 * then it enters the same ingest path as the drop folder (hash, duplicate check, row, job:
 * ingestSource), with its audit entry in the same transaction. Administrators only (401/403
 * before a byte is read); the same-origin guard requires the client's CSRF header.
 */
import crypto from 'node:crypto'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import type { Orm } from '../db/orm.js'
import { formatBytes, uploadProblem, UPLOAD_VIDEO_EXTENSIONS, type UploadProblem } from '../domain/upload.js'
import { translator } from '../i18n.js'
import { writeAuditEntries } from '../services/audit.js'
import { ingestSource } from '../services/ingest.js'
import { MediaStore } from '../services/media/store.js'
import { loadCurrentUser } from '../services/sessions.js'
import { requestLocale } from './request-locale.js'

export const UPLOAD_ROUTE = '/admin/upload'
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream'

/** Counts the bytes going through and stops the stream past `max`. */
function byteLimit(max: number) {
  let bytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > max) done(new TooLarge())
      else done(null, chunk)
    },
  })
  return { counter, bytes: () => bytes }
}

class TooLarge extends Error {}

export function registerAdminUpload(app: FastifyInstance, config: Config, orm: Orm): void {
  const store = new MediaStore(config.mediaDir)
  const tmpDir = path.join(config.ingestDir, '.uploads')

  app.register(async (scope) => {
    // The body stays a stream: this route reads it itself (no body limit, no buffering).
    scope.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_req, payload, done) => done(null, payload))

    scope.put(UPLOAD_ROUTE, async (req: FastifyRequest, reply: FastifyReply) => {
      const t = translator(requestLocale(req.headers))
      reply.header('cache-control', 'no-store')
      type Answer = { status: number; body: Record<string, unknown> }
      const refusal = (status: number, problem: UploadProblem | 'uploadIncomplete'): Answer => ({
        status,
        body: {
          error:
            problem === 'uploadType' ? t.errors.uploadType({ extensions: UPLOAD_VIDEO_EXTENSIONS.join(' ') })
            : problem === 'uploadTooLarge' ? t.errors.uploadTooLarge({ max: formatBytes(config.uploadMaxBytes, requestLocale(req.headers)) })
            : t.errors[problem](),
          reason: problem,
        },
      })
      const send = ({ status, body }: Answer) => reply.code(status).send(body)

      const em = orm.em.fork()
      const now = new Date()
      const user = await loadCurrentUser(em, req.cookies, now)
      if (!user) return send({ status: 401, body: { error: t.errors.unauthorized() } })
      if (user.role !== 'admin') return send({ status: 403, body: { error: t.errors.forbidden() } })

      const name = String((req.query as Record<string, unknown>).name ?? '').normalize('NFC')
      const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length'])
      const problem = uploadProblem(name, declared, config.uploadMaxBytes)
      if (problem) return send(refusal(problem === 'uploadTooLarge' ? 413 : 400, problem))
      if (!(req.body && typeof (req.body as Readable).pipe === 'function')) return send(refusal(400, 'uploadEmpty'))

      await fs.mkdir(tmpDir, { recursive: true })
      const tmp = path.join(tmpDir, `${crypto.randomUUID()}${path.extname(name).toLowerCase()}`)

      const receive = async (): Promise<Answer> => {
        const limit = byteLimit(config.uploadMaxBytes)
        try {
          await pipeline(req.body as Readable, limit.counter, createWriteStream(tmp, { flags: 'wx' }))
        } catch (error) {
          if (error instanceof TooLarge) return refusal(413, 'uploadTooLarge')
          req.log.info({ err: error, name }, 'upload broke off')
          return refusal(400, 'uploadIncomplete')
        }
        if (limit.bytes() === 0) return refusal(400, 'uploadEmpty')
        if (declared !== null && limit.bytes() !== declared) return refusal(400, 'uploadIncomplete')

        const result = await em.transactional(async (tx) => {
          const ingested = await ingestSource(tx, store, { kind: 'video', source: tmp, mode: 'move', name })
          if (ingested.status === 'queued') {
            await writeAuditEntries(tx, user, 'admin.upload', [
              { targetType: 'video', targetId: ingested.id, before: null, after: { sourceName: name, bytes: limit.bytes(), mediaStatus: 'pending' } },
            ], now)
          }
          return ingested
        })
        if (result.status === 'rejected') {
          req.log.warn({ reason: result.reason, name }, 'upload rejected by the ingest')
          return { status: 400, body: { error: t.errors.invalidInput(), reason: 'rejected' } }
        }
        req.log.info({ name, bytes: limit.bytes(), result: result.status, id: result.id, userId: user.id }, 'upload ingested')
        if (result.status === 'duplicate') return { status: 200, body: { status: 'duplicate', kind: 'video', id: result.id, mediaStatus: result.mediaStatus, name } }
        return { status: 201, body: { status: 'queued', kind: 'video', id: result.id, name } }
      }

      let answer: Answer
      try {
        answer = await receive()
      } finally {
        // Gone when the ingest moved it; left over after a refusal, a duplicate or an error.
        await fs.rm(tmp, { force: true })
      }
      return send(answer)
    })
  })
}
