import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Image, ImageSet, Video, type ImageRef } from '../../core/db/entities/index.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { backfillWebp } from '../../worker/media/webp-backfill.js'
import { createTestApp, trpcQuery, type TestApp } from '../support/app.js'
import { makeVideo } from '../support/factories.js'
import { ingestClipAndSet, mediaTestEnv, pictureSize, type MediaTestEnv } from '../support/media.js'

/**
 * WebP pictures (issue 13) on both media stores: the worker writes every public picture also
 * as WebP beside its JPEG (posters, still thumbnails, image thumbnails and set previews), the
 * site serves them as image/webp and offers them in a `<source>`; pictures made before that get
 * theirs from the backfill task, on every row that names them, once. Needs `npm run build`
 * (the page render).
 */
for (const kind of ['local', 's3'] as const) {
  describe(`WebP pictures on the ${kind} store`, () => {
    let t: MediaTestEnv
    let app: TestApp
    let video: Video
    let imageSet: ImageSet

    beforeAll(async () => {
      t = await mediaTestEnv(`webp-${kind}`, { store: kind })
      app = await createTestApp(t.db.orm, t.env)
      ;({ video, imageSet } = await ingestClipAndSet(t))
    }, 120_000)

    afterAll(async () => {
      await app?.app.close()
      await t?.cleanup()
    })

    const get = (url: string) => app.app.inject({ method: 'GET', url })
    /** A stored file's first bytes and its pixel size (read through the store, as the site does). */
    async function storedPicture(store: MediaStore, stored: string) {
      const copy = path.join(t.tmp.dir, 'read', stored.replace(/\//g, '_'))
      await fs.mkdir(path.dirname(copy), { recursive: true })
      await fs.writeFile(copy, Buffer.concat(await (await store.openRead(stored)).toArray()))
      const bytes = await fs.readFile(copy)
      return { riff: bytes.subarray(0, 4).toString('latin1'), format: bytes.subarray(8, 12).toString('latin1'), size: await pictureSize(copy) }
    }
    const publicUrl = (stored: string) => `/media/${stored.slice('public/'.length)}`

    it('are made by the pipeline beside every public JPEG, at its size, and not for members-only pictures', async () => {
      const images = await t.db.orm.em.fork().find(Image, { imageSet: imageSet.id }, { orderBy: { position: 'asc' } })
      const publicRefs: ImageRef[] = [
        ...video.media.poster,
        ...video.media.stills.map((still) => still.thumb),
        ...imageSet.media.previews,
        ...images.map((image) => image.media.thumb),
      ]
      expect(publicRefs.length).toBeGreaterThanOrEqual(8)
      for (const ref of publicRefs) {
        expect(ref.webp, ref.path).toBe(ref.path.replace(/\.jpg$/, '.webp'))
        expect(await storedPicture(t.store, ref.webp!)).toEqual({ riff: 'RIFF', format: 'WEBP', size: { width: ref.width, height: ref.height } })
      }
      for (const ref of [...video.media.stills.map((still) => still.full), ...images.map((image) => image.media.web)]) {
        expect(ref.webp, ref.path).toBeUndefined()
        expect(await t.store.stat(ref.path.replace(/\.jpg$/, '.webp'))).toBeNull()
      }
      // Half the bytes of the JPEG or less, for the same picture.
      const poster = video.media.poster.at(-1)!
      expect((await t.store.stat(poster.webp!))!.size).toBeLessThan((await t.store.stat(poster.path))!.size * 0.8)
    })

    it('are served as image/webp and offered before the JPEG in the pages', async () => {
      const poster = video.media.poster.at(-1)!
      const served = await get(publicUrl(poster.webp!))
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP')

      const detail = (await trpcQuery(app.app, 'catalog.video', { locale: 'en', id: video.id })).json().result.data
      expect(detail.poster.src).toMatch(/\.jpg$/)
      for (const ref of video.media.poster) expect(detail.poster.webpSrcSet ?? '').toContain(publicUrl(ref.webp!))

      const page = await get(`/en/videos/${video.id}`)
      expect(page.statusCode).toBe(200)
      const pictureElement = /<picture[^>]*><source type="image\/webp" srcSet="([^"]+)"[^>]*\/?><img [^>]*src="([^"]+)"/.exec(page.body)
      expect(pictureElement, 'a <picture> with a WebP source before the JPEG').not.toBeNull()
      expect(pictureElement![1]).toContain('.webp')
      expect(pictureElement![2]).toMatch(/\.jpg$/)
    })

    it('are backfilled for pictures made before them, on every row naming them, once', async () => {
      const em = t.db.orm.em.fork()
      // As before WebP: the files gone, the rows without `webp`; a second row shares the files (as the demo's do).
      const withoutWebp: Video['media'] = {
        ...video.media,
        poster: video.media.poster.map(({ webp: _, ...ref }) => ref),
        stills: video.media.stills.map(({ thumb: { webp: _, ...thumb }, full }) => ({ thumb, full })),
      }
      for (const ref of [...video.media.poster, ...video.media.stills.map((s) => s.thumb)]) await removeStored(t.store, ref.webp!)
      await em.nativeUpdate(Video, video.id, { media: withoutWebp })
      const twin = makeVideo(em, { title: { en: 'Twin' }, mediaStatus: 'ready' })
      twin.media = withoutWebp
      // And one naming a picture that is not there.
      const broken = makeVideo(em, { title: { en: 'Broken' }, mediaStatus: 'ready' })
      broken.media = { ...withoutWebp, poster: [{ path: `public/${video.mediaKey}/gone.jpg`, width: 32, height: 18 }], stills: [] }
      await em.flush()

      const lines: string[] = []
      const expected = video.media.poster.length + video.media.stills.length
      expect(await backfillWebp(t.db.orm, t.store, { log: (line) => lines.push(line) })).toEqual({ made: expected, failed: 1, more: false })
      expect(lines.some((line) => line.includes('gone.jpg'))).toBe(true)

      for (const id of [video.id, twin.id]) {
        const row = await t.db.orm.em.fork().findOneOrFail(Video, id)
        expect(row.media.poster).toEqual(video.media.poster)
        expect(row.media.stills).toEqual(video.media.stills)
      }
      for (const ref of video.media.poster) expect((await storedPicture(t.store, ref.webp!)).format).toBe('WEBP')
      expect((await get(publicUrl(video.media.poster[0]!.webp!))).headers['content-type']).toBe('image/webp')
      // The missing picture is marked and not tried again; nothing is left to do.
      expect((await t.db.orm.em.fork().findOneOrFail(Video, broken.id)).media.poster[0]!.webp).toBeNull()
      expect(await backfillWebp(t.db.orm, t.store)).toEqual({ made: 0, failed: 0, more: false })
    })

    it('are backfilled in batches', async () => {
      const em = t.db.orm.em.fork()
      const images = await em.find(Image, { imageSet: imageSet.id })
      for (const image of images) {
        await removeStored(t.store, image.media.thumb.webp!)
        const { webp: _, ...thumb } = image.media.thumb
        await em.nativeUpdate(Image, image.id, { media: { ...image.media, thumb } })
      }
      expect(await backfillWebp(t.db.orm, t.store, { limit: 2 })).toEqual({ made: 2, failed: 0, more: true })
      expect(await backfillWebp(t.db.orm, t.store, { limit: 2 })).toEqual({ made: images.length - 2, failed: 0, more: false })
      for (const image of await t.db.orm.em.fork().find(Image, { imageSet: imageSet.id })) {
        expect(image.media.thumb.webp).toBe(image.media.thumb.path.replace(/\.jpg$/, '.webp'))
        expect(await t.store.stat(image.media.thumb.webp!)).not.toBeNull()
      }
    })
  })
}

/** Removes a stored file on either backend. */
async function removeStored(store: MediaStore, stored: string): Promise<void> {
  if (store.kind === 's3') await (store as unknown as { deleteKeys(keys: string[]): Promise<void> }).deleteKeys([stored])
  else await fs.rm(store.absolute(stored))
}
