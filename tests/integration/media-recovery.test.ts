import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { parseMediaPlaylist } from '../../core/ffmpeg/ladder.js'
import { listFiles, makeTestVideo, mediaTestEnv, type MediaTestEnv } from '../support/media.js'
import { until } from '../support/wait.js'

let t: MediaTestEnv
const workers: ChildProcess[] = []

beforeAll(async () => {
  t = await mediaTestEnv('recovery')
})
afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) process.kill(-worker.pid!, 'SIGKILL')
  await t.cleanup()
})

/** The real worker process (worker/main.ts), in its own process group like a service. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    env: {
      ...process.env,
      ...t.env,
      DATABASE_URL: t.db.url,
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '1',
    },
    detached: true,
    stdio: 'ignore',
  })
  workers.push(child)
  return child
}

describe('a worker killed in the middle of a transcode', () => {
  it(
    'publishes nothing half-made; killed after the first publication, the video stays playable and the next worker makes the higher rungs only',
    { timeout: 120_000 },
    async () => {
      const source = await makeTestVideo(path.join(t.tmp.dir, 'long.mp4'), { width: 1280, height: 720, seconds: 10 })
      const queued = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
      if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
      const row = () => t.db.orm.em.fork().findOneOrFail(Video, queued.id)
      const kill = async (worker: ChildProcess) => {
        process.kill(-worker.pid!, 'SIGKILL')
        await new Promise((resolve) => worker.once('exit', resolve))
      }
      const published = async (mediaKey: string) => [
        ...(await listFiles(path.join(t.config.mediaDir, 'public', mediaKey))),
        ...(await listFiles(path.join(t.config.mediaDir, 'protected', mediaKey))),
      ]

      // 1. Killed while the lowest rung encodes (past the stills and clips): nothing is published.
      const first = startWorker()
      await until('the lowest rung to be under way', async () => Number((await row()).mediaProgress) >= 0.12)
      await kill(first)
      const killed = await row()
      expect(killed).toMatchObject({ mediaStatus: 'processing', resolutions: [], releasedAt: null })
      // Scratch files of the killed attempt exist, but nothing is published.
      expect((await listFiles(path.join(t.config.mediaDir, '.work'))).length).toBeGreaterThan(0)
      expect(await published(killed.mediaKey)).toEqual([])
      const locked = await t.db.orm.em.getConnection().execute(`select count(*)::int as n from graphile_worker.jobs where locked_at is not null`)
      expect(locked[0]?.n).toBe(1)

      // 2. Killed right after the first publication, while the higher rung encodes: playable at sd, released.
      const second = startWorker()
      const playable = await until('the first publication', async () => {
        const video = await row()
        return video.resolutions.length > 0 && video.releasedAt ? video : null
      })
      await kill(second)
      expect(playable).toMatchObject({ mediaStatus: 'processing', resolutions: ['sd'], pendingResolutions: ['hd'], highestResolution: 'sd' })
      expect((await fs.readFile(t.store.absolute(playable.media.master!), 'utf8')).match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(1)
      expect((await published(playable.mediaKey)).filter((file) => file.startsWith('hls/hd/') || file.startsWith('download/'))).toEqual([])
      const sdPlaylist = t.store.absolute(playable.media.ladder[0]!.playlist)
      const sdBefore = (await fs.stat(sdPlaylist)).mtimeMs

      // 3. The next worker resumes with the higher rung only.
      startWorker()
      const done = await until('the retry to finish', async () => {
        const video = await row()
        // Ready comes first, the release (releasedAt) right after it in its own statement.
        return (video.mediaStatus === 'ready' && video.releasedAt) || video.mediaStatus === 'failed' ? video : null
      })
      expect(done.mediaError).toBeNull()
      expect(done.mediaStatus).toBe('ready')
      expect(done.resolutions).toEqual(['sd', 'hd'])
      expect(done.pendingResolutions).toEqual([])
      expect(done.releasedAt).toEqual(playable.releasedAt)
      expect(done.media.ladder[0]).toEqual(playable.media.ladder[0])
      expect((await fs.stat(sdPlaylist)).mtimeMs).toBe(sdBefore)
      const master = await fs.readFile(t.store.absolute(done.media.master!), 'utf8')
      expect(master.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(2)
      for (const rung of done.media.ladder) {
        const playlist = await fs.readFile(t.store.absolute(rung.playlist), 'utf8')
        expect(playlist).toContain('#EXT-X-ENDLIST')
        const segments = parseMediaPlaylist(playlist)
        expect(segments.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(10, 0)
        for (const segment of segments) await fs.access(path.join(path.dirname(t.store.absolute(rung.playlist)), segment.file))
      }
      await fs.access(t.store.absolute(done.media.download!))
      expect(await listFiles(path.join(t.config.mediaDir, '.work'))).toEqual([])
      // The job is marked done just after the row flips (once the task has returned).
      const jobsLeft = async () =>
        (await t.db.orm.em.getConnection().execute(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'media_process_video'`))[0]?.n
      await until('the job to be marked done', async () => (await jobsLeft()) === 0)
    },
  )
})
