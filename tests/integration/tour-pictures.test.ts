import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Banner, Image, ImageSet, Model, Video, type ImageRef } from '../../core/db/entities/index.js'
import { tourPathOf } from '../../core/domain/media/tour.js'
import { grabFrames, renderPicture, webpPathOf, type PictureTarget } from '../../core/ffmpeg/pictures.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { backfillTour } from '../../worker/media/tour-backfill.js'
import { makeModel, makeVideo } from '../support/factories.js'
import { ingestClipAndSet, makeTestImage, mediaTestEnv, pictureSize, tempDir, type MediaTestEnv } from '../support/media.js'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'

const exec = promisify(execFile)

/**
 * Tour renditions (issue 35, "Enforced on the server"): the pictures the public tour shows are
 * also rendered strongly blurred, beside the originals, by the pipeline and by a backfill for
 * older items, on both media stores. The blur leaves no detail: a blurred picture carries at most
 * a third of the original's bytes at the same size and format, measured on real ffmpeg output.
 */
describe('tour renditions leave no detail', () => {
  let tmp: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    tmp = await tempDir('tour-bytes')
  })
  afterAll(async () => tmp?.remove())

  /** Photo-like detail: a fractal's edges and a fine cellular pattern, as a 4 s 1280x720 video. */
  const SCENES = {
    fractal: 'mandelbrot=size=1280x720:rate=25',
    texture: 'cellauto=size=1280x720:rate=25:rule=110:random_fill_ratio=0.5',
  }

  for (const [name, pattern] of Object.entries(SCENES)) {
    it(`posters of a ${name} scene: blurred JPEG and WebP at most a third of the originals' bytes, at the same size`, async () => {
      const source = path.join(tmp.dir, `${name}.mp4`)
      await exec(ffmpegBinaries().ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        pattern,
        '-t',
        '4',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '16',
        '-pix_fmt',
        'yuv420p',
        source,
      ])
      const out = path.join(tmp.dir, name)
      const targets: PictureTarget[] = [320, 640, 1280].map((width) => ({
        file: path.join(out, `poster-${width}.jpg`),
        stored: `public/${name}/poster-${width}.jpg`,
        width,
        height: (width * 9) / 16,
        tour: true,
      }))
      const [refs] = await grabFrames(source, { container: 'mov,mp4,m4a,3gp,3g2,mj2', rotation: 0, fieldOrder: 'progressive' }, [{ at: 2, targets }])
      for (const [index, ref] of refs!.entries()) {
        expect(ref.tour).toBe(tourPathOf(ref.path))
        const file = targets[index]!.file
        const blurred = tourPathOf(file)
        const sizes = { jpeg: [await bytes(file), await bytes(blurred)], webp: [await bytes(webpPathOf(file)), await bytes(webpPathOf(blurred))] }
        for (const [format, [full, tour]] of Object.entries(sizes)) {
          expect(tour, `${name} ${ref.width} px ${format}: ${tour} of ${full} bytes`).toBeLessThanOrEqual(full! / 3)
        }
        expect(await pictureSize(blurred)).toEqual({ width: ref.width, height: ref.height })
        expect(await pictureSize(webpPathOf(blurred))).toEqual({ width: ref.width, height: ref.height })
      }
    })
  }

  it('a picture uploaded in the console gets its blurred renditions, cropped like it', async () => {
    const source = await makeTestImage(path.join(tmp.dir, 'portrait.png'), 900, 1200, 'mandelbrot')
    const targets: PictureTarget[] = [
      { file: path.join(tmp.dir, 'pictures', 'avatar.jpg'), stored: 'public/pictures/x/avatar.jpg', width: 256, height: 256, crop: true, tour: true },
      { file: path.join(tmp.dir, 'pictures', 'preview.jpg'), stored: 'public/pictures/x/preview.jpg', width: 600, height: 800, crop: true, tour: true },
    ]
    const refs = await renderPicture(source, targets)
    for (const [index, ref] of refs.entries()) {
      expect(ref).toMatchObject({ tour: tourPathOf(ref.path), webp: webpPathOf(ref.path) })
      const blurred = tourPathOf(targets[index]!.file)
      expect(await pictureSize(blurred)).toEqual({ width: ref.width, height: ref.height })
      expect(await bytes(blurred)).toBeLessThanOrEqual((await bytes(targets[index]!.file)) / 3)
    }
  })
})

