import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * The media store under MEDIA_DIR:
 * - `sources/<mediaKey>/`   the source as ingested (kept for re-processing; never served)
 * - `public/<mediaKey>/`    posters, still thumbnails, hover clips, image thumbnails (served at /media/)
 * - `protected/<mediaKey>/` HLS ladder, download MP4, full-size stills, image originals (members only)
 * - `.work/<mediaKey>.<n>/` a job's scratch space: `public/` and `protected/` are built here and
 *   moved into place only when complete, so nothing half-made is ever published.
 * Stored paths are relative to MEDIA_DIR and use '/'.
 */
export class MediaStore {
  constructor(readonly mediaDir: string) {}

  sourceDir(mediaKey: string): string {
    return path.join(this.mediaDir, 'sources', checkKey(mediaKey))
  }

  /** A fresh scratch folder for one attempt, after removing every earlier attempt's. */
  async freshWorkDir(mediaKey: string): Promise<WorkDir> {
    await this.clearWork(mediaKey)
    const dir = path.join(this.mediaDir, '.work', `${checkKey(mediaKey)}.${crypto.randomBytes(4).toString('hex')}`)
    await fs.mkdir(dir, { recursive: true })
    return new WorkDir(dir, mediaKey)
  }

  async clearWork(mediaKey: string): Promise<void> {
    const root = path.join(this.mediaDir, '.work')
    const entries = await fs.readdir(root).catch(() => [] as string[])
    await Promise.all(
      entries.filter((name) => name.startsWith(`${checkKey(mediaKey)}.`)).map((name) => fs.rm(path.join(root, name), { recursive: true, force: true })),
    )
  }

  /**
   * Moves a finished work folder's trees into place (replacing anything an earlier,
   * interrupted publish left), then removes the work folder.
   */
  async publish(work: WorkDir): Promise<void> {
    for (const tree of TREES) {
      const from = path.join(work.dir, tree)
      if (!(await exists(from))) continue
      const to = path.join(this.mediaDir, tree, work.mediaKey)
      await fs.mkdir(path.dirname(to), { recursive: true })
      await fs.rm(to, { recursive: true, force: true })
      await fs.rename(from, to)
    }
    await fs.rm(work.dir, { recursive: true, force: true })
  }

  /**
   * Moves one finished folder of a work folder into an item that is already published (a
   * backfill adding an output), replacing an earlier copy of that folder only; then removes
   * the work folder.
   */
  async publishFolder(work: WorkDir, tree: MediaTree, folder: string): Promise<void> {
    const from = path.join(work.dir, tree, folder)
    const to = path.join(this.mediaDir, tree, work.mediaKey, folder)
    await fs.mkdir(path.dirname(to), { recursive: true })
    await fs.rm(to, { recursive: true, force: true })
    await fs.rename(from, to)
    await fs.rm(work.dir, { recursive: true, force: true })
  }

  absolute(stored: string): string {
    return path.join(this.mediaDir, ...stored.split('/'))
  }
}

const TREES = ['public', 'protected'] as const
export type MediaTree = (typeof TREES)[number]

/** A job's scratch folder; `file()` gives where to write and the path to store once published. */
export class WorkDir {
  constructor(
    readonly dir: string,
    readonly mediaKey: string,
  ) {}

  file(tree: MediaTree, ...parts: string[]): { file: string; stored: string } {
    return { file: path.join(this.dir, tree, ...parts), stored: [tree, this.mediaKey, ...parts].join('/') }
  }
}

function checkKey(mediaKey: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mediaKey)) throw new Error(`invalid media key: ${mediaKey}`)
  return mediaKey
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}
