import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import pg from 'pg'
import { backupFileName, pruneBackups } from './files.js'
import { mirrorMedia, type MirrorResult } from './media.js'
import { TarWriter } from './tar.js'

/**
 * Online, consistent backups of a PostgreSQL whose files this machine can read (the
 * embedded one), with nothing but SQL and file copies: PostgreSQL's low-level base-backup
 * API. The site keeps serving; PostgreSQL only forces full-page writes while it runs.
 *
 * 1. A temporary physical replication slot keeps every WAL segment from now on (none is
 *    recycled before it is copied).
 * 2. pg_backup_start (with an immediate checkpoint) marks where replay must begin.
 * 3. The data folder is copied file by file into a tar.gz (files change meanwhile; the WAL
 *    repairs that), leaving out what PostgreSQL's documentation says to leave out.
 * 4. pg_backup_stop writes the end-of-backup record, switches to a new WAL segment and
 *    returns the backup_label, which goes into the archive.
 * 5. The WAL segments from the start segment through the stop segment go into pg_wal/.
 * A data folder unpacked from the archive starts as it is: PostgreSQL replays the WAL to
 * the end of the backup and is then consistent, holding everything committed before
 * pg_backup_stop returned (every row committed before the backup began, and more).
 */
export const ARCHIVE_DATA = 'pgdata'
export const ARCHIVE_MANIFEST = 'streamclub-backup.json'
const BACKUP_LOCK = 7_311_003

export interface BackupOptions {
  databaseUrl: string
  dir: string
  /** The media folder to mirror into `dir/media` after the database (null: none). */
  mediaDir: string | null
  /** How many backups to keep (older ones are removed after a successful backup). */
  keep: number
  log?: (line: string) => void
  /** gzip level (1 fastest .. 9 smallest). */
  gzipLevel?: number
  /** Called once the backup has begun and before any file is copied. */
  onStarted?: () => Promise<void>
  /** Aborting stops the copy (worker shutdown); nothing is left behind. */
  signal?: AbortSignal
}

export interface Manifest {
  format: 1
  startedAt: string
  finishedAt: string
  startLsn: string
  stopLsn: string
  serverVersion: string
  systemIdentifier: string
  files: number
  walSegments: string[]
}

export interface BackupResult {
  file: string
  bytes: number
  seconds: number
  manifest: Manifest
  media: MirrorResult | null
  pruned: string[]
}

/** The database's files are not on this machine (an external DATABASE_URL): use its own tools. */
export class BackupNotLocal extends Error {
  override name = 'BackupNotLocal'
}

export class BackupBusy extends Error {
  override name = 'BackupBusy'
}

export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined)
  const started = performance.now()
  const startedAt = new Date()
  await fsp.mkdir(options.dir, { recursive: true })
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'streamclub-backup' })
  await client.connect()
  client.on('error', () => undefined)
  let partial: string | null = null
  try {
    const {
      rows: [lock],
    } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [BACKUP_LOCK])
    if (!lock?.ok) throw new BackupBusy('another backup of this database is running')
    const server = await locateServer(client)
    await removePartials(options.dir)

    const slot = `streamclub_backup_${process.pid}_${Date.now().toString(36)}`
    const slotMade = await client
      .query('select pg_create_physical_replication_slot($1, true, true)', [slot])
      .then(() => true)
      .catch((error: Error) => {
        log(`no replication slot (${error.message}); WAL segments are checked instead`)
        return false
      })
    const {
      rows: [begin],
    } = await client.query<{ lsn: string; segment: string }>('select lsn::text, pg_walfile_name(lsn) as segment from pg_backup_start($1, true) as lsn', [
      `streamclub ${startedAt.toISOString()}`,
    ])
    log(`backup started at ${begin!.lsn}`)
    await options.onStarted?.()

    const file = path.join(options.dir, backupFileName(startedAt))
    partial = `${file}.partial`
    const gzip = zlib.createGzip({ level: options.gzipLevel ?? 1 })
    const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }))
    written.catch(() => undefined)
    const tar = new TarWriter(gzip)
    const files = await copyDataFolder(tar, server.dataDir, options.signal)

    const {
      rows: [end],
    } = await client.query<{ lsn: string; segment: string; labelfile: string; spcmapfile: string | null }>(
      'select lsn::text, pg_walfile_name(lsn) as segment, labelfile, spcmapfile from pg_backup_stop(false)',
    )
    await tar.buffer(`${ARCHIVE_DATA}/backup_label`, Buffer.from(end!.labelfile))
    if (end!.spcmapfile) await tar.buffer(`${ARCHIVE_DATA}/tablespace_map`, Buffer.from(end!.spcmapfile))
    const walSegments = await copyWal(tar, server.dataDir, begin!.segment, end!.segment, server.segmentSize)
    log(`backup stopped at ${end!.lsn} (${walSegments.length} WAL segments)`)
    if (slotMade) await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => undefined)

    const manifest: Manifest = {
      format: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      startLsn: begin!.lsn,
      stopLsn: end!.lsn,
      serverVersion: server.version,
      systemIdentifier: server.systemIdentifier,
      files,
      walSegments,
    }
    await tar.buffer(ARCHIVE_MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)))
    await tar.finish()
    await written
    await syncFile(partial)
    await fsp.rename(partial, file)
    partial = null
    const bytes = (await fsp.stat(file)).size

    const media = options.mediaDir ? await mirrorMedia(options.mediaDir, path.join(options.dir, 'media')) : null
    const pruned = await pruneBackups(options.dir, options.keep)
    return { file, bytes, seconds: (performance.now() - started) / 1000, manifest, media, pruned }
  } finally {
    if (partial) await fsp.rm(partial, { force: true })
    // Ending the session also ends a backup still in progress and drops the temporary slot.
    await client.end().catch(() => undefined)
  }
}

