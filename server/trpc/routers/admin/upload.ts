import { UPLOAD_VIDEO_EXTENSIONS } from '../../../domain/upload.js'
import { adminProcedure } from '../../admin.js'
import { router } from '../../trpc.js'

/** What the upload page checks before sending (the server checks it again: http/admin-upload.ts). */
export const adminUploadRouter = router({
  settings: adminProcedure.query(({ ctx }) => ({ maxBytes: ctx.config.uploadMaxBytes, extensions: [...UPLOAD_VIDEO_EXTENSIONS] })),
})
