import fs from 'node:fs/promises'
import { createWriteStream } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Category, Image, ImageSet, Model, Video } from '../../core/db/entities/index.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import { DropWatcher } from '../../worker/media/ingest-folder.js'
import { ingestDrop } from '../../worker/tasks/media-ingest-drop.js'
import { drainJobs, scanOnce } from '../../worker/runner.js'
import { listFiles, makeTestImage, makeTestVideo, pictureSize, mediaTestEnv, type MediaTestEnv } from '../support/media.js'

let t: MediaTestEnv

beforeAll(async () => {
  t = await mediaTestEnv('ingest')
  await fs.mkdir(t.config.ingestDir, { recursive: true })
})
afterAll(() => t.cleanup())

const deps = () => ({ config: t.config, orm: t.db.orm })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the worker's watcher loop does: scan, run the queued jobs, until the drop has left the folder. */
async function takeDrop(watcher: DropWatcher, name: string) {
  for (let round = 0; round < 50; round++) {
    await scanOnce(deps(), watcher, () => undefined)
    await drainJobs(deps(), t.db.url)
    if (!(await fs.readdir(t.config.ingestDir)).includes(name)) return
    await sleep(100)
  }
  throw new Error(`${name} was not taken`)
}

describe('an image set folder', () => {
  it('keeps the originals, makes thumbnails, web renditions and the preview collage, and counts the images', async () => {
    const dir = path.join(t.tmp.dir, 'sets', 'Beach day')
    await makeTestImage(path.join(dir, 'img 2.png'), 1200, 800)
    await makeTestImage(path.join(dir, 'img 10.jpg'), 2400, 1600, 'smptehdbars')
    await makeTestImage(path.join(dir, 'img 1.jpg'), 800, 1200, 'rgbtestsrc')
    await makeTestImage(path.join(dir, 'img 3.webp'), 640, 480)
    await makeTestImage(path.join(dir, 'img 4.jpg'), 3000, 2000)
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not a picture')

    const result = await ingestSource(t.db.orm.em.fork(), t.store, { kind: 'imageSet', source: dir, mode: 'copy' })
    expect(result).toMatchObject({ status: 'queued', kind: 'imageSet' })
    await drainJobs(deps(), t.db.url)

    const em = t.db.orm.em.fork()
    const set = await em.findOneOrFail(ImageSet, (result as { id: number }).id)
    expect(set).toMatchObject({ mediaStatus: 'ready', mediaError: null, imagesCount: 5, title: { en: 'Beach day' } })
    const images = await em.find(Image, { imageSet: set.id }, { orderBy: { position: 'asc' } })
    expect(images.map((image) => image.position)).toEqual([1, 2, 3, 4, 5])
    // Natural name order: img 1, img 2, img 3, img 4, img 10.
    expect(images.map((image) => [image.media.original.width, image.media.original.height])).toEqual([
      [800, 1200],
      [1200, 800],
      [640, 480],
      [3000, 2000],
      [2400, 1600],
    ])
    const original = await fs.readFile(t.store.absolute(images[0]!.media.original.path))
    expect(original.equals(await fs.readFile(path.join(dir, 'img 1.jpg')))).toBe(true)
    for (const image of images) {
      expect(image.media.original.path.startsWith(`protected/${set.mediaKey}/originals/`)).toBe(true)
      expect(image.media.web.path.startsWith(`protected/${set.mediaKey}/web/`)).toBe(true)
      expect(image.media.thumb.path.startsWith(`public/${set.mediaKey}/thumbs/`)).toBe(true)
      expect(Math.max(image.media.thumb.width, image.media.thumb.height)).toBe(400)
      expect(Math.max(image.media.web.width, image.media.web.height)).toBe(Math.min(1600, Math.max(image.media.original.width, image.media.original.height)))
      expect(await pictureSize(t.store.absolute(image.media.thumb.path))).toEqual({ width: image.media.thumb.width, height: image.media.thumb.height })
      expect(await pictureSize(t.store.absolute(image.media.web.path))).toEqual({ width: image.media.web.width, height: image.media.web.height })
    }
    expect(set.media.previews).toHaveLength(4)
    for (const preview of set.media.previews) {
      expect(preview.path.startsWith(`public/${set.mediaKey}/previews/`)).toBe(true)
      expect(await pictureSize(t.store.absolute(preview.path))).toEqual({ width: preview.width, height: preview.height })
    }
    expect(set.releasedAt).not.toBeNull()
  })
})

