/**
 * npm run bench:transcode -- --store s3
 * The whole ingest of the 60 s 1080p bench source as the worker does it, through the media
 * store, on the local disk and on S3 (an s3rver on this machine, in a process of its own at the
 * lowest CPU priority: a real S3 runs on machines of its own, and here it would otherwise take
 * ffmpeg's cores): fetch the source, make every output (stills, clips, ladder, master, download
 * MP4), publish (disk: rename; S3: upload under the attempt prefix) and settle. S3 runs twice:
 * - ingested on the worker's own machine (the drop folder): the worker keeps its copy, the drop
 *   job uploads it alongside the transcode, and the fetch is a size check;
 * - ingested elsewhere (npm run ingest, the console): that machine uploaded the source before the
 *   job existed (timed apart, not in the wall time); the worker downloads it.
 * The wall time is the worker's part, from the job's start. Runs BENCH_REPEAT times (default 2),
 * interleaved, each round starting with the next variant; prints the best and the median of each
 * and their ratios (target: S3 within 1.05x of the local disk), and each run's CPU by process.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MediaStore } from '../../core/services/media/store.js'
import { S3MediaStore } from '../../core/services/media/store-s3.js'
import { probe } from '../../core/ffmpeg/probe.js'
import { makeVideoMedia } from '../../worker/media/video-pipeline.js'
import { LOCAL_S3_CREDENTIALS, spawnLocalS3 } from '../s3-server.js'
import { cpuSplit } from './cpu.js'

export interface StoreTiming {
  /** The worker's part: from the job's start (the source in the store) to the item's outputs published and settled. */
  wall: number
  /** Ingested elsewhere: that machine's upload of the source, before the job existed (not in `wall`). */
  upstream: number
  /** Seconds spent moving bytes: keeping and fetching the source, publishing, settling. */
  transfer: number
  /**
   * The same by step: keep (the source into the store), fetch (it back), publish (the outputs;
   * and settle); and the source's upload that ran alongside the transcode (not in `transfer`).
   */
  steps: { keep: number; fetch: number; publish: number; alongside: number }
  /** CPU seconds of the worker's own process (Node: the SDK, hashing), its ffmpeg children, and the S3 server. */
  cpu: { worker: number; ffmpeg: number; s3: number }
}

