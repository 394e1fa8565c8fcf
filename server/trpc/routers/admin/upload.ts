import { z } from 'zod'
import { UPLOAD_CHUNK_BYTES, UPLOAD_ENDPOINT, UPLOAD_ID, UPLOAD_VIDEO_EXTENSIONS } from '../../../../core/domain/media/upload.js'
import { AppError } from '../../../../core/domain/errors.js'
import { text } from '../../../../core/domain/schemas/text.js'
import { openMediaStore } from '../../../../core/services/media/open-store.js'
import { uploadFolderAt } from '../../../../core/services/admin/uploads.js'
import { adminProcedure, auditedProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

const uploadRef = z.object({ id: text().regex(UPLOAD_ID) })

/**
 * The resumable uploads (the bytes arrive over tus: server/http/admin-upload.ts): what the
 * page checks before sending, the unfinished uploads on the server, and the two changes, both
 * audited: ingest a finished upload (the drop folder's ingest), discard one.
 */
export const adminUploadRouter = router({
  settings: adminProcedure.query(({ ctx }) => ({
    endpoint: UPLOAD_ENDPOINT,
    chunkBytes: UPLOAD_CHUNK_BYTES,
    maxBytes: ctx.config.uploadMaxBytes,
    extensions: [...UPLOAD_VIDEO_EXTENSIONS],
    expiryHours: ctx.config.uploadExpiryMs / 3_600_000,
  })),

  /** Uploads on the server that were not ingested yet (unfinished, or finished and left by their page). */
  unfinished: adminProcedure.query(async ({ ctx }) => {
    const uploads = await uploadFolderAt(ctx.config.uploadDir).list()
    const expiry = ctx.config.uploadExpiryMs
    return uploads.map((upload) => ({ ...upload, expiresAt: new Date(new Date(upload.lastActivityAt).getTime() + expiry).toISOString() }))
  }),

  ingest: auditedProcedure.input(uploadRef).mutation(async ({ ctx, input }) => {
    // Into the configured media store (on S3 the source is uploaded there), as a drop would be.
    const { upload, result } = await uploadFolderAt(ctx.config.uploadDir).ingest(ctx.em, await openMediaStore(ctx.config), input.id)
    const before = { name: upload.name, bytes: upload.size, uploadedBy: upload.uploadedBy?.email ?? null }
    if (result.status === 'queued') {
      ctx.audit({
        targetType: 'video',
        targetId: result.id,
        before: null,
        after: { sourceName: upload.name, bytes: upload.size, mediaStatus: 'pending', upload: input.id },
      })
      return { status: 'queued' as const, id: result.id, name: upload.name }
    }
    // The same bytes as an earlier item: the upload is gone, nothing new is queued.
    ctx.audit({ targetType: 'upload', targetId: input.id, before, after: { duplicateOf: result.id } })
    return { status: 'duplicate' as const, id: result.id, mediaStatus: result.mediaStatus, name: upload.name }
  }),

  discard: auditedProcedure.input(uploadRef).mutation(async ({ ctx, input }) => {
    const folder = uploadFolderAt(ctx.config.uploadDir)
    const upload = await folder.get(input.id)
    if (!upload) throw new AppError('NOT_FOUND', 'uploadGone')
    await folder.remove(input.id)
    ctx.audit({ targetType: 'upload', targetId: input.id, before: { name: upload.name, bytes: upload.size, received: upload.offset }, after: null })
    return { name: upload.name }
  }),
})
