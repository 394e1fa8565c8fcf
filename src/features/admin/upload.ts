import * as tus from 'tus-js-client'
import { getActiveLocale } from '../../lib/locale'

export interface UploadSettings {
  endpoint: string
  chunkBytes: number
}

export interface UploadEvents {
  /** Bytes the server has (or is being sent) of the whole file. */
  onProgress(sent: number, total: number): void
  /** The browser remembered an earlier upload of this file: it goes on from the server's offset. */
  onResume(): void
  /** Every byte arrived; `id` is the upload's id on the server (for admin.upload.ingest). */
  onComplete(id: string): void
  /** The upload stopped after its retries: the server's words when it gave some, else null. */
  onError(message: string | null): void
}

/** Retries after a lost connection or a restarting server before the upload reports an error. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000]

/**
 * One file sent to the console's tus endpoint (server/http/admin-upload.ts) with tus-js-client:
 * in parts of `chunkBytes`, retried after a lost connection, paused and resumed from the
 * server's offset. The browser remembers each upload's address by the file's fingerprint
 * (name, type, size, date), so the same file dropped again after a reload (or a restart of the
 * server) goes on where it stopped. The client's CSRF header goes with every request.
 */
export class ResumableUpload {
  private readonly upload: tus.Upload

  constructor(
    readonly file: File,
    settings: UploadSettings,
    private readonly events: UploadEvents,
  ) {
    this.upload = new tus.Upload(file, {
      endpoint: settings.endpoint,
      chunkSize: settings.chunkBytes,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      headers: { 'x-streamclub-csrf': '1', 'x-locale': getActiveLocale() },
      storeFingerprintForResuming: true,
      // Kept until the ingest took the upload (forget()): a page closed in between finds it again.
      removeFingerprintOnSuccess: false,
      onProgress: (sent, total) => events.onProgress(sent, total),
      onSuccess: () => events.onComplete(this.id!),
      onError: (error) => events.onError(serverMessage(error)),
      // Refusals (wrong type, too large, not allowed) are final; lost connections and 5xx are retried.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0
        return status === 0 || status === 423 || status >= 500
      },
    })
  }

  /** The upload's id on the server, once it was created. */
  get id(): string | null {
    return this.upload.url?.split('/').at(-1) ?? null
  }

  /** Starts, going on from an earlier upload of the same file when the browser remembers one. */
  async start(): Promise<void> {
    const [previous] = await this.upload.findPreviousUploads()
    if (previous) {
      this.upload.resumeFromPreviousUpload(previous)
      this.events.onResume()
    }
    this.upload.start()
  }

  /** Stops sending; the server keeps what arrived. */
  pause(): Promise<void> {
    return this.upload.abort()
  }

  /** Goes on from the server's offset. */
  resume(): void {
    this.upload.start()
  }

  /** Forgets the remembered address (the upload was ingested or discarded). */
  async forget(): Promise<void> {
    const storage = this.upload.options.urlStorage
    for (const previous of await this.upload.findPreviousUploads()) await storage?.removeUpload(previous.urlStorageKey)
  }
}

/** The translated refusal the server sent ({ error }), if any. */
function serverMessage(error: Error): string | null {
  const body = (error as tus.DetailedError).originalResponse?.getBody()
  if (!body) return null
  try {
    const parsed = JSON.parse(body) as { error?: unknown }
    return typeof parsed.error === 'string' ? parsed.error : null
  } catch {
    return null
  }
}
