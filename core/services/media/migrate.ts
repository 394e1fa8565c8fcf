import fs from 'node:fs/promises'
import path from 'node:path'
import { eachLimited, type S3MediaStore } from './store-s3.js'

export interface MigrationReport {
  files: number
  bytes: number
  /** Copied in this run. */
  uploaded: number
  uploadedBytes: number
  /** Already in the bucket with the same size (an earlier, interrupted run). */
  skipped: number
  /** Stored paths whose size in the bucket still differs after copying (should be none). */
  mismatched: string[]
}

/** The media trees a local store holds (the worker's scratch space `.work` is not media). */
const TREES = ['sources', 'public', 'protected'] as const

/**
 * Copies a local media store (MEDIA_DIR) into the bucket under the same stored paths, so the
 * rows stay valid. Resumable: a file already in the bucket with the same size is not sent
 * again. Afterwards every file's size in the bucket is checked. The local files stay.
 */
export async function migrateToS3(mediaDir: string, store: S3MediaStore, log: (line: string) => void = () => undefined): Promise<MigrationReport> {
  const files: Array<{ stored: string; file: string; size: number }> = []
  for (const tree of TREES) {
    const root = path.join(mediaDir, tree)
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue
      const file = path.join(entry.parentPath, entry.name)
      const stored = path.relative(mediaDir, file).split(path.sep).join('/')
      files.push({ stored, file, size: (await fs.stat(file)).size })
    }
  }
  const before = await store.listSizes('')
  const missing = files.filter((file) => before.get(file.stored) !== file.size)
  const report: MigrationReport = {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    uploaded: 0,
    uploadedBytes: 0,
    skipped: files.length - missing.length,
    mismatched: [],
  }
  log(`${files.length} files (${(report.bytes / 1e6).toFixed(1)} MB) under ${mediaDir}; ${report.skipped} already in the bucket, ${missing.length} to copy`)
  let lastLog = Date.now()
  await eachLimited(missing, 8, async ({ stored, file, size }) => {
    await store.putFile(stored, file, stored.startsWith('public/') ? 'public, max-age=604800' : undefined)
    report.uploaded++
    report.uploadedBytes += size
    if (Date.now() - lastLog > 2000) {
      lastLog = Date.now()
      log(`copied ${report.uploaded} of ${missing.length} (${(report.uploadedBytes / 1e6).toFixed(1)} MB)`)
    }
  })
  const after = await store.listSizes('')
  report.mismatched = files.filter((file) => after.get(file.stored) !== file.size).map((file) => file.stored)
  return report
}
