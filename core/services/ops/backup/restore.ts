import { execFile } from 'node:child_process'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { isAlive } from '../../../db/process-alive.js'
import { ARCHIVE_DATA, ARCHIVE_MANIFEST, type Manifest } from './database.js'
import { restoreMedia, type MirrorResult } from './media.js'
import { extractTar } from './tar.js'

export interface RestoreOptions {
  /** The backup archive. */
  file: string
  /** The data folder PostgreSQL will run on (DATA_DIR/postgres); must not be in use. */
  dataDir: string
  /** MEDIA_DIR, to put back the mirrored media next to the archive (null: leave media alone). */
  mediaDir: string | null
  log?: (line: string) => void
}

export interface RestoreResult {
  manifest: Manifest
  /** Where the data folder that was there before now is (null: there was none). */
  replaced: string | null
  media: MirrorResult | null
}

/**
 * Unpacks a backup into the data folder. The archive is unpacked beside it first and
 * checked; only then does the old folder move aside (to `<dataDir>.replaced-<time>`,
 * never deleted) and the new one take its place. PostgreSQL finishes the restore by
 * itself at its next start (it replays the WAL in the archive). The media mirror found
 * next to the archive (`media/`) fills in the files MEDIA_DIR lacks.
 */
export async function restoreBackup({ file, dataDir, mediaDir, log = () => undefined }: RestoreOptions): Promise<RestoreResult> {
  const target = path.resolve(dataDir)
  await assertNotRunning(target)
  const staging = `${target}.restoring`
  await fsp.rm(staging, { recursive: true, force: true })
  await fsp.mkdir(path.dirname(target), { recursive: true })
  await fsp.mkdir(staging, { mode: 0o700 })
  let manifest: Manifest | null = null
  try {
    log(`unpacking ${file}`)
    const prefix = `${ARCHIVE_DATA}/`
    const entries = await extractTar(
      fs.createReadStream(file).pipe(zlib.createGunzip()),
      staging,
      (entry) => (entry.name.startsWith(prefix) ? path.join(staging, ...entry.name.slice(prefix.length).split('/')) : null),
      (entry, data) => {
        if (entry.name === ARCHIVE_MANIFEST) manifest = JSON.parse(data.toString('utf8')) as Manifest
      },
    )
    const names = new Set(entries.map((entry) => entry.name))
    for (const needed of [`${prefix}PG_VERSION`, `${prefix}backup_label`, `${prefix}global/pg_control`]) {
      if (!names.has(needed)) throw new Error(`${file} is not a complete backup: ${needed} is missing`)
    }
    if (!manifest) throw new Error(`${file} is not a complete backup: ${ARCHIVE_MANIFEST} is missing`)
    await fsp.chmod(staging, 0o700)
    // Run as root, the embedded PostgreSQL runs as the user "postgres", which must own its files.
    if (process.getuid?.() === 0) await chownTree(staging, await postgresUser())
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true })
    throw error
  }

  let replaced: string | null = null
  const existing = await fsp.readdir(target).catch(() => null)
  if (existing?.length) {
    replaced = `${target}.replaced-${new Date().toISOString().replace(/[-:.]/g, '')}`
    await fsp.rename(target, replaced)
    log(`the data folder that was there is kept at ${replaced}`)
  } else if (existing) await fsp.rmdir(target)
  await fsp.rename(staging, target)

  const mirror = path.join(path.dirname(path.resolve(file)), 'media')
  const media = mediaDir && (await fsp.stat(mirror).catch(() => null))?.isDirectory() ? await restoreMedia(mirror, mediaDir) : null
  return { manifest: manifest!, replaced, media }
}

async function assertNotRunning(dataDir: string): Promise<void> {
  const pid = Number((await fsp.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0])
  if (pid && isAlive(pid)) throw new Error(`PostgreSQL (process ${pid}) is running on ${dataDir}: stop the site first`)
}

const run = promisify(execFile)

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])])
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
  } catch {
    throw new Error('running as root, the embedded PostgreSQL needs the user "postgres" (npm start creates it): create it, then restore again')
  }
}

async function chownTree(dir: string, { uid, gid }: { uid: number; gid: number }): Promise<void> {
  await fsp.chown(dir, uid, gid)
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) await chownTree(full, { uid, gid })
    else await fsp.chown(full, uid, gid)
  }
}
