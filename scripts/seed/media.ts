/**
 * Demo media: synthetic sources (ffmpeg test patterns, generated pictures), run through the
 * SAME pipeline as real uploads (ingestSource + the worker's task list). Every video has a
 * source of its own (video-sources.ts); the image sets share three. Sources are cached in
 * .data/demo-cache (outside any DATA_DIR that tests wipe), so later fresh starts only run the
 * pipeline.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Config } from '../../core/config.js'
import { Banner, Category, Image, ImageSet, Model, Video } from '../../core/db/entities/index.js'
import type { Orm } from '../../core/db/orm.js'
import { ingestSource } from '../../core/services/media/ingest.js'
import type { MediaStore } from '../../core/services/media/store.js'
import { openMediaStore } from '../../core/services/media/open-store.js'
import { ffmpegBinaries } from '../../core/ffmpeg/binaries.js'
import { renderPicture, type PictureTarget } from '../../core/ffmpeg/pictures.js'
import { command, run } from '../../core/ffmpeg/run.js'
import { drainJobs } from '../../worker/runner.js'
import { demoVideoSources } from './video-sources.js'

/** Bump when a recipe changes, so cached sources are made again. */
const CACHE_VERSION = 'v3'

/** Picture recipes (lavfi sources of one frame); {W}, {H}, {HUE} and {K} are filled in. */
const PICTURES = [
  'mandelbrot=size={W}x{H}:start_scale=0.6:end_scale=0.6:start_x=-0.745:start_y=0.11:maxiter=160,hue=h={HUE}',
  'testsrc2=size={W}x{H},hue=h={HUE}:s=1.3',
  'smptehdbars=size={W}x{H},hue=h={HUE}',
  "color=black:size={W}x{H},format=rgb24,geq=r='128+127*sin(X/53+{K})':g='128+127*sin(Y/37+X/91)':b='128+127*cos((X+Y)/71+{K})',hue=h={HUE}",
  'mandelbrot=size={W}x{H}:start_scale=0.02:end_scale=0.02:start_x=-0.7436:start_y=0.1318:maxiter=220,hue=h={HUE}',
  'rgbtestsrc=size={W}x{H},hue=h={HUE}',
]

/** A stylised head-and-shoulders silhouette on a coloured gradient: a safe model portrait. */
function portraitRecipe(index: number): string {
  const inside = `lt(hypot(X-W/2\\,Y-H*0.36)\\,W*0.17)+lt(hypot((X-W/2)/(W*0.40)\\,(Y-H*1.02)/(H*0.36))\\,1)`
  const [r, g, b] = [(index * 53) % 140, (index * 97) % 140, (index * 31 + 60) % 160]
  return (
    `color=black:size={W}x{H},format=rgb24,geq=` +
    `r='if(${inside}\\,235\\,${r}+100*Y/H)':g='if(${inside}\\,205\\,${g}+80*X/W)':b='if(${inside}\\,220\\,${b}+90*(1-Y/H))'`
  )
}

const IMAGE_SETS = [
  { name: 'set-a', count: 5 },
  { name: 'set-b', count: 5 },
  { name: 'set-c', count: 6 },
]

async function cached(cacheDir: string, name: string, make: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(cacheDir, `${CACHE_VERSION}-${name}`)
  if ((await fs.stat(file).catch(() => null))?.size) return file
  await fs.mkdir(path.dirname(file), { recursive: true })
  const partial = `${file}.part`
  await make(partial)
  await fs.rename(partial, file)
  return file
}

/** Filters that compute every pixel on their own (slow): drawn at half size, then scaled up. */
const SLOW_PICTURE = /mandelbrot=|geq=/

function makePicture(recipe: string, width: number, height: number, hue: number) {
  const factor = SLOW_PICTURE.test(recipe) ? 2 : 1
  const [w, h] = [Math.round(width / factor), Math.round(height / factor)]
  const drawn = recipe
    .replaceAll('{W}', String(w))
    .replaceAll('{H}', String(h))
    .replaceAll('{HUE}', String(hue))
    .replaceAll('{K}', String(hue / 40))
  const source = factor === 1 ? drawn : `${drawn},scale=${width}:${height}:flags=bicubic`
  return (file: string) =>
    run(command().input(source).inputOptions(['-f', 'lavfi']).output(file).outputOptions(['-frames:v', '1', '-q:v', '2', '-f', 'image2']))
}

