/**
 * The console's resumable upload of video sources: the tus protocol (1.0, creation and
 * expiration extensions) at /admin/uploads, served by @tus/server over the upload folder
 * (@tus/file-store, UPLOAD_DIR). POST creates an upload (its length, name and type checked
 * by the domain rule), HEAD tells how many bytes arrived, PATCH appends bytes; an upload
 * survives a lost connection, a reload of the page and a restart of the server, and the page
 * goes on from the offset. A finished upload is ingested by `admin.upload.ingest` (an audited
 * procedure): this route only stores bytes.
 *
 * Every request (OPTIONS, POST, HEAD, PATCH) checks the session first: visitors 401, users
 * who are not administrators 403, before a byte is stored. DELETE and GET are not served:
 * discarding an upload is the audited `admin.upload.discard`, and nothing is read back.
 * The same-origin guard requires the client's CSRF header (server/http/same-origin.ts).
 */
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Server as TusServer, Upload } from '@tus/server'
import type { Config } from '../../core/config.js'
import type { Orm } from '../../core/db/orm.js'
import type { Locale } from '../../core/domain/locale.js'
import { formatBytes, TUS_BODY_TYPE, uploadProblem, UPLOAD_ENDPOINT, UPLOAD_VIDEO_EXTENSIONS, type UploadProblem } from '../../core/domain/media/upload.js'
import { translator } from '../../core/i18n.js'
import { loadCurrentUser, type CurrentUser } from '../../core/services/auth/sessions.js'
import { uploadFolderAt, UPLOAD_META } from '../../core/services/admin/uploads.js'
import { requestLocale } from './request-locale.js'

/** The methods this route serves, on the collection and on one upload (admin-access walks them). */
const UPLOAD_ROUTES = [
  { method: 'OPTIONS', url: UPLOAD_ENDPOINT },
  { method: 'POST', url: UPLOAD_ENDPOINT },
  { method: 'OPTIONS', url: `${UPLOAD_ENDPOINT}/:id` },
  { method: 'HEAD', url: `${UPLOAD_ENDPOINT}/:id` },
  { method: 'PATCH', url: `${UPLOAD_ENDPOINT}/:id` },
] as const

/** A refusal in the caller's language, as JSON the page can show ({ error, reason }). */
function refusal(locale: Locale, problem: UploadProblem | 'uploadLength', maxBytes: number) {
  const t = translator(locale)
  const error =
    problem === 'uploadType'
      ? t.errors.uploadType({ extensions: UPLOAD_VIDEO_EXTENSIONS.join(' ') })
      : problem === 'uploadTooLarge'
        ? t.errors.uploadTooLarge({ max: formatBytes(maxBytes, locale) })
        : problem === 'uploadLength'
          ? t.errors.invalidInput()
          : t.errors[problem]()
  return new TusRefusal(problem === 'uploadTooLarge' ? 413 : 400, JSON.stringify({ error, reason: problem }))
}

/** @tus/server answers an error thrown by a hook with its `status_code` and `body`. */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(`upload refused (${status_code})`)
  }
}

export function registerAdminUpload(app: FastifyInstance, config: Config, orm: Orm): void {
  const folder = uploadFolderAt(config.uploadDir)
  // The administrator of each request, for the upload's metadata (who sent it).
  const uploaders = new WeakMap<IncomingMessage, CurrentUser>()

  // @tus/server loads at the first upload request, not at every server start.
  let tus: Promise<TusServer> | null = null
  const tusServer = () => (tus ??= import('@tus/server').then(({ Server }) => new Server(options)))
  const options: ConstructorParameters<typeof TusServer>[0] = {
    path: UPLOAD_ENDPOINT,
    datastore: folder.store,
    relativeLocation: true,
    // Same-origin only: no CORS header for anyone.
    allowedOrigins: [],
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload: Upload) {
      const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req
      const user = node && uploaders.get(node)
      if (!user) throw new TusRefusal(401, '')
      const locale = requestLocale(Object.fromEntries(req.headers.entries()))
      const name = (upload.metadata?.[UPLOAD_META.name] ?? '').normalize('NFC')
      // The length is needed up front: the size rule is checked before a byte is stored.
      if (upload.size === undefined) throw refusal(locale, 'uploadLength', config.uploadMaxBytes)
      const problem = uploadProblem(name, upload.size, config.uploadMaxBytes)
      if (problem) throw refusal(locale, problem, config.uploadMaxBytes)
      return {
        metadata: {
          [UPLOAD_META.name]: name,
          [UPLOAD_META.type]: upload.metadata?.[UPLOAD_META.type]?.slice(0, 100) ?? '',
          [UPLOAD_META.userId]: String(user.id),
          [UPLOAD_META.userEmail]: user.email,
        },
      }
    },
  }

  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const t = translator(requestLocale(req.headers))
    reply.header('cache-control', 'no-store')
    const user = await loadCurrentUser(orm.em.fork(), req.cookies, new Date())
    if (!user) return reply.code(401).send({ error: t.errors.unauthorized() })
    if (user.role !== 'admin') return reply.code(403).send({ error: t.errors.forbidden() })
    uploaders.set(req.raw, user)
    // tus answers on the raw response; the headers every answer carries go with it.
    reply.hijack()
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value)
    try {
      await (await tusServer()).handle(req.raw, reply.raw)
    } catch (error) {
      req.log.error({ err: error }, 'upload request failed')
      if (!reply.raw.headersSent)
        reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: t.errors.generic(), requestId: req.id }))
      else reply.raw.destroy()
    }
  }

  app.register(async (scope) => {
    // The body stays a stream for tus to read (no body limit, no buffering).
    scope.addContentTypeParser(TUS_BODY_TYPE, (_req, _payload, done) => done(null))
    for (const route of UPLOAD_ROUTES) scope.route({ method: route.method, url: route.url, handler: serve })
  })
}
