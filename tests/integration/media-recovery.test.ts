import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Video } from '../../server/db/entities/index.js'
import { ingestSource } from '../../server/services/ingest.js'
import { parseMediaPlaylist } from '../../worker/ffmpeg/ladder.js'
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
    env: { ...process.env, ...t.env, DATABASE_URL: t.db.url, APP_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'warn', WORKER_CONCURRENCY: '1' },
    detached: true,
    stdio: 'ignore',
  })
  workers.push(child)
  return child
}


describe('a worker killed in the middle of a transcode', () => {
  it('publishes nothing half-made, and after a restart the job completes', { timeout: 180_000 }, async () => {
    const source = await makeTestVideo(path.join(t.tmp.dir, 'long.mp4'), { width: 1280, height: 720, seconds: 10 })
    const queued = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'video', source, mode: 'copy' })
    if (queued.status !== 'queued') throw new Error(JSON.stringify(queued))
    const row = () => t.db.orm.em.fork().findOneOrFail(Video, queued.id)

    const first = startWorker()
    // Past the stills and clips, well into the ladder.
    await until('the ladder to be under way', async () => Number((await row()).mediaProgress) >= 0.3)
    process.kill(-first.pid!, 'SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))

    const killed = await row()
    expect(killed.mediaStatus).toBe('processing')
    expect(Number(killed.mediaProgress)).toBeLessThan(1)
    // Scratch files of the killed attempt exist, but nothing is published.
    expect((await listFiles(path.join(t.config.mediaDir, '.work'))).length).toBeGreaterThan(0)
    expect(await listFiles(path.join(t.config.mediaDir, 'public', killed.mediaKey))).toEqual([])
    expect(await listFiles(path.join(t.config.mediaDir, 'protected', killed.mediaKey))).toEqual([])
    const locked = await t.db.orm.em.getConnection().execute(`select count(*)::int as n from graphile_worker.jobs where locked_at is not null`)
    expect(locked[0]?.n).toBe(1)

    startWorker()
    const done = await until('the retry to finish', async () => {
      const video = await row()
      // Ready comes first, the release (releasedAt) right after it in its own statement.
      return (video.mediaStatus === 'ready' && video.releasedAt) || video.mediaStatus === 'failed' ? video : null
    })
    expect(done.mediaError).toBeNull()
    expect(done.mediaStatus).toBe('ready')
    expect(done.resolutions).toEqual(['sd', 'hd'])
    expect(done.releasedAt).not.toBeNull()
    const master = await fs.readFile(t.store.absolute(done.media.master!), 'utf8')
    expect(master.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(2)
    for (const rung of done.media.ladder) {
      const playlist = await fs.readFile(t.store.absolute(rung.playlist), 'utf8')
      expect(playlist).toContain('#EXT-X-ENDLIST')
      const segments = parseMediaPlaylist(playlist)
      expect(segments.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(10, 0)
      for (const segment of segments) await fs.access(path.join(path.dirname(t.store.absolute(rung.playlist)), segment.file))
    }
    expect(await listFiles(path.join(t.config.mediaDir, '.work'))).toEqual([])
    // The job is marked done just after the row flips (once the task has returned).
    const jobsLeft = async () => (await t.db.orm.em.getConnection().execute(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'media_process_video'`))[0]?.n
    await until('the job to be marked done', async () => (await jobsLeft()) === 0)
  })
})