for (const kind of ['local', 's3'] as const) {
  describe(`tour renditions on the ${kind} store`, () => {
    let t: MediaTestEnv
    let video: Video
    let imageSet: ImageSet

    beforeAll(async () => {
      t = await mediaTestEnv(`tour-${kind}`, { store: kind })
      ;({ video, imageSet } = await ingestClipAndSet(t))
    }, 120_000)

    afterAll(async () => {
      await t?.cleanup()
    })

    it('are made by the pipeline for posters and set previews only, as JPEG and WebP at their size', async () => {
      const images = await t.db.orm.em.fork().find(Image, { imageSet: imageSet.id })
      for (const ref of [...video.media.poster, ...imageSet.media.previews]) {
        expect(ref.tour, ref.path).toBe(tourPathOf(ref.path))
        expect(await storedSize(t, ref.tour!)).toEqual({ width: ref.width, height: ref.height })
        expect(await storedSize(t, webpPathOf(ref.tour!))).toEqual({ width: ref.width, height: ref.height })
      }
      // Stills and image thumbnails are not shown in the tour: no rendition made.
      for (const ref of [
        ...video.media.stills.flatMap((still) => [still.thumb, still.full]),
        ...images.flatMap((image) => [image.media.thumb, image.media.web]),
      ]) {
        expect(ref.tour, ref.path).toBeUndefined()
        expect(await t.store.stat(tourPathOf(ref.path))).toBeNull()
      }
    })

    it('are backfilled for pictures made before them, on every row naming them, once', async () => {
      const em = t.db.orm.em.fork()
      const strip = (ref: ImageRef): ImageRef => {
        const { tour: _, ...rest } = ref
        return rest
      }
      for (const ref of video.media.poster) {
        await removeStored(t.store, ref.tour!)
        await removeStored(t.store, webpPathOf(ref.tour!))
      }
      const withoutTour: Video['media'] = { ...video.media, poster: video.media.poster.map(strip) }
      await em.nativeUpdate(Video, video.id, { media: withoutTour })
      // A second row shares the files (as the demo's do); one names a picture that is not there.
      const twin = makeVideo(em, { title: { en: 'Twin' }, mediaStatus: 'ready' })
      twin.media = withoutTour
      const broken = makeVideo(em, { title: { en: 'Broken' }, mediaStatus: 'ready' })
      broken.media = { ...withoutTour, poster: [{ path: `public/${video.mediaKey}/gone.jpg`, width: 32, height: 18 }], stills: [] }
      // Model and banner pictures (a lone picture and a list) share a set preview's file.
      const preview = strip(imageSet.media.previews[0]!)
      const model = makeModel(em, { firstName: 'Backfilled' })
      model.avatar = preview
      await em.flush()
      const banner = em.create(Banner, { title: { en: 'Banner' }, image: [preview], position: 'top', active: true, sortOrder: 1 })
      await em.flush()
      await em.nativeUpdate(ImageSet, imageSet.id, { media: { ...imageSet.media, previews: [preview, ...imageSet.media.previews.slice(1)] } })
      await removeStored(t.store, imageSet.media.previews[0]!.tour!)

      const lines: string[] = []
      const expected = video.media.poster.length + 1
      expect(await backfillTour(t.db.orm, t.store, { log: (line) => lines.push(line) })).toEqual({ made: expected, failed: 1, more: false })
      expect(lines.some((line) => line.includes('gone.jpg'))).toBe(true)

      const read = t.db.orm.em.fork()
      for (const id of [video.id, twin.id]) expect((await read.findOneOrFail(Video, id)).media.poster).toEqual(video.media.poster)
      expect((await read.findOneOrFail(ImageSet, imageSet.id)).media.previews).toEqual(imageSet.media.previews)
      expect((await read.findOneOrFail(Model, model.id)).avatar).toEqual(imageSet.media.previews[0])
      expect((await read.findOneOrFail(Banner, banner.id)).image).toEqual([imageSet.media.previews[0]])
      for (const ref of [...video.media.poster, imageSet.media.previews[0]!]) {
        expect(await storedSize(t, ref.tour!)).toEqual({ width: ref.width, height: ref.height })
        expect(await storedSize(t, webpPathOf(ref.tour!))).toEqual({ width: ref.width, height: ref.height })
      }
      // The missing picture is marked and not tried again; nothing is left to do.
      expect((await read.findOneOrFail(Video, broken.id)).media.poster[0]!.tour).toBeNull()
      expect(await backfillTour(t.db.orm, t.store)).toEqual({ made: 0, failed: 0, more: false })
    })

    it('are backfilled in batches', async () => {
      const em = t.db.orm.em.fork()
      const previews = imageSet.media.previews.map(({ tour: _, ...ref }) => ref)
      for (const ref of imageSet.media.previews) await removeStored(t.store, ref.tour!)
      await em.nativeUpdate(ImageSet, imageSet.id, { media: { ...imageSet.media, previews } })
      await em.nativeUpdate(Model, { id: { $ne: 0 } }, { avatar: null })
      await em.nativeDelete(Banner, {})
      expect(previews.length).toBeGreaterThanOrEqual(2)
      expect(await backfillTour(t.db.orm, t.store, { limit: 1 })).toEqual({ made: 1, failed: 0, more: true })
      expect(await backfillTour(t.db.orm, t.store, { limit: 10 })).toEqual({ made: previews.length - 1, failed: 0, more: false })
      expect((await t.db.orm.em.fork().findOneOrFail(ImageSet, imageSet.id)).media.previews).toEqual(imageSet.media.previews)
    })
  })
}

const bytes = async (file: string) => (await fs.stat(file)).size

/** A stored picture's pixel size, read through the store as the site does. */
async function storedSize(t: MediaTestEnv, stored: string) {
  const copy = path.join(t.tmp.dir, 'read', stored.replace(/\//g, '_'))
  await fs.mkdir(path.dirname(copy), { recursive: true })
  await fs.writeFile(copy, Buffer.concat(await (await t.store.openRead(stored)).toArray()))
  return pictureSize(copy)
}

/** Removes a stored file on either backend. */
async function removeStored(store: MediaStore, stored: string): Promise<void> {
  if (store.kind === 's3') await (store as unknown as { deleteKeys(keys: string[]): Promise<void> }).deleteKeys([stored])
  else await fs.rm(store.absolute(stored))
}