describe('the ingest folder', () => {
  it('does not pick up a file while it is still being written, then picks it up once settled', async () => {
    const watcher = new DropWatcher(t.config.ingestDir, 400)
    const file = path.join(t.config.ingestDir, 'slow copy.mp4')
    const out = createWriteStream(file)
    // The watcher's clock is given, counted from the file's last change: no waiting on real time.
    const afterLastWrite = async (ms: number) => (await fs.stat(file)).mtimeMs + ms
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => out.write(Buffer.alloc(32 * 1024, i), resolve))
      expect(await watcher.scan(await afterLastWrite(120))).toEqual([])
    }
    // Past the settle time, but still open by a writer (a copy that stalls): not yet.
    expect(await watcher.scan(await afterLastWrite(600))).toEqual([])
    expect(await watcher.scan(await afterLastWrite(600))).toEqual([])
    await new Promise((resolve) => out.end(resolve))
    // Closed, unchanged, but within the settle time: not yet.
    expect(await watcher.scan(await afterLastWrite(300))).toEqual([])
    const ready = [...(await watcher.scan(await afterLastWrite(450))), ...(await watcher.scan(await afterLastWrite(450)))]
    expect(ready.map((drop) => drop.name)).toEqual(['slow copy.mp4'])
    // Handed out once only.
    expect(await watcher.scan(await afterLastWrite(5_000))).toEqual([])
    await fs.rm(file)
  })

  it('ingests a dropped video with its metadata, and rejects the same video dropped again', async () => {
    const em = t.db.orm.em.fork()
    const category = em.create(Category, { slug: 'outdoor', title: { en: 'Outdoor' }, description: {} })
    const anna = em.create(Model, { firstName: 'Anna', description: {}, bio: {}, alt: {} })
    await em.flush()
    const source = await makeTestVideo(path.join(t.tmp.dir, 'drop-src', 'Sommer am See.mp4'), { width: 640, height: 360, seconds: 2 })
    const publishAt = new Date(Date.now() + 86_400_000)
    await fs.copyFile(source, path.join(t.config.ingestDir, 'Sommer am See.mp4'))
    await fs.writeFile(
      path.join(t.config.ingestDir, 'Sommer am See.json'),
      JSON.stringify({
        title: { de: 'Sommer am See', en: 'Summer by the lake' },
        models: ['anna'],
        category: 'outdoor',
        publish_at: publishAt.toISOString(),
        downloadable: false,
      }),
    )

    const watcher = new DropWatcher(t.config.ingestDir, 0)
    expect(await scanOnce(deps(), watcher, () => undefined)).toBe(0)
    await takeDrop(watcher, 'Sommer am See.mp4')

    const video = await t.db.orm.em.fork().findOneOrFail(Video, { sourceName: 'Sommer am See.mp4' }, { populate: ['models'] })
    expect(video).toMatchObject({ mediaStatus: 'ready', downloadable: false, title: { de: 'Sommer am See', en: 'Summer by the lake' }, resolutions: ['sd'] })
    expect(video.category?.id).toBe(category.id)
    expect(video.featuredModel?.id).toBe(anna.id)
    expect(video.models.getItems().map((m) => m.id)).toEqual([anna.id])
    expect(video.publishAt?.toISOString()).toBe(publishAt.toISOString())
    // Ready, but its publish time has not come: not released yet.
    expect(video.releasedAt).toBeNull()
    expect(await listFiles(t.config.ingestDir)).toEqual([])
    expect(await listFiles(t.store.sourceDir(video.mediaKey))).toEqual(['meta.json', 'source.mp4'])

    await fs.copyFile(source, path.join(t.config.ingestDir, 'again.mp4'))
    await takeDrop(watcher, 'again.mp4')
    expect(await listFiles(t.config.ingestDir)).toEqual(['rejected/again.mp4', 'rejected/again.mp4.error.txt'])
    expect(await fs.readFile(path.join(t.config.ingestDir, 'rejected', 'again.mp4.error.txt'), 'utf8')).toContain(
      `already ingested as video ${video.id} (status: ready)`,
    )
    expect(await t.db.orm.em.fork().count(Video, {})).toBe(1)
  })

  it('ingests a dropped image folder with the metadata file inside it', async () => {
    const folder = path.join(t.config.ingestDir, 'Garden set')
    await makeTestImage(path.join(folder, '01.jpg'), 640, 480)
    await makeTestImage(path.join(folder, '02.jpg'), 480, 640, 'smptehdbars')
    await fs.writeFile(path.join(folder, 'meta.json'), JSON.stringify({ title: { en: 'Garden', it: 'Giardino' }, downloadable: false }))
    await takeDrop(new DropWatcher(t.config.ingestDir, 0), 'Garden set')
    const set = await t.db.orm.em.fork().findOneOrFail(ImageSet, { sourceName: 'Garden set' })
    expect(set).toMatchObject({ mediaStatus: 'ready', imagesCount: 2, downloadable: false, title: { en: 'Garden', it: 'Giardino' } })
    expect(await listFiles(t.store.sourceDir(set.mediaKey))).toEqual(['01.jpg', '02.jpg', 'meta.json'])
    expect(await fs.readdir(t.config.ingestDir)).not.toContain('Garden set')
  })

  it('keeps a dropped video and its metadata when its row cannot be written, and the retried drop ingests them', async () => {
    await makeTestVideo(path.join(t.config.ingestDir, 'late.mp4'), { width: 192, height: 108, seconds: 1 })
    await fs.writeFile(path.join(t.config.ingestDir, 'late.json'), JSON.stringify({ title: { en: 'Late', fr: 'En retard' } }))
    const drop = { kind: 'video' as const, name: 'late.mp4', metaName: 'late.json', mediaKey: 'late-drop' }
    const db = t.db.orm.em.getConnection()
    await db.execute(`create function refuse_video() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`)
    await db.execute(`create trigger refuse_video before insert on video for each row execute function refuse_video()`)
    try {
      await expect(ingestDrop(deps(), drop)).rejects.toThrow(/refused for the test/)
    } finally {
      await db.execute(`drop trigger refuse_video on video; drop function refuse_video()`)
    }
    // Moved out of the drop folder, and still here for the retry.
    expect(await listFiles(t.store.sourceDir(drop.mediaKey))).toEqual(['meta.json', 'source.mp4'])
    expect(await ingestDrop(deps(), drop)).toMatchObject({ status: 'queued' })
    const video = await t.db.orm.em.fork().findOneOrFail(Video, { mediaKey: drop.mediaKey })
    expect(video).toMatchObject({ sourceName: 'late.mp4', mediaStatus: 'pending', title: { en: 'Late', fr: 'En retard' } })
    expect(await listFiles(t.store.sourceDir(drop.mediaKey))).toEqual(['meta.json', 'source.mp4'])
  })

  it('rejects a drop whose metadata is wrong, saying why, and creates nothing', async () => {
    await makeTestVideo(path.join(t.config.ingestDir, 'clip.mov'), { width: 320, height: 180, seconds: 1 })
    await fs.writeFile(path.join(t.config.ingestDir, 'clip.mov.json'), JSON.stringify({ models: ['Nobody'], publish_at: 'next week' }))
    await takeDrop(new DropWatcher(t.config.ingestDir, 0), 'clip.mov')
    const reason = await fs.readFile(path.join(t.config.ingestDir, 'rejected', 'clip.mov.error.txt'), 'utf8')
    expect(reason).toContain('metadata file clip.mov.json: publish_at: Invalid ISO datetime')
    expect(await listFiles(path.join(t.config.ingestDir, 'rejected'))).toEqual(expect.arrayContaining(['clip.mov', 'clip.mov.json']))
    expect(await t.db.orm.em.fork().count(Video, { sourceName: 'clip.mov' })).toBe(0)
  })
})