export async function benchStores(file: string, repeat: number, load: () => string): Promise<void> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-bench-store-'))
  const bucket = 'bench-media'
  const s3 = await spawnLocalS3(path.join(scratch, 's3'), bucket, { background: true })
  const settings = {
    kind: 's3' as const,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket,
    forcePathStyle: true,
    publicUrl: null,
    bunny: null,
    ...LOCAL_S3_CREDENTIALS,
  }
  const info = await probe(file)
  const size = (await fs.stat(file)).size
  console.log(
    `whole ingest through the media store; source ${(size / 1e6).toFixed(0)} MB; S3: s3rver in a process of its own (nice 19) at ${s3.endpoint}; load ${load()}`,
  )

  const ingest = async (store: MediaStore, round: number, sameMachine: boolean): Promise<StoreTiming> => {
    const key = `bench-${store.kind}-${sameMachine ? 'here' : 'elsewhere'}-${round}`
    await fs.mkdir(store.sourceDir(key), { recursive: true })
    await fs.copyFile(file, path.join(store.sourceDir(key), 'source.mp4'))
    // A source ingested elsewhere (npm run ingest, the console's upload) is uploaded by that
    // machine before its job exists: timed apart, before the worker's part starts.
    const upstream = sameMachine
      ? 0
      : await timedSeconds(async () => {
          await store.keepSource(key)
          await store.releaseSource(key)
        })
    const cpuBefore = { self: await cpuSplit(), s3: await cpuSplit(s3.pid!) }
    const started = performance.now()
    const steps = { keep: 0, fetch: 0, publish: 0, alongside: 0 }
    const moving = async <T>(step: 'keep' | 'fetch' | 'publish', work: () => Promise<T>) => {
      const at = performance.now()
      const result = await work()
      steps[step] += (performance.now() - at) / 1000
      return result
    }
    // A worker's own drop: the drop job uploads the source after writing the row, alongside the transcode of its copy.
    const keeping = sameMachine ? timedSeconds(() => store.keepSource(key)) : Promise.resolve(0)
    const dir = await moving('fetch', () => store.fetchSource(key))
    const work = await store.freshWorkDir(key)
    await makeVideoMedia(path.join(dir, 'source.mp4'), info, work, { stage: () => () => undefined }, { store })
    // What is still left of that upload once the outputs are made counts (normally nothing).
    steps.alongside = await moving('keep', () => keeping)
    const wall = (performance.now() - started) / 1000
    const [self, server] = [await cpuSplit(), await cpuSplit(s3.pid!)]
    const cpu = { worker: self.own - cpuBefore.self.own, ffmpeg: self.children - cpuBefore.self.children, s3: server.own - cpuBefore.s3.own }
    return { wall, upstream, transfer: steps.keep + steps.fetch + steps.publish, steps, cpu }
  }

  try {
    const stores = {
      local: new MediaStore(path.join(scratch, 'local')),
      s3: new S3MediaStore(path.join(scratch, 's3-scratch'), settings),
    }
    const variants = [
      { name: 'local', store: stores.local, sameMachine: true },
      { name: 's3, ingested on the worker', store: stores.s3, sameMachine: true },
      { name: 's3, ingested elsewhere', store: stores.s3, sameMachine: false },
    ]
    const runs = new Map<string, StoreTiming[]>(variants.map((v) => [v.name, []]))
    for (let round = 1; round <= repeat; round++) {
      // Each round starts with the next variant: none always runs first (after an idle spell) or last.
      for (const variant of variants.map((_, i) => variants[(i + round - 1) % variants.length]!)) {
        process.stdout.write(`${variant.name}, run ${round} … `)
        const timing = await ingest(variant.store, round, variant.sameMachine)
        console.log(`${timing.wall.toFixed(1)} s wall (moving bytes ${timing.transfer.toFixed(1)} s: ${describeSteps(timing)}), load ${load()}`)
        runs.get(variant.name)!.push(timing)
      }
    }
    const best = (name: string) => runs.get(name)!.reduce((a, b) => (b.wall < a.wall ? b : a))
    const median = (name: string) => {
      const walls = runs
        .get(name)!
        .map((run) => run.wall)
        .sort((a, b) => a - b)
      return (walls[Math.floor((walls.length - 1) / 2)]! + walls[Math.ceil((walls.length - 1) / 2)]!) / 2
    }
    const local = best('local')
    console.log(`\nbest of ${repeat} (and the median, which a slow spell of the shared machine moves less):`)
    for (const { name } of variants) {
      const timing = best(name)
      const upstream = timing.upstream ? `; with the upload before the job ${((timing.wall + timing.upstream) / local.wall).toFixed(3)}` : ''
      const ratios =
        name === 'local' ? '' : `   / local = ${(timing.wall / local.wall).toFixed(3)} (median ${(median(name) / median('local')).toFixed(3)}${upstream})`
      console.log(`  ${name.padEnd(28)} ${timing.wall.toFixed(1)} s, median ${median(name).toFixed(1)} s (moving ${timing.transfer.toFixed(1)} s)${ratios}`)
    }
    console.log(`target: S3 at most 1.05x local; load average now: ${load()}`)
  } finally {
    await s3.stop()
    await fs.rm(scratch, { recursive: true, force: true })
  }
}

const timedSeconds = async (work: () => Promise<void>): Promise<number> => {
  const started = performance.now()
  await work()
  return (performance.now() - started) / 1000
}
const describeSteps = ({ steps, cpu, upstream }: StoreTiming) =>
  `${upstream ? `before the job, the ingesting machine's upload ${upstream.toFixed(1)}; ` : ''}keep ${steps.keep.toFixed(1)}${steps.alongside >= 0.05 ? ` (the upload, ${steps.alongside.toFixed(1)} s, alongside)` : ''}, fetch ${steps.fetch.toFixed(1)}, publish ${steps.publish.toFixed(1)}; CPU s: ffmpeg ${cpu.ffmpeg.toFixed(1)}, worker ${cpu.worker.toFixed(1)}, S3 server ${cpu.s3.toFixed(1)}`
