import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MediaStore, WorkDir } from '../../core/services/media/store.js'
import { EarlyUpload, POLL_MS } from '../../worker/media/early-upload.js'

/** A store that records what it is handed early, relative to the work folder. */
class RecordingStore extends MediaStore {
  handed: string[] = []
  constructor(private readonly work: () => WorkDir) {
    super('/nowhere')
  }
  override stageEarly(work: WorkDir, file: string): void {
    expect(work).toBe(this.work())
    this.handed.push(path.relative(work.dir, file))
  }
}

let dir: string
let work: WorkDir
let store: RecordingStore
beforeEach(async () => {
  // The watch's reads run when the test moves the clock on; the files are real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'early-upload-'))
  work = new WorkDir(dir, 'k1', ['a00000001'])
  store = new RecordingStore(() => work)
  for (const rung of ['sd', 'hd']) await fs.mkdir(path.join(dir, 'protected', 'hls', rung), { recursive: true })
})
afterEach(async () => {
  vi.useRealTimers()
  await fs.rm(dir, { recursive: true, force: true })
})

const segment = (rung: string, n: number) => fs.writeFile(path.join(dir, 'protected', 'hls', rung, `seg-${String(n).padStart(5, '0')}.ts`), 'x')
const playlists = () => ['sd', 'hd'].map((rung) => path.join(dir, 'protected', 'hls', rung, 'index.m3u8'))
const handedSorted = () => [...store.handed].sort()
/** The next reads of the watch, run to their end. */
const nextPass = async (watch: { settled(): Promise<void> }) => {
  await vi.advanceTimersByTimeAsync(POLL_MS)
  await watch.settled()
}

describe('EarlyUpload', () => {
  it('hands on a segment once the encoder has opened the next one, the newest ones and the playlists when the encode succeeded', async () => {
    const watch = new EarlyUpload(store, work).segments(playlists())
    await segment('sd', 0)
    await segment('hd', 0)
    // The newest segment of a folder may still be written: nothing yet, however often the folders are read.
    await nextPass(watch)
    await nextPass(watch)
    expect(store.handed).toEqual([])

    await segment('sd', 1)
    await segment('hd', 1)
    await segment('hd', 2)
    await nextPass(watch)
    expect(handedSorted()).toEqual(['protected/hls/hd/seg-00000.ts', 'protected/hls/hd/seg-00001.ts', 'protected/hls/sd/seg-00000.ts'])

    await watch.stop(true)
    expect(handedSorted()).toEqual([
      'protected/hls/hd/index.m3u8',
      'protected/hls/hd/seg-00000.ts',
      'protected/hls/hd/seg-00001.ts',
      'protected/hls/hd/seg-00002.ts',
      'protected/hls/sd/index.m3u8',
      'protected/hls/sd/seg-00000.ts',
      'protected/hls/sd/seg-00001.ts',
    ])
    // Each file once.
    expect(new Set(store.handed).size).toBe(store.handed.length)
  })

  it('hands on nothing more when the encode failed: its last segments may be cut short', async () => {
    const watch = new EarlyUpload(store, work).segments(playlists())
    await segment('sd', 0)
    await segment('sd', 1)
    await nextPass(watch)
    expect(store.handed).toEqual(['protected/hls/sd/seg-00000.ts'])
    await watch.stop(false)
    // Stopped: no more reads are due, and the clock moving on hands on nothing.
    expect(vi.getTimerCount()).toBe(0)
    await segment('sd', 2)
    await nextPass(watch)
    expect(store.handed).toEqual(['protected/hls/sd/seg-00000.ts'])
  })

  it('hands on every file of a finished folder', async () => {
    await fs.mkdir(path.join(dir, 'protected', 'scrub'), { recursive: true })
    await fs.writeFile(path.join(dir, 'protected', 'scrub', 'sheet-001.jpg'), 'x')
    await fs.writeFile(path.join(dir, 'protected', 'scrub', 'thumbnails.vtt'), 'x')
    await new EarlyUpload(store, work).folder(path.join(dir, 'protected', 'scrub'))
    expect(handedSorted()).toEqual(['protected/scrub/sheet-001.jpg', 'protected/scrub/thumbnails.vtt'])
  })
})
