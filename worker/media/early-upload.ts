import fs from 'node:fs/promises'
import path from 'node:path'
import type { MediaStore, WorkDir } from '../../core/services/media/store.js'

/** How often a running encode's folders are read for newly closed segments. */
export const POLL_MS = 500

/**
 * Hands a job's finished files to the store while the job goes on, so that publishing has
 * little left to copy (S3 uploads them under the attempt's prefix; on disk it is nothing).
 * Without a store (the benches' scratch runs) it does nothing.
 */
export class EarlyUpload {
  constructor(
    readonly store: MediaStore | undefined,
    readonly work: WorkDir,
  ) {}

  /** Files that are complete and will not change again. */
  files(files: Iterable<string>): void {
    for (const file of files) this.store?.stageEarly(this.work, file)
  }

  /** Every file under a finished folder. */
  async folder(dir: string): Promise<void> {
    if (!this.store) return
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
    this.files(entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)))
  }

  /**
   * Follows an encoder writing HLS media playlists: ffmpeg writes a VOD playlist only at the
   * end, but it closes each segment before it opens the next, so every segment but the newest
   * one of a folder is complete and is handed on at once. `stop()` after the encoder exits hands
   * on the rest and, when the encode succeeded, the playlists themselves. `settled()` resolves
   * once the reads begun so far are over (what a reader waits for instead of a while).
   */
  segments(playlists: string[]): { stop(finished: boolean): Promise<void>; settled(): Promise<void> } {
    if (!this.store) return { stop: async () => undefined, settled: async () => undefined }
    const handed = new Set<string>()
    const pass = async (all: boolean) => {
      for (const playlist of playlists) {
        const dir = path.dirname(playlist)
        const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.ts')).sort()
        for (const name of all ? names : names.slice(0, -1)) {
          const segment = path.join(dir, name)
          if (handed.has(segment)) continue
          handed.add(segment)
          this.files([segment])
        }
      }
    }
    let running = Promise.resolve()
    const timer = setInterval(() => {
      running = running.then(() => pass(false))
    }, POLL_MS)
    return {
      settled: () => running,
      stop: async (finished) => {
        clearInterval(timer)
        await running
        if (!finished) return
        await pass(true)
        this.files(playlists)
      },
    }
  }
}
