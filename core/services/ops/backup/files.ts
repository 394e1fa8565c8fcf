import fs from 'node:fs/promises'
import path from 'node:path'

/** Complete backups are `streamclub-<UTC time>.tar.gz`; one being written ends in `.partial`. */
const NAME = /^streamclub-\d{8}T\d{6}(\d{3})?Z\.tar\.gz$/

export function backupFileName(at: Date): string {
  return `streamclub-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.tar.gz`
}

export interface BackupFile {
  file: string
  mtimeMs: number
}

/** The complete backups in a folder, newest first (none when the folder does not exist). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[])
  const files = await Promise.all(
    names
      .filter((name) => NAME.test(name))
      .map(async (name) => {
        const file = path.join(dir, name)
        const stat = await fs.stat(file).catch(() => null)
        return stat?.isFile() ? { file, mtimeMs: stat.mtimeMs } : null
      }),
  )
  // The name holds the start time, so it orders them even when mtimes were lost in a copy.
  return files.filter((entry) => entry !== null).sort((a, b) => path.basename(b.file).localeCompare(path.basename(a.file)))
}

/** Keeps the newest `keep` backups and removes the older ones; returns what it removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep)
  for (const { file } of old) await fs.rm(file, { force: true })
  return old.map(({ file }) => file)
}
