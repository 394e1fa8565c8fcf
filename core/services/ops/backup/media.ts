import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * The media folder's part of a backup: a mirror at BACKUP_DIR/media that each backup
 * brings up to date after the database, copying only files that are new or changed (size
 * or modification time). Nothing is ever removed from the mirror, so every kept database
 * backup finds the files its rows name (media files are written once, into a new key).
 * Scratch work (.work) and readiness probes (.health) stay out.
 */
const LEFT_OUT = new Set(['.work', '.health'])

export interface MirrorResult {
  files: number
  copied: number
  bytes: number
}

export function mirrorMedia(mediaDir: string, mirrorDir: string): Promise<MirrorResult> {
  return copyNewer(mediaDir, mirrorDir)
}

/** Puts back into MEDIA_DIR every mirrored file it lacks or holds in another version. */
export function restoreMedia(mirrorDir: string, mediaDir: string): Promise<MirrorResult> {
  return copyNewer(mirrorDir, mediaDir)
}

async function copyNewer(from: string, to: string): Promise<MirrorResult> {
  const result: MirrorResult = { files: 0, copied: 0, bytes: 0 }
  const walk = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(path.join(from, relative), { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!relative && LEFT_OUT.has(entry.name)) continue
      const name = path.join(relative, entry.name)
      if (entry.isDirectory()) {
        await walk(name)
        continue
      }
      if (!entry.isFile() || entry.name.endsWith('.copying')) continue
      result.files++
      const source = path.join(from, name)
      const target = path.join(to, name)
      const [a, b] = await Promise.all([fs.stat(source).catch(() => null), fs.stat(target).catch(() => null)])
      if (!a || (b && b.size === a.size && Math.floor(b.mtimeMs) === Math.floor(a.mtimeMs))) continue
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temporary = `${target}.copying`
      await fs.copyFile(source, temporary)
      await fs.utimes(temporary, a.atime, a.mtime)
      await fs.rename(temporary, target)
      result.copied++
      result.bytes += a.size
    }
  }
  await walk('')
  return result
}
