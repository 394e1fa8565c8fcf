import { getActiveLocale } from '../../lib/locale'

/** The server's answer to one upload (server/http/admin-upload.ts). */
export type UploadAnswer =
  | { status: 'queued'; kind: 'video'; id: number; name: string }
  | { status: 'duplicate'; kind: 'video'; id: number; mediaStatus: string; name: string }
  | { error: string; reason?: string }

/**
 * Sends one file to PUT /admin/upload as the request body (the browser streams it from disk),
 * reporting the share sent. XMLHttpRequest, because fetch reports no upload progress. The
 * client's CSRF header goes with it, as with every tRPC call (src/lib/trpc.ts).
 */
export function uploadFile(file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<{ status: number; answer: UploadAnswer | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', `/admin/upload?name=${encodeURIComponent(file.name)}`)
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.setRequestHeader('x-streamclub-csrf', '1')
    xhr.setRequestHeader('x-locale', getActiveLocale())
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    xhr.onload = () => {
      let answer: UploadAnswer | null = null
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer
      } catch {
        answer = null
      }
      resolve({ status: xhr.status, answer })
    }
    xhr.onerror = () => reject(new Error('upload failed'))
    xhr.onabort = () => reject(new Error('upload aborted'))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(file)
  })
}
