import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * The media store under MEDIA_DIR:
 * - `sources/<mediaKey>/`   the source as ingested (kept for re-processing; never served)
 * - `public/<mediaKey>/`    posters, still thumbnails, hover clips, image thumbnails (served at /media/)
 * - `protected/<mediaKey>/` HLS ladder, download MP4, full-size stills, image originals (members only)
 * - `.work/<mediaKey>.<n>/` a job's scratch space: `public/` and `protected/` are built here and
 *   moved into place only when complete, so nothing half-made is ever published.
 * Stored paths are relative to MEDIA_DIR and use '/'.
 *
 * This class is the local-disk backend (the default); `S3MediaStore` (store-s3.ts) keeps
 * the same stored paths as keys of an S3-compatible bucket and uses MEDIA_DIR only as the
 * worker's scratch space and source cache. `openMediaStore` (open-store.ts) picks one.
 */
export class MediaStore {
  readonly kind: 'local' | 's3' = 'local'

  constructor(readonly mediaDir: string) {}

  sourceDir(mediaKey: string): string {
    return path.join(this.mediaDir, 'sources', checkKey(mediaKey))
  }

  /**
   * A fresh scratch folder for one attempt, after removing every earlier attempt's.
   * `live`: stored paths of the item's current media (kept by backends that stage in place).
   */
  async freshWorkDir(mediaKey: string, _live?: LivePaths): Promise<WorkDir> {
    await this.clearWork(mediaKey)
    const attempt = crypto.randomBytes(4).toString('hex')
    const dir = path.join(this.mediaDir, '.work', `${checkKey(mediaKey)}.${attempt}`)
    await fs.mkdir(dir, { recursive: true })
    return new WorkDir(dir, mediaKey, this.attemptPrefix(attempt))
  }

  /** Path parts between `<tree>/<key>/` and a file's own path: none on disk (publish moves whole trees). */
  protected attemptPrefix(_attempt: string): string[] {
    return []
  }

  /** After a failed attempt: removes what it wrote. */
  async discard(work: WorkDir): Promise<void> {
    await this.clearWork(work.mediaKey)
  }

  /**
   * After the row points at `work`'s outputs (and at `live`, the stored paths of an earlier
   * publication the row still uses): removes what other outputs left (nothing on disk: publish
   * replaced them).
   */
  async settle(_work: WorkDir, _live?: LivePaths): Promise<void> {}

  /**
   * A file of `work` that is finished and will not change (a segment the encoder has closed, a
   * still): a backend that copies at publish may copy it now, while the job goes on, so that
   * publishing has less left to do. Never fails (publish copies whatever did not get there).
   * On disk there is nothing to do: publish moves whole folders.
   */
  stageEarly(_work: WorkDir, _file: string): void {}

  /** Keeps the source placed in `sourceDir(mediaKey)` in the store (on disk it already is). */
  async keepSource(_mediaKey: string): Promise<void> {}

  /** The source folder on this machine (a backend elsewhere fetches it first). */
  async fetchSource(mediaKey: string, _options: SourceFetch = {}): Promise<string> {
    return this.sourceDir(mediaKey)
  }

  /** This machine no longer needs its copy of the source (on disk it is the store's copy: kept). */
  async releaseSource(_mediaKey: string): Promise<void> {}

  /** Files written straight under MEDIA_DIR/`prefix` (the demo seed's pictures) into the store: on disk they are. */
  async keepLocal(_prefix: string): Promise<void> {}

  /** Size and modification time of a stored file; null when it is not there. */
  async stat(stored: string): Promise<{ size: number; mtime: Date } | null> {
    const stat = await fs.stat(this.absolute(stored)).catch(() => null)
    return stat?.isFile() ? { size: stat.size, mtime: stat.mtime } : null
  }

  /** A stored text file (a playlist); null when it is not there. */
  async readText(stored: string): Promise<string | null> {
    return fs.readFile(this.absolute(stored), 'utf8').catch(() => null)
  }

