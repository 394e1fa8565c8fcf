import fs from 'node:fs/promises'
import path from 'node:path'
import type { Task } from 'graphile-worker'
import { parseIngestMeta, type IngestMeta } from '../../core/domain/schemas/media.js'
import { findItem, ingestSource, videoSourceFile, type IngestResult } from '../../core/services/media/ingest.js'
import { exists } from '../../core/services/media/store.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import type { WorkerDeps } from '../deps.js'
import { REJECTED_DIR } from '../media/ingest-folder.js'
import type { DropPayload } from '../../core/services/ops/jobs.js'

function checkPayload(payload: unknown): DropPayload {
  const p = payload as Partial<DropPayload> | null
  if (
    !p ||
    (p.kind !== 'video' && p.kind !== 'imageSet') ||
    typeof p.name !== 'string' ||
    typeof p.mediaKey !== 'string' ||
    (p.metaName !== null && (typeof p.metaName !== 'string' || p.metaName.startsWith('.') || p.metaName.includes('..'))) ||
    p.name.includes('/') ||
    p.name.startsWith('.')
  ) {
    throw new Error('media_ingest_drop: payload needs kind, name, metaName and mediaKey')
  }
  return p as DropPayload
}

/**
 * Takes one settled drop out of the ingest folder: reads its metadata, registers it
 * (hash, never twice, row + processing job) and moves the source into the media store.
 * A drop that cannot be taken (bad metadata, a duplicate) moves to `rejected/` with a
 * `.error.txt` saying why. Safe to run again: a registered media key is not registered twice.
 */
export async function ingestDrop({ config, orm }: WorkerDeps, payload: DropPayload): Promise<IngestResult | null> {
  const em = orm.em.fork()
  const store = await openMediaStore(config)
  if (await findItem(em, payload.kind, { mediaKey: payload.mediaKey })) {
    // Registered by an earlier attempt, which may have died uploading the source: finish that.
    await store.keepSource(payload.mediaKey)
    return null
  }

  const dropPath = path.join(config.ingestDir, payload.name)
  let metaPath = payload.metaName ? path.join(config.ingestDir, payload.metaName) : null
  let source = dropPath
  if (!(await exists(dropPath))) {
    // An earlier attempt moved the source (and its metadata) and died before its row was written.
    const moved = payload.kind === 'video' ? await videoSourceFile(store, payload.mediaKey) : store.sourceDir(payload.mediaKey)
    if (!moved || !(await exists(moved))) return null
    source = moved
    const movedMeta = path.join(store.sourceDir(payload.mediaKey), 'meta.json')
    if (metaPath && !(await exists(metaPath)) && (await exists(movedMeta))) metaPath = movedMeta
  }

  let meta: IngestMeta | null = null
  if (metaPath && (await exists(metaPath))) {
    const parsed = parseIngestMeta(await fs.readFile(metaPath, 'utf8'))
    if (!parsed.ok) return reject(config.ingestDir, payload, `metadata file ${path.basename(metaPath)}: ${parsed.error}`)
    meta = parsed.meta
  }

  // A worker takes the drop: its copy of the source serves the transcode if that runs here too.
  const result = await ingestSource(em, store, {
    kind: payload.kind,
    source,
    name: payload.name,
    meta,
    metaFile: meta ? metaPath : null,
    mode: 'move',
    mediaKey: payload.mediaKey,
    keepLocalCopy: true,
  })
  if (result.status === 'queued') return result
  const what = payload.kind === 'video' ? 'video' : 'image set'
  return reject(
    config.ingestDir,
    payload,
    result.status === 'duplicate'
      ? `the same ${what} was already ingested as ${what} ${result.id} (status: ${result.mediaStatus}); nothing was done. To process it again: npm run ingest -- --retry ${result.id}${payload.kind === 'imageSet' ? ' --image-set' : ''}`
      : result.reason,
    result,
  )
}

async function reject(ingestDir: string, payload: DropPayload, reason: string, result?: IngestResult): Promise<IngestResult> {
  const dir = path.join(ingestDir, REJECTED_DIR)
  await fs.mkdir(dir, { recursive: true })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const free = async (name: string) => ((await exists(path.join(dir, name))) ? `${stamp}-${name}` : name)
  const name = await free(payload.name)
  for (const [from, to] of [
    [payload.name, name],
    [payload.metaName, payload.metaName ? await free(payload.metaName) : null],
  ] as const) {
    if (from && to && (await exists(path.join(ingestDir, from)))) await fs.rename(path.join(ingestDir, from), path.join(dir, to))
  }
  await fs.writeFile(path.join(dir, `${name}.error.txt`), `${reason}\n`)
  return result ?? { status: 'rejected', reason }
}

export const mediaIngestDropTask =
  (deps: WorkerDeps): Task =>
  async (payload, helpers) => {
    const drop = checkPayload(payload)
    const result = await ingestDrop(deps, drop)
    if (result?.status === 'queued') helpers.logger.info(`ingested ${drop.name} as ${drop.kind} ${result.id}`)
    else if (result) helpers.logger.warn(`rejected ${drop.name}: see ${REJECTED_DIR}/${drop.name}.error.txt`)
  }