/** How many ffmpeg processes the seed runs at once besides the pipeline's own. */
const PARALLEL = 3

/**
 * Transcodes at once in the seed's pipeline run. Most demo videos are small and short: a job
 * spends much of its time starting ffmpeg processes and waiting on the database, which a
 * second job fills.
 */
const TRANSCODES = 2

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}

export interface SeededRows {
  categories: Category[]
  models: Model[]
  videos: Video[]
  imageSets: ImageSet[]
  banners: Banner[]
}

export async function seedMedia(orm: Orm, config: Config, rows: SeededRows, upcoming: { videos: number; imageSets: number }, log: (line: string) => void) {
  ffmpegBinaries(config)
  const startedAt = Date.now()
  const cacheDir = path.resolve(process.env.DEMO_CACHE_DIR ?? path.join('.data', 'demo-cache'))
  const store = await openMediaStore(config)
  const em = orm.em.fork()

  // 1. Sources (cached), registered on their catalog rows through the normal ingest.
  const photos = IMAGE_SETS.flatMap((set, s) =>
    Array.from({ length: set.count }, (_, i) => {
      const portrait = i % 3 === 2
      const recipe = PICTURES[(i + s * 2) % PICTURES.length]!
      return () =>
        cached(
          cacheDir,
          `${set.name}/photo-${String(i + 1).padStart(2, '0')}.jpg`,
          makePicture(recipe, portrait ? 1200 : 1600, portrait ? 1600 : 1200, (i * 47 + s * 113) % 360),
        )
    }),
  )
  // Every video its own source, the newest released ones the featured (short, sharp) ones.
  const videoRows = [...rows.videos.slice(upcoming.videos), ...rows.videos.slice(0, upcoming.videos)]
  const videoSources = demoVideoSources(videoRows.length)
  // The longest sources first, so they do not finish last alone.
  const byLength = [...videoSources].sort((a, b) => b.seconds - a.seconds)
  const made = await inParallel([...byLength.map((source) => () => cached(cacheDir, `${source.name}.mp4`, source.make)), ...photos], PARALLEL, (make) => make())
  const videoFiles = videoSources.map((source) => made[byLength.indexOf(source)]!)
  const setDirs = IMAGE_SETS.map((set) => path.join(cacheDir, `${CACHE_VERSION}-${set.name}`))
  const lengths = videoSources.map((source) => source.seconds)
  log(
    `demo sources ready in ${seconds(startedAt)} s (${videoSources.length} videos of ${Math.min(...lengths)} s to ${Math.max(...lengths)} s, ${Math.round(lengths.reduce((a, b) => a + b, 0) / 60)} min in all; ${photos.length} photos; cache: ${cacheDir})`,
  )

  for (const [i, file] of videoFiles.entries()) {
    await mustQueue(ingestSource(em.fork(), store, { kind: 'video', source: file, mode: 'copy', existingId: videoRows[i]!.id, name: path.basename(file) }))
  }
  const setSources = rows.imageSets.slice(upcoming.imageSets, upcoming.imageSets + setDirs.length)
  for (const [i, dir] of setDirs.entries()) {
    await mustQueue(ingestSource(em.fork(), store, { kind: 'imageSet', source: dir, mode: 'copy', existingId: setSources[i]!.id, name: path.basename(dir) }))
  }

  // 2. The pipeline: the worker's own tasks, TRANSCODES at a time; meanwhile the
  //    pictures of models, categories and banners.
  const pipelineStart = Date.now()
  await Promise.all([
    drainJobs({ config, orm }, orm.config.get('clientUrl')!, { concurrency: 2, transcodeConcurrency: TRANSCODES, waitForRetries: true }).then(() =>
      log(`pipeline made the media of ${videoFiles.length} videos and ${setDirs.length} image sets in ${seconds(pipelineStart)} s`),
    ),
    seedPictures(em.fork(), cacheDir, store, rows).then(() => log(`model, category and banner pictures made in ${seconds(pipelineStart)} s`)),
  ])

  // 3. Image sets shared among the other demo rows.
  await checkVideos(em.fork(), videoRows)
  await shareImageSets(em.fork(), rows, setSources)
  log(`demo media took ${seconds(startedAt)} s in all`)
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

async function mustQueue(result: ReturnType<typeof ingestSource>) {
  const settled = await result
  if (settled.status !== 'queued') throw new Error(`demo source not queued: ${JSON.stringify(settled)}`)
}

async function checkVideos(em: EntityManager, videoRows: Video[]) {
  const failed = await em.find(Video, { id: videoRows.map((v) => v.id), mediaStatus: { $ne: 'ready' } })
  if (failed.length) throw new Error(`demo videos failed: ${failed.map((v) => `${v.id}: ${v.mediaError}`).join('; ')}`)
}

async function shareImageSets(em: EntityManager, rows: SeededRows, setSources: ImageSet[]) {
  const sets = await em.find(ImageSet, { id: setSources.map((s) => s.id) }, { populate: ['images'], orderBy: { id: 'asc' } })
  const badSets = sets.filter((s) => s.mediaStatus !== 'ready')
  if (badSets.length) throw new Error(`demo image sets failed: ${badSets.map((s) => `${s.id}: ${s.mediaError}`).join('; ')}`)
  const setById = new Map(sets.map((s) => [s.id, s]))
  const orderedSets = setSources.map((s) => setById.get(s.id)!)
  for (const [index, row] of rows.imageSets.entries()) {
    if (setById.has(row.id)) continue
    const from = orderedSets[index % orderedSets.length]!
    const target = await em.findOneOrFail(ImageSet, row.id)
    target.media = from.media
    target.imagesCount = from.imagesCount
    target.mediaStatus = 'ready'
    target.mediaProgress = 1
    for (const image of from.images.getItems()) {
      em.create(Image, {
        imageSet: target,
        position: image.position,
        alt: Object.fromEntries(Object.entries(target.title).map(([locale, text]) => [locale, `${text} (${image.position})`])),
        media: image.media,
      })
    }
  }
  await em.flush()
}

async function seedPictures(em: EntityManager, cacheDir: string, store: MediaStore, rows: SeededRows) {
  // Every one of them is shown by the public tour, blurred there (tour renditions).
  const target = (stored: string, width: number, height: number): PictureTarget => ({
    file: store.absolute(stored),
    stored,
    width,
    height,
    crop: true,
    tour: true,
  })

  // Eight portraits, shared round-robin by the models.
  const portraits = await inParallel(
    Array.from({ length: 8 }, (_, i) => i + 1),
    PARALLEL,
    async (n) => {
      const source = await cached(cacheDir, `portraits/portrait-${n}.jpg`, makePicture(portraitRecipe(n), 900, 1200, 0))
      const [avatar, preview, previewThumbnail] = await renderPicture(source, [
        target(`public/demo/models/${n}-avatar.jpg`, 256, 256),
        target(`public/demo/models/${n}-preview.jpg`, 600, 800),
        target(`public/demo/models/${n}-preview-thumb.jpg`, 300, 400),
      ])
      return { avatar: avatar!, preview: preview!, previewThumbnail: previewThumbnail! }
    },
  )
  for (const [index, model] of rows.models.entries()) await em.nativeUpdate(Model, model.id, portraits[index % portraits.length]!)

  const categoryPictures = await inParallel(rows.categories, PARALLEL, async (category, index) => {
    const source = await cached(cacheDir, `categories/${category.slug}.jpg`, makePicture(PICTURES[index % PICTURES.length]!, 1280, 720, (index * 71) % 360))
    return renderPicture(source, [
      target(`public/demo/categories/${category.slug}-logo.jpg`, 256, 256),
      target(`public/demo/categories/${category.slug}-preview.jpg`, 640, 360),
    ])
  })
  for (const [index, category] of rows.categories.entries()) {
    const [logo, preview] = categoryPictures[index]!
    await em.nativeUpdate(Category, category.id, { logo: logo!, preview: preview! })
  }

  const bannerPictures = await inParallel(rows.banners, PARALLEL, async (_banner, index) => {
    const source = await cached(
      cacheDir,
      `banners/banner-${index + 1}.jpg`,
      makePicture(PICTURES[(index + 3) % PICTURES.length]!, 1920, 600, (index * 59) % 360),
    )
    // Two widths: a phone's banner needs about 800 px, a wide screen 1600.
    return renderPicture(source, [target(`public/demo/banners/${index + 1}.jpg`, 1600, 500), target(`public/demo/banners/${index + 1}-800.jpg`, 800, 250)])
  })
  for (const [index, banner] of rows.banners.entries()) await em.nativeUpdate(Banner, banner.id, { image: bannerPictures[index]! })
  await store.keepLocal('public/demo')
}
