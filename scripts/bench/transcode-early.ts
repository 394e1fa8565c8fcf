/**
 * (f) of npm run bench:transcode: from the drop to playable and to ready, the way the worker
 * does it. The source is ingested (`ingestSource`: copied into the store, hashed, its row and
 * job written; what the ingest folder does once a drop has settled), then the worker's own task
 * list runs the job (`drainJobs`) on the bench database (DATA_DIR, default .data/bench, on
 * EMBEDDED_PG_PORT; or DATABASE_URL) with a media store in a scratch folder. Another connection
 * reads the row every 100 ms: playable is the first read that finds it released (its lowest rung
 * published), ready the first that finds it ready. The worker's observer gives each ffmpeg
 * encode's own wall time. The row goes afterwards, so the same source can be dropped again.
 */
import path from 'node:path'
import pg from 'pg'
import { prepareEnvironment, ensureDatabase } from '../../core/bootstrap.js'
import { loadConfig } from '../../core/config.js'
import { migrate, openOrm } from '../../core/db/orm.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import type { WorkerObserver } from '../../worker/deps.js'
import { drainJobs } from '../../worker/runner.js'
import { cpuSeconds, type Timing } from './cpu.js'

export interface EarlyPlayRun {
  /** From the drop until the row is released with its lowest rung, and until it is ready. */
  playable: Timing
  ready: Timing
  /** Each ffmpeg ladder encode in order (the lowest rung alone, then the higher ones): its top rung and wall seconds. */
  encodes: Array<{ topRung: string; wall: number }>
  /** The published lowest rung's media playlist (a file in the scratch store). */
  lowestPlaylist: string
}

const POLL_MS = 100

export async function openEarlyPlayBench(scratch: string) {
  process.env.DATA_DIR ??= '.data/bench'
  prepareEnvironment()
  const db = await ensureDatabase()
  const url = process.env.DATABASE_URL!
  const orm = await openOrm(url, { pool: 4 })
  await migrate(orm, url)
  const config = loadConfig({ ...process.env, MEDIA_STORE: 'local', MEDIA_DIR: path.join(scratch, 'media'), INGEST_DIR: path.join(scratch, 'ingest') })
  const store = await openMediaStore(config)
  const reader = new pg.Client({ connectionString: url })
  await reader.connect()

  async function dropAndWait(file: string): Promise<EarlyPlayRun> {
    const encodes: EarlyPlayRun['encodes'] = []
    const observer: WorkerObserver = { ladderEncoded: (topRung, _media, wall) => encodes.push({ topRung, wall }), released: () => undefined }
    const started = performance.now()
    const cpuBefore = await cpuSeconds()
    const now = async (): Promise<Timing> => ({ wall: (performance.now() - started) / 1000, cpu: (await cpuSeconds()) - cpuBefore })
    const queued = await ingestSource(orm.em.fork(), store, { kind: 'video', source: file, mode: 'copy', name: 'bench-early-play.mp4' })
    if (queued.status !== 'queued') throw new Error(`the bench source was not queued: ${JSON.stringify(queued)}`)
    let playable: Timing | null = null
    let ready: Timing | null = null
    let working = true
    const read = async () => {
      const { rows } = await reader.query<{ released: boolean; status: string }>(
        `select released_at is not null as released, media_status as status from video where id = $1`,
        [queued.id],
      )
      if (!playable && rows[0]?.released) playable = await now()
      if (!ready && rows[0]?.released && rows[0].status === 'ready') ready = await now()
    }
    const watching = (async () => {
      while (working && !ready) {
        await read()
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    })()
    try {
      await drainJobs({ config, orm, observer }, url)
    } finally {
      working = false
      await watching
    }
    await read()
    const { rows } = await reader.query<{ playlist: string | null; error: string | null }>(
      `delete from video where id = $1 returning media->'ladder'->0->>'playlist' as playlist, media_error as error`,
      [queued.id],
    )
    if (!playable || !ready || !rows[0]?.playlist) throw new Error(`the bench video did not become ready: ${rows[0]?.error}`)
    return { playable, ready, encodes, lowestPlaylist: store.absolute(rows[0].playlist) }
  }

  return {
    dropAndWait,
    async close() {
      await reader.end()
      await orm.close()
      await db?.stop()
    },
  }
}
