/**
 * The console's resumable uploads (tus) on disk: UPLOAD_DIR holds each upload as `<id>`
 * (the bytes received so far) beside `<id>.json` (its length, name and uploader), written by
 * @tus/file-store. This module reads that folder for the console (unfinished uploads),
 * hands a complete upload to the ingest (the same `ingestSource` as the drop folder), and
 * removes uploads that were discarded or abandoned.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import type { EntityManager } from '@mikro-orm/postgresql'
import { AppError } from '../../domain/errors.js'
import { isAbandonedUpload, uploadProblem, UPLOAD_ID } from '../../domain/media/upload.js'
import { ingestSource, type IngestResult } from '../media/ingest.js'
import type { MediaStore } from '../media/store.js'

/** The metadata keys an upload carries: the page's file name and type, the server's uploader. */
export const UPLOAD_META = { name: 'filename', type: 'filetype', userId: 'uploadedBy', userEmail: 'uploadedByEmail' } as const

export interface UploadInfo {
  id: string
  name: string
  /** Length declared at creation, and bytes received so far. */
  size: number
  offset: number
  createdAt: string
  /** When the last byte arrived (or the upload was created). */
  lastActivityAt: string
  uploadedBy: { id: number; email: string } | null
}

export class UploadFolder {
  /** The tus data store over the folder (the HTTP route serves it). */
  readonly store: FileStore
  /** Uploads being ingested by this process (a second call waits for nothing: it is refused). */
  private readonly ingesting = new Set<string>()

  constructor(readonly dir: string) {
    this.store = new FileStore({ directory: dir })
  }

  dataFile(id: string): string {
    return path.join(this.dir, id)
  }

  /** One upload, or null when it is not there (never was, ingested, discarded, removed). */
  async get(id: string): Promise<UploadInfo | null> {
    if (!UPLOAD_ID.test(id)) return null
    const upload = await this.store.getUpload(id).catch(() => null)
    const stat = upload && (await fs.stat(this.dataFile(id)).catch(() => null))
    if (!upload || !stat || upload.size === undefined) return null
    const meta = upload.metadata ?? {}
    const userId = Number(meta[UPLOAD_META.userId])
    return {
      id,
      name: meta[UPLOAD_META.name] ?? id,
      size: upload.size,
      offset: upload.offset,
      createdAt: new Date(upload.creation_date ?? stat.birthtime).toISOString(),
      lastActivityAt: stat.mtime.toISOString(),
      uploadedBy: Number.isInteger(userId) && userId > 0 ? { id: userId, email: meta[UPLOAD_META.userEmail] ?? '' } : null,
    }
  }

  /** Every upload in the folder, the most recently active first. */
  async list(): Promise<UploadInfo[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[])
    const uploads = await Promise.all(names.filter((name) => UPLOAD_ID.test(name)).map((id) => this.get(id)))
    return uploads.filter((u): u is UploadInfo => u !== null).sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt))
  }

  /** Removes an upload's bytes and its info file (either may be gone already). */
  async remove(id: string): Promise<void> {
    if (!UPLOAD_ID.test(id)) return
    await fs.rm(this.dataFile(id), { force: true })
    await fs.rm(`${this.dataFile(id)}.json`, { force: true })
  }

  /**
   * Removes every upload that received nothing for `expiryMs`, finished or not (a finished one
   * that was never ingested was left by its page), and stray files of the folder's own naming
   * that lost their partner. Returns the removed ids.
   */
  async removeAbandoned(now: Date, expiryMs: number): Promise<string[]> {
    const entries = await fs.readdir(this.dir).catch(() => [] as string[])
    const ids = new Set(entries.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)))
    const removed: string[] = []
    for (const id of ids) {
      const times = await Promise.all(
        [this.dataFile(id), `${this.dataFile(id)}.json`].map((file) =>
          fs.stat(file).then(
            (s) => s.mtime,
            () => null,
          ),
        ),
      )
      const last = Math.max(...times.map((t) => t?.getTime() ?? 0))
      if (isAbandonedUpload(new Date(last), now, expiryMs)) {
        await this.remove(id)
        removed.push(id)
      }
    }
    return removed
  }

  /**
   * Hands a complete upload to the ingest (hash, duplicate check, row, job) exactly as a drop:
   * the bytes move into the media store, and the upload is gone from the folder. A duplicate
   * (the same bytes as an earlier item) removes the upload and queues nothing.
   */
  async ingest(em: EntityManager, store: MediaStore, id: string): Promise<{ upload: UploadInfo; result: Exclude<IngestResult, { status: 'rejected' }> }> {
    const upload = await this.get(id)
    if (!upload) throw new AppError('NOT_FOUND', 'uploadGone')
    if (upload.offset < upload.size) throw new AppError('CONFLICT', 'uploadIncomplete')
    // The name was checked when the upload was created; it names the stored source, so once more.
    if (uploadProblem(upload.name, null, Number.POSITIVE_INFINITY)) throw new AppError('BAD_REQUEST', 'uploadName')
    if (this.ingesting.has(id)) throw new AppError('CONFLICT', 'uploadBusy')
    this.ingesting.add(id)
    try {
      const result = await ingestSource(em, store, { kind: 'video', source: this.dataFile(id), mode: 'move', name: upload.name })
      if (result.status === 'rejected') throw new Error(`ingest refused upload ${id}: ${result.reason}`)
      await this.remove(id)
      return { upload, result }
    } finally {
      this.ingesting.delete(id)
    }
  }
}

const folders = new Map<string, UploadFolder>()

/** The one UploadFolder of a directory in this process (the route and the procedures share it). */
export function uploadFolderAt(dir: string): UploadFolder {
  let folder = folders.get(dir)
  if (!folder) folders.set(dir, (folder = new UploadFolder(dir)))
  return folder
}
