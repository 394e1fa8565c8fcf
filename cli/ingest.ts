/**
 * npm run ingest -- <video file | image folder> [--meta <file.json>]
 * npm run ingest -- --retry <id> [--image-set]
 * npm run ingest -- --status
 *
 * Registers a source with the same code the drop folder uses (hash: never twice, a copy
 * kept in the media store, a pending row, a queued job) and shows a progress bar until the
 * item is ready or failed. A running worker (npm start / npm run worker) does the work;
 * when none is running, this process runs one until its item is done.
 * Uses DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (the running one of
 * `npm start` when there is one).
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { prepareEnvironment, ensureDatabase } from '../core/bootstrap.js'
import { ConfigError, loadConfig, type Config } from '../core/config.js'
import { ImageSet, Video } from '../core/db/entities/index.js'
import { isAlive } from '../core/db/process-alive.js'
import { migrate, openOrm, type Orm } from '../core/db/orm.js'
import { parseIngestMeta, type IngestMeta } from '../core/domain/schemas/media.js'
import { mediaAvailability } from '../core/domain/catalog/publish.js'
import { findItem, ingestSource, retryItem, type IngestKind } from '../core/services/media/ingest.js'
import { openMediaStore } from '../core/services/media/open-store.js'
import { startWorker } from '../worker/runner.js'
import { liveWorkers } from '../worker/recovery.js'

const USAGE = `usage:
  npm run ingest -- <video file | folder of images> [--meta <metadata.json>]
  npm run ingest -- --retry <id> [--image-set]
  npm run ingest -- --status`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    meta: { type: 'string' },
    retry: { type: 'string' },
    'image-set': { type: 'boolean', default: false },
    status: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

if (values.help || (!values.status && !values.retry && positionals.length !== 1)) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 1)
}

prepareEnvironment()
let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) fail(error.message)
  throw error
}

/** The embedded PostgreSQL of `npm start` when it runs, else DATABASE_URL or a fresh start of it. */
async function openDatabase() {
  if (!process.env.DATABASE_URL) {
    const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid')
    const lines = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n') : []
    const pid = Number(lines[0])
    if (pid && isAlive(pid)) {
      process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${Number(lines[3])}/streamclub`
      return null
    }
  }
  return ensureDatabase()
}

const embedded = await openDatabase()
const databaseUrl = process.env.DATABASE_URL!
const orm = await openOrm(databaseUrl, { pool: 4 })
let exitCode = 0
try {
  await migrate(orm, databaseUrl)
  if (values.status) await printStatus(orm)
  else exitCode = await ingest(orm)
} finally {
  await orm.close()
  await embedded?.stop()
}
process.exit(exitCode)

async function ingest(orm: Orm): Promise<number> {
  const store = await openMediaStore(config)
  let kind: IngestKind
  let id: number
  if (values.retry) {
    kind = values['image-set'] ? 'imageSet' : 'video'
    id = Number(values.retry)
    if (!Number.isInteger(id) || !(await retryItem(orm.em.fork(), kind, id))) fail(`there is no ${kind === 'video' ? 'video' : 'image set'} ${values.retry}`)
    console.log(`queued ${kind === 'video' ? 'video' : 'image set'} ${id} again`)
  } else {
    const source = path.resolve(positionals[0]!)
    if (!fs.existsSync(source)) fail(`${source} does not exist`)
    kind = fs.statSync(source).isDirectory() ? 'imageSet' : 'video'
    let meta: IngestMeta | null = null
    if (values.meta) {
      if (!fs.existsSync(values.meta)) fail(`metadata file ${values.meta} does not exist`)
      const parsed = parseIngestMeta(fs.readFileSync(values.meta, 'utf8'))
      if (!parsed.ok) fail(`metadata file ${values.meta}: ${parsed.error}`)
      meta = parsed.meta
    }
    const result = await ingestSource(orm.em.fork(), store, { kind, source, meta, mode: 'copy' })
    if (result.status === 'rejected') fail(result.reason)
    id = result.id
    const label = `${kind === 'video' ? 'video' : 'image set'} ${id}`
    if (result.status === 'duplicate') {
      console.log(`this ${kind === 'video' ? 'video' : 'image set'} was already ingested as ${label} (${result.mediaStatus}); nothing new was queued`)
      if (result.mediaStatus === 'failed') console.log(`to process it again: npm run ingest -- --retry ${id}${kind === 'imageSet' ? ' --image-set' : ''}`)
    } else console.log(`queued ${label}`)
  }

  const workers = await liveWorkers(databaseUrl)
  const worker = workers === 0 ? await startWorker({ config, orm }, databaseUrl, { watchIngest: false, concurrency: 1, log: () => undefined }) : null
  if (worker) console.log('no worker is running; processing here (start `npm start` or `npm run worker` to leave it to them)')
  try {
    return await follow(orm, kind, id)
  } finally {
    await worker?.stop()
  }
}

/** Draws the item's stored progress until it is ready or failed. */
async function follow(orm: Orm, kind: IngestKind, id: number): Promise<number> {
  const tty = process.stdout.isTTY
  let lastStep = -1
  let playable = false
  for (;;) {
    const row = await findItem(orm.em.fork(), kind, { id })
    if (!row) fail(`the item ${id} disappeared`)
    if (!playable && row instanceof Video && mediaAvailability(row) === 'partial') {
      playable = true
      const when = row.releasedAt ? 'released' : `to be released at ${row.publishAt?.toISOString()}`
      console.log(`${tty ? '\n' : ''}playable in ${row.resolutions.join(', ')} (${when}); ${row.pendingResolutions.join(', ')} on the way`)
    }
    const percent = row.mediaStatus === 'ready' ? 100 : Math.floor(Number(row.mediaProgress) * 100)
    const width = 30
    const filled = Math.round((percent / 100) * width)
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${row.mediaStatus}`
    if (tty) process.stdout.write(`\r${line}   `)
    else if (Math.floor(percent / 10) !== lastStep || row.mediaStatus === 'ready' || row.mediaStatus === 'failed') console.log(line)
    lastStep = Math.floor(percent / 10)
    if (row.mediaStatus === 'ready' || row.mediaStatus === 'failed') {
      if (tty) process.stdout.write('\n')
      if (row.mediaStatus === 'failed') {
        console.error(`failed: ${row.mediaError}`)
        return 1
      }
      describeReady(row)
      return 0
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function describeReady(row: Video | ImageSet) {
  if (row instanceof Video) {
    console.log(`ready: ${row.durationSeconds} s, ${row.resolutions.join(', ')}; master playlist ${row.media.master}`)
  } else {
    console.log(`ready: ${row.imagesCount} images`)
  }
  console.log(row.releasedAt ? `released at ${row.releasedAt.toISOString()}` : `to be released at ${row.publishAt?.toISOString()}`)
}

async function printStatus(orm: Orm) {
  const em = orm.em.fork()
  const fields = ['id', 'mediaStatus', 'mediaProgress', 'mediaError', 'sourceName', 'releasedAt', 'publishAt'] as const
  const rows = [
    ...(await em.find(Video, { sourceName: { $ne: null } }, { fields: [...fields], orderBy: { updatedAt: 'desc' }, limit: 30 })).map((r) => ({
      kind: 'video',
      r,
    })),
    ...(await em.find(ImageSet, { sourceName: { $ne: null } }, { fields: [...fields], orderBy: { updatedAt: 'desc' }, limit: 30 })).map((r) => ({
      kind: 'image set',
      r,
    })),
  ]
  if (rows.length === 0) console.log('nothing ingested yet')
  for (const { kind, r } of rows) {
    const state = r.mediaStatus === 'processing' ? `processing ${Math.floor(Number(r.mediaProgress) * 100)}%` : r.mediaStatus
    console.log(`${kind} ${r.id}\t${state}\t${r.sourceName}${r.mediaError ? `\n    ${r.mediaError}` : ''}`)
  }
  console.log(`workers running: ${await liveWorkers(process.env.DATABASE_URL!)}`)
}
