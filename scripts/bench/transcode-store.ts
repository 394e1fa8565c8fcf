/**
 * npm run bench:transcode -- --store s3
 * The whole ingest of the 60 s 1080p bench source as the worker does it, through the media
 * store, on the local disk and on S3 (an s3rver on this machine, in a process of its own at the lowest CPU priority: a real S3
 * runs on machines of its own, and here it would otherwise take ffmpeg's cores):
 * keep the source in the store, fetch it, make every output (stills, clips, ladder, master,
 * download MP4), publish (disk: rename; S3: upload under the attempt prefix) and settle. S3 runs
 * twice: ingested on the worker's own machine (the drop folder: the worker keeps its copy of the
 * source, so the fetch is a size check) and ingested elsewhere (the source uploaded, the local
 * copy dropped, the worker downloads it). Runs BENCH_REPEAT times (default 2), interleaved, best
 * of each; prints the ratios (target: S3 within 1.05x of the local disk).
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MediaStore } from '../../server/services/media/store.js'
import { S3MediaStore } from '../../server/services/media/store-s3.js'
import { probe } from '../../worker/ffmpeg/probe.js'
import { makeVideoMedia } from '../../worker/media/video-pipeline.js'
import { LOCAL_S3_CREDENTIALS, spawnLocalS3 } from '../s3-server.js'

export interface StoreTiming {
  wall: number
  /** Seconds spent moving bytes: keeping and fetching the source, publishing, settling. */
  transfer: number
  /** The same by step: keep (the source into the store), fetch (it back), publish (the outputs; and settle). */
  steps: { keep: number; fetch: number; publish: number }
}

export async function benchStores(file: string, repeat: number, load: () => string): Promise<void> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-bench-store-'))
  const bucket = 'bench-media'
  const s3 = await spawnLocalS3(path.join(scratch, 's3'), bucket, { background: true })
  const settings = { kind: 's3' as const, endpoint: s3.endpoint, region: 'us-east-1', bucket, forcePathStyle: true, publicUrl: null, bunny: null, ...LOCAL_S3_CREDENTIALS }
  const info = await probe(file)
  const size = (await fs.stat(file)).size
  console.log(`whole ingest through the media store; source ${(size / 1e6).toFixed(0)} MB; S3: s3rver in a process of its own (nice 19) at ${s3.endpoint}; load ${load()}`)

  const ingest = async (store: MediaStore, round: number, sameMachine: boolean): Promise<StoreTiming> => {
    const key = `bench-${store.kind}-${sameMachine ? 'here' : 'elsewhere'}-${round}`
    const started = performance.now()
    const steps = { keep: 0, fetch: 0, publish: 0 }
    const moving = async <T>(step: keyof typeof steps, work: () => Promise<T>) => {
      const at = performance.now()
      const result = await work()
      steps[step] += (performance.now() - at) / 1000
      return result
    }
    await fs.mkdir(store.sourceDir(key), { recursive: true })
    await fs.copyFile(file, path.join(store.sourceDir(key), 'source.mp4'))
    await moving('keep', async () => {
      await store.keepSource(key)
      if (!sameMachine) await store.releaseSource(key)
    })
    const dir = await moving('fetch', () => store.fetchSource(key))
    const work = await store.freshWorkDir(key)
    await makeVideoMedia(path.join(dir, 'source.mp4'), info, work, { stage: () => () => undefined }, { store })
    await moving('publish', async () => {
      await store.publish(work)
      await store.settle(work)
      await store.releaseSource(key)
    })
    return { wall: (performance.now() - started) / 1000, transfer: steps.keep + steps.fetch + steps.publish, steps }
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
      for (const variant of variants) {
        process.stdout.write(`${variant.name}, run ${round} … `)
        const timing = await ingest(variant.store, round, variant.sameMachine)
        console.log(`${timing.wall.toFixed(1)} s wall (moving bytes ${timing.transfer.toFixed(1)} s: ${describeSteps(timing)}), load ${load()}`)
        runs.get(variant.name)!.push(timing)
      }
    }
    const best = (name: string) => runs.get(name)!.reduce((a, b) => (b.wall < a.wall ? b : a))
    const local = best('local')
    console.log(`\nbest of ${repeat}:`)
    for (const { name } of variants) {
      const timing = best(name)
      console.log(`  ${name.padEnd(28)} ${timing.wall.toFixed(1)} s (moving ${timing.transfer.toFixed(1)} s)${name === 'local' ? '' : `   / local = ${(timing.wall / local.wall).toFixed(3)}`}`)
    }
    console.log(`target: S3 at most 1.05x local; load average now: ${load()}`)
  } finally {
    await s3.stop()
    await fs.rm(scratch, { recursive: true, force: true })
  }
}

const describeSteps = ({ steps }: StoreTiming) => `keep ${steps.keep.toFixed(1)}, fetch ${steps.fetch.toFixed(1)}, publish ${steps.publish.toFixed(1)}`