interface ServerFiles {
  dataDir: string
  version: string
  systemIdentifier: string
  segmentSize: number
}

/**
 * Where the server keeps its files, checked to be this very server's: the system
 * identifier in global/pg_control must be the one the server reports.
 */
async function locateServer(client: pg.Client): Promise<ServerFiles> {
  const {
    rows: [info],
  } = await client.query<{ dir: string; version: string; id: string; segment_size: string; tablespaces: number }>(
    `select current_setting('data_directory') as dir, current_setting('server_version') as version,
            (select system_identifier::text from pg_control_system()) as id,
            (select setting from pg_settings where name = 'wal_segment_size') as segment_size,
            (select count(*)::int from pg_tablespace where spcname not in ('pg_default', 'pg_global')) as tablespaces`,
  )
  const control = await fsp.readFile(path.join(info!.dir, 'global', 'pg_control')).catch(() => null)
  if (!control || control.readBigUInt64LE(0).toString() !== info!.id) {
    throw new BackupNotLocal(
      `the database's files (${info!.dir}) are not on this machine (${os.hostname()}); back up a PostgreSQL given by DATABASE_URL with its own tools (see docs/operations.md, "External PostgreSQL")`,
    )
  }
  if (info!.tablespaces > 0) throw new Error('the database uses tablespaces outside its data folder; this backup does not copy them')
  return { dataDir: info!.dir, version: info!.version, systemIdentifier: info!.id, segmentSize: Number(info!.segment_size) }
}

/** Folders whose contents are left out (PostgreSQL makes them anew); the folders stay. */
const EMPTY_FOLDERS = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot'])
/** Files left out at the top of the data folder. */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
  'current_logfiles',
  'postgresql.auto.conf.tmp',
])

async function copyDataFolder(tar: TarWriter, dataDir: string, signal?: AbortSignal): Promise<number> {
  let files = 0
  const walk = async (relative: string): Promise<void> => {
    const entries = await fsp.readdir(path.join(dataDir, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      signal?.throwIfAborted()
      const name = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.name.startsWith('pgsql_tmp') || entry.name === 'pg_internal.init') continue
      if (!relative && SKIPPED_FILES.has(entry.name)) continue
      if (entry.isDirectory()) {
        await tar.directory(`${ARCHIVE_DATA}/${name}`)
        if (relative || !EMPTY_FOLDERS.has(entry.name)) await walk(name)
        else if (entry.name === 'pg_wal') {
          // Its sub-folders (archive_status, summaries) without their contents; segments come last.
          for (const sub of await fsp.readdir(path.join(dataDir, name), { withFileTypes: true })) {
            if (sub.isDirectory()) await tar.directory(`${ARCHIVE_DATA}/${name}/${sub.name}`)
          }
        }
      } else if (entry.isFile()) {
        if (await tar.file(`${ARCHIVE_DATA}/${name}`, path.join(dataDir, name))) files++
      }
    }
  }
  await walk('')
  return files
}

/**
 * The WAL from the start segment through the stop segment, each of which must still be
 * there, and the timeline history files.
 */
async function copyWal(tar: TarWriter, dataDir: string, first: string, last: string, segmentSize: number): Promise<string[]> {
  const walDir = path.join(dataDir, 'pg_wal')
  const names = new Set(await fsp.readdir(walDir))
  const segments = segmentRange(first, last, segmentSize)
  for (const segment of segments) {
    if (!names.has(segment) || !(await tar.file(`${ARCHIVE_DATA}/pg_wal/${segment}`, path.join(walDir, segment)))) {
      throw new Error(`WAL segment ${segment} was removed during the backup; run it again`)
    }
  }
  for (const name of [...names].filter((n) => n.endsWith('.history')).sort()) await tar.file(`${ARCHIVE_DATA}/pg_wal/${name}`, path.join(walDir, name))
  return segments
}

/** Segment file names from `first` to `last` (same timeline), in order. */
export function segmentRange(first: string, last: string, segmentSize: number): string[] {
  const perId = 0x1_0000_0000n / BigInt(segmentSize)
  const number = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * perId + BigInt(`0x${name.slice(16, 24)}`)
  const timeline = first.slice(0, 8)
  if (last.slice(0, 8) !== timeline) throw new Error(`the timeline changed during the backup (${first} .. ${last})`)
  const names: string[] = []
  for (let n = number(first); n <= number(last); n++) {
    const hex = (value: bigint) => value.toString(16).toUpperCase().padStart(8, '0')
    names.push(`${timeline}${hex(n / perId)}${hex(n % perId)}`)
  }
  return names
}

async function removePartials(dir: string): Promise<void> {
  for (const name of await fsp.readdir(dir)) if (name.endsWith('.partial')) await fsp.rm(path.join(dir, name), { force: true })
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