  /**
   * A URL a browser fetches the stored file from directly, valid until `expiresAt` (Unix
   * seconds), answered with `attachment` as its Content-Disposition; null when the files are
   * served by this app (the local disk: through the gateway and the download route).
   */
  async directUrl(_stored: string, _expiresAt: number, _now: Date, _attachment?: string): Promise<string | null> {
    return null
  }

  /** The bytes of a stored file. */
  async openRead(stored: string): Promise<Readable> {
    return createReadStream(this.absolute(stored))
  }

  async clearWork(mediaKey: string): Promise<void> {
    const root = path.join(this.mediaDir, '.work')
    const entries = await fs.readdir(root).catch(() => [] as string[])
    await Promise.all(
      entries.filter((name) => name.startsWith(`${checkKey(mediaKey)}.`)).map((name) => fs.rm(path.join(root, name), { recursive: true, force: true })),
    )
  }

  /**
   * Moves a finished work folder's trees into place, then removes the work folder.
   * 'replace': the item's trees become the work folder's (anything an earlier, interrupted
   * publish left goes). 'add': to an item already published, its files stay; the work folder's
   * join them (a folder the item lacks moves in whole, a file replaces its namesake) and
   * playlists move last, so no playlist ever names a file that is not in place yet.
   */
  async publish(work: WorkDir, how: 'replace' | 'add' = 'replace'): Promise<void> {
    for (const tree of TREES) {
      const from = path.join(work.dir, tree)
      if (!(await exists(from))) continue
      const to = path.join(this.mediaDir, tree, work.mediaKey)
      await fs.mkdir(path.dirname(to), { recursive: true })
      if (how === 'add') {
        await moveInto(from, to)
        continue
      }
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

  /**
   * Puts one finished file (made in a scratch folder) at a stored path of an item that is
   * already published, beside its other files (a backfill adding a WebP): moved into place.
   */
  async placeFile(stored: string, file: string): Promise<void> {
    const target = this.absolute(stored)
    await fs.mkdir(path.dirname(target), { recursive: true })
    await fs.rename(file, target)
  }

  absolute(stored: string): string {
    return path.join(this.mediaDir, ...stored.split('/'))
  }
}

/** Stored paths of an item's current media (a path, several, or none). */
export type LivePaths = string | ReadonlyArray<string | null | undefined> | null

const TREES = ['public', 'protected'] as const

/** Moves `from`'s entries into the folder `to`: folders `to` has are merged, the rest replace their namesakes, playlists last. */
async function moveInto(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true })
  const entries = await fs.readdir(from, { withFileTypes: true })
  const playlist = (name: string) => (name.endsWith('.m3u8') ? 1 : 0)
  for (const entry of entries.sort((a, b) => playlist(a.name) - playlist(b.name))) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    const existing = await fs.stat(target).catch(() => null)
    if (entry.isDirectory() && existing?.isDirectory()) {
      await moveInto(source, target)
      continue
    }
    if (existing && (existing.isDirectory() || entry.isDirectory())) await fs.rm(target, { recursive: true, force: true })
    await fs.rename(source, target)
  }
}
export type MediaTree = (typeof TREES)[number]

/** A job's scratch folder; `file()` gives where to write and the path to store once published. */
export class WorkDir {
  constructor(
    readonly dir: string,
    readonly mediaKey: string,
    /** Where this attempt's files sit inside `<tree>/<key>/` once published. */
    readonly storedPrefix: string[] = [],
  ) {}

  file(tree: MediaTree, ...parts: string[]): { file: string; stored: string } {
    return { file: path.join(this.dir, tree, ...parts), stored: [tree, this.mediaKey, ...this.storedPrefix, ...parts].join('/') }
  }
}

/** How a job fetches its source: a backend elsewhere may wait for one still being uploaded, until `waitUntil`; `signal` ends the wait. */
export interface SourceFetch {
  signal?: AbortSignal
  waitUntil?: Date
  /** Told once when the wait begins (the job's log says why it has not started). */
  onWait?: () => void
}

export function checkKey(mediaKey: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mediaKey)) throw new Error(`invalid media key: ${mediaKey}`)
  return mediaKey
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}
