import fs from 'node:fs/promises'
import path from 'node:path'
import type { IngestKind } from '../../core/services/media/ingest.js'

/**
 * The drop folder (INGEST_DIR). Content ops drop:
 * - a video file, with an optional metadata file beside it: `clip.mp4` + `clip.json`
 *   (or `clip.mp4.json`);
 * - an image set as a folder of pictures, with an optional `meta.json` inside it (or
 *   `<folder>.json` beside it).
 * An entry is picked up once it has stopped changing for the settle time and no process
 * holds one of its files open (a copy still running). Names starting with a dot, partial
 * downloads (.part, .tmp, .crdownload, .filepart, ~) and the `rejected/` folder are left
 * alone; rejected drops land in `rejected/` with a `.error.txt` beside them.
 */
export const REJECTED_DIR = 'rejected'
const PARTIAL = /(\.(part|partial|tmp|temp|crdownload|filepart|download|!ut)|~)$/i
/** Files operating systems leave in folders. */
const JUNK = new Set(['thumbs.db', 'desktop.ini', 'icon\r'])

export interface DropCandidate {
  kind: IngestKind
  /** Name inside the drop folder. */
  name: string
  path: string
  /** The metadata file, when there is one. */
  metaPath: string | null
  /** Every file belonging to the drop (for the open-file check). */
  files: string[]
  /** Changes whenever any of its files change (size, mtime, count). */
  signature: string
  newestMtimeMs: number
}

async function listDrops(ingestDir: string): Promise<DropCandidate[]> {
  const entries = await fs.readdir(ingestDir, { withFileTypes: true }).catch(() => [])
  const names = new Set(entries.map((entry) => entry.name))
  const drops: DropCandidate[] = []
  for (const entry of entries) {
    const name = entry.name
    if (name.startsWith('.') || name === REJECTED_DIR || PARTIAL.test(name) || JUNK.has(name.toLowerCase())) continue
    const full = path.join(ingestDir, name)
    if (entry.isDirectory()) {
      const inner = await fs.readdir(full, { withFileTypes: true }).catch(() => [])
      const files = inner.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => path.join(full, e.name))
      if (inner.some((e) => PARTIAL.test(e.name))) continue
      const beside = names.has(`${name}.json`) ? path.join(ingestDir, `${name}.json`) : null
      const inside = files.find((file) => path.basename(file) === 'meta.json') ?? null
      const all = [...files, ...(beside ? [beside] : [])]
      drops.push({ kind: 'imageSet', name, path: full, metaPath: inside ?? beside, files: all, ...(await signatureOf([full, ...all])) })
    } else if (entry.isFile() && !name.toLowerCase().endsWith('.json')) {
      const base = name.replace(/\.[^.]+$/, '')
      const metaName = names.has(`${name}.json`) ? `${name}.json` : names.has(`${base}.json`) ? `${base}.json` : null
      const metaPath = metaName ? path.join(ingestDir, metaName) : null
      const files = [full, ...(metaPath ? [metaPath] : [])]
      drops.push({ kind: 'video', name, path: full, metaPath, files, ...(await signatureOf(files)) })
    }
  }
  return drops
}

async function signatureOf(files: string[]): Promise<{ signature: string; newestMtimeMs: number }> {
  let newest = 0
  const parts: string[] = []
  for (const file of files) {
    const stat = await fs.stat(file).catch(() => null)
    if (!stat) continue
    newest = Math.max(newest, stat.mtimeMs)
    parts.push(`${path.basename(file)}:${stat.size}:${stat.mtimeMs}`)
  }
  return { signature: parts.join('|'), newestMtimeMs: newest }
}

/**
 * Files some process still has open (Linux /proc; elsewhere nothing is known and the
 * settle time alone decides). A copy in progress keeps its target open.
 */
async function filesOpenElsewhere(files: string[]): Promise<Set<string>> {
  const wanted = new Set(files.map((file) => path.resolve(file)))
  const open = new Set<string>()
  const pids = await fs.readdir('/proc').catch(() => [] as string[])
  for (const pid of pids) {
    if (!/^\d+$/.test(pid)) continue
    const fds = await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[])
    for (const fd of fds) {
      const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => null)
      if (target && wanted.has(target)) open.add(target)
    }
  }
  return open
}

/**
 * Remembers what each scan saw; a drop is ready when it looks the same as in the previous
 * scan, nothing in it changed for `settleMs`, and no process has one of its files open.
 * Each ready drop is handed out once (until it leaves the folder).
 */
export class DropWatcher {
  private readonly seen = new Map<string, string>()
  private readonly handedOut = new Map<string, string>()

  constructor(
    readonly ingestDir: string,
    private readonly settleMs: number,
    private readonly openFiles: (files: string[]) => Promise<Set<string>> = filesOpenElsewhere,
  ) {}

  async scan(now = Date.now()): Promise<DropCandidate[]> {
    await fs.mkdir(this.ingestDir, { recursive: true })
    const drops = await listDrops(this.ingestDir)
    const present = new Set(drops.map((drop) => drop.name))
    for (const name of [...this.seen.keys()]) if (!present.has(name)) this.seen.delete(name)
    for (const name of [...this.handedOut.keys()]) if (!present.has(name)) this.handedOut.delete(name)

    const settled: DropCandidate[] = []
    for (const drop of drops) {
      const before = this.seen.get(drop.name)
      this.seen.set(drop.name, drop.signature)
      if (before !== drop.signature || now - drop.newestMtimeMs < this.settleMs) continue
      if (this.handedOut.get(drop.name) === drop.signature) continue
      settled.push(drop)
    }
    if (settled.length === 0) return []
    const open = await this.openFiles(settled.flatMap((drop) => drop.files))
    const ready = settled.filter((drop) => !drop.files.some((file) => open.has(path.resolve(file))))
    for (const drop of ready) this.handedOut.set(drop.name, drop.signature)
    return ready
  }
}
