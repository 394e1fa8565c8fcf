import fs from 'node:fs/promises'
import path from 'node:path'
import type { Orm } from '../../core/db/orm.js'
import { Video, type VideoMedia } from '../../core/db/entities/index.js'
import {
  POSTER_WIDTHS,
  PREVIEW_CLIP,
  STILL_COUNT,
  STILL_FULL_MAX_WIDTH,
  STILL_THUMB_WIDTH,
  THUMBNAIL_CLIP,
  clipMoments,
  fitWithin,
  ladderSummary,
  mainAudioTrack,
  masterPlaylist,
  outputFrameRate,
  planLadder,
  posterTime,
  rateValue,
  rungCodecs,
  sourceProblem,
  stillTimes,
  type Rung,
  type SourceInfo,
} from '../../core/domain/media/media.js'
import { mediaAvailability } from '../../core/domain/catalog/publish.js'
import type { LivePaths, MediaStore, WorkDir } from '../../core/services/media/store.js'
import { EarlyUpload } from './early-upload.js'
import { SOURCE_UPLOAD_WAIT_MS, videoSourceFile } from '../../core/services/media/ingest.js'
import { notifyCatalogChanged, releaseDueItems } from '../../core/services/catalog/release.js'
import { notifyPipelineChanged } from '../../core/services/media/pipeline-feed.js'
import { SCRUB } from '../../core/domain/media/scrub.js'
import { stitchClips } from '../../core/ffmpeg/clips.js'
import { makeScrubThumbnails } from '../../core/ffmpeg/scrub.js'
import { encodeLadder, measureRung, remuxToMp4, rungPlaylist } from '../../core/ffmpeg/ladder.js'
import { detectScan, readAvcCodec } from '../../core/ffmpeg/inspect.js'
import { displaySize, filesOf, grabFrames, type PictureTarget } from '../../core/ffmpeg/pictures.js'
import { probe } from '../../core/ffmpeg/probe.js'
import type { WorkerObserver } from '../deps.js'
import { JobCancelled } from './cancel-watch.js'
import { MediaRejected, markProcessing, settleFailure, type Attempt, type Outcome } from './outcome.js'
import { ProgressReporter } from './progress.js'
import { writeWhenDatabaseAnswers } from '../settle-outcome.js'

export interface PipelineOptions {
  attempt: Attempt
  signal?: AbortSignal
  log?: (line: string) => void
  observer?: WorkerObserver
}

/** Share of the whole job each stage takes, for the progress bar; the ladder's share is split among the rungs by their pixels. */
const WEIGHTS = { pictures: 0.04, clips: 0.04, ladder: 0.87, scrub: 0.01, download: 0.04 }
const pixels = (rungs: Rung[]) => rungs.reduce((sum, rung) => sum + rung.width * rung.height, 0)
const ladderWeight = (rungs: Rung[], part: Rung[]) => (WEIGHTS.ladder * pixels(part)) / pixels(rungs)
/** The first publication's share: pictures, the lowest rung, scrub thumbnails (and the clips and download of a one-rung ladder). */
const firstWeight = (rungs: Rung[]) =>
  WEIGHTS.pictures + WEIGHTS.scrub + ladderWeight(rungs, rungs.slice(0, 1)) + (rungs.length === 1 ? WEIGHTS.clips + WEIGHTS.download : 0)

/**
 * Makes everything the site needs from a video's source, in two publications, each written
 * to a scratch folder and published only when complete:
 * 1. probe, featured preview in a few widths, stills (public thumbnail + members-only full
 *    size), the lowest rung alone (fast), a master playlist naming it, and scrub thumbnails
 *    from it. Once published, the row lists that rung and the higher
 *    ones still to come (`pendingResolutions`): the video is playable and is released when its
 *    publish time has come.
 * 2. hover and thumbnail clips, the higher rungs from one ffmpeg process (one decode for all
 *    of them), a master playlist naming every rung, and the download MP4 of the top rung; published beside the first
 *    publication's files, then the row says ready.
 * A one-rung ladder is one publication. A job that finds its first publication already made
 * (a worker killed after it, or a retry after the higher rungs failed) makes the higher rungs
 * only. A video that already plays a complete ladder (made again by ops' retry) keeps it until
 * the new one is complete: both steps, one publication.
 */
export async function processVideo(orm: Orm, store: MediaStore, id: number, options: PipelineOptions): Promise<Outcome> {
  const em = orm.em.fork()
  const video = await em.findOne(Video, id)
  if (!video || video.mediaStatus === 'ready') return 'skipped'
  const log = options.log ?? (() => undefined)
  if (!(await markProcessing(em, 'video', id, options.attempt.number > 1 ? `attempt ${options.attempt.number} of ${options.attempt.max}` : null)))
    return 'skipped'
  let work: WorkDir | null = null
  try {
    await store.fetchSource(video.mediaKey, {
      signal: options.signal,
      waitUntil: new Date(video.createdAt.getTime() + SOURCE_UPLOAD_WAIT_MS),
      onWait: () => log(`video ${id}: waiting for its source, still being uploaded by the worker that took the drop`),
    })
    const sourceFile = await videoSourceFile(store, video.mediaKey)
    if (!sourceFile) throw new MediaRejected('the source file is missing from the media store')
    if ((await fs.stat(sourceFile)).size === 0) throw new MediaRejected('the file is empty (0 bytes)')
    const probed = await probe(sourceFile)
    const problem = sourceProblem(probed)
    if (problem) throw new MediaRejected(problem)
    const scan = await detectScan(sourceFile, probed, options.signal)
    const source: SourceInfo = { ...probed, fieldOrder: scan.order }
    log(`video ${id}: ${describeSource(source, scan.by)}`)

    const rungs = planLadder(source)
    const progress = new ProgressReporter(em, 'video', id)
    const making: Making = {
      sourceFile,
      source,
      rungs,
      sourceSha256: video.sourceSha256 ?? null,
      progress,
      signal: options.signal,
      observer: options.observer,
      store,
    }
    /**
     * Publishes `done` and points the row at `media` with `columns` (written even when PostgreSQL
     * restarts at that moment: the work is done), releases what is due, then tidies the store.
     * From the row's write on, the files are the row's: a failure after it must not discard them.
     */
    const publishStep = async (done: WorkDir, how: 'replace' | 'add', media: VideoMedia, columns: Partial<Video>, keepSource: boolean) => {
      await progress.flush()
      // Cancelled while the last step ran: nothing is published. (A cancel within the watch's
      // interval before this point still publishes; the result is then not written: JobCancelled.)
      options.signal?.throwIfAborted()
      await store.publish(done, how)
      const write = () =>
        em.transactional(async (tx) => {
          const row = await tx.findOneOrFail(Video, id, { refresh: true })
          // Cancelled in the console a moment ago: the item keeps the console's state.
          if (row.mediaStatus !== 'processing') throw new JobCancelled()
          Object.assign(row, { media, durationSeconds: Math.round(source.durationSeconds), ...columns })
          await notifyCatalogChanged(tx, 'media')
          await notifyPipelineChanged(tx, `video:${id}`)
        })
      await writeWhenDatabaseAnswers(orm, write, options.signal, log)
      work = null
      const released = await writeWhenDatabaseAnswers(orm, () => releaseDueItems(em, new Date()), options.signal, log)
      options.observer?.released(released)
      await settleStore(store, done, log, { live: storedPaths(media), keepSource })
    }

    let media: VideoMedia
    let addsToPublished = true
    if (resumesAfterFirstPublication(video, rungs)) {
      media = video.media
      progress.skip(firstWeight(rungs))
      log(`video ${id}: playable in ${video.resolutions.join(', ')} already; making ${video.pendingResolutions.join(', ')}`)
    } else {
      work = await store.freshWorkDir(video.mediaKey, storedPaths(video.media))
      media = await makeFirstOutputs(making, work)
      // Published at once, unless the row plays a complete ladder that stays until the new one is.
      addsToPublished = rungs.length > 1 && mediaAvailability(video) !== 'complete'
      if (addsToPublished) {
        await publishStep(work, 'replace', media, ladderSummary(rungs, media.ladder.length), true)
        log(
          `video ${id}: playable in ${media.ladder.map((rung) => rung.resolution).join(', ')}; making ${rungs
            .slice(media.ladder.length)
            .map((rung) => rung.resolution)
            .join(', ')}`,
        )
      }
    }
    work ??= await store.freshWorkDir(video.mediaKey, storedPaths(media))
    if (media.ladder.length < rungs.length) media = await makeHigherRungs(making, media, work)
    await publishStep(
      work,
      addsToPublished ? 'add' : 'replace',
      media,
      { ...ladderSummary(rungs), mediaStatus: 'ready', mediaError: null, mediaProgress: 1 },
      false,
    )
    log(`video ${id}: ready (${rungs.map((rung) => rung.resolution).join(', ')})`)
    return 'ready'
  } catch (error) {
    if (work) await store.discard(work).catch(() => undefined)
    return settleFailure(em, 'video', id, error, options.attempt, options.signal)
  }
}

/**
 * The row's published rungs are the first rungs of this plan, made from this source, and the
 * rest are still to come: the job makes those only (the published files stay as they are).
 */
function resumesAfterFirstPublication(video: Video, rungs: Rung[]): boolean {
  const names = rungs.map((rung) => rung.resolution).join(',')
  return (
    mediaAvailability(video) === 'partial' &&
    !!video.media.master &&
    video.media.source?.sha256 === video.sourceSha256 &&
    [...video.resolutions, ...video.pendingResolutions].join(',') === names &&
    video.media.ladder.map((rung) => rung.resolution).join(',') === video.resolutions.join(',')
  )
}

/** Every stored path a video's media names (what its row points at). */
export function storedPaths(media: VideoMedia): string[] {
  return [
    ...media.poster.map((picture) => picture.path),
    ...media.stills.flatMap((still) => [still.thumb.path, still.full.path]),
    ...media.ladder.map((rung) => rung.playlist),
    ...[media.previewClip, media.thumbnailClip, media.master, media.download, media.scrub?.track].filter((stored): stored is string => !!stored),
  ]
}

/**
 * After the row points at the new outputs (and still at `live`, an earlier publication's):
 * removes what other outputs left, and this machine's copy of the source unless the job still
 * needs it. A failure here leaves garbage, never a broken item.
 */
export async function settleStore(
  store: MediaStore,
  work: WorkDir,
  log: (line: string) => void,
  { live, keepSource = false }: { live?: LivePaths; keepSource?: boolean } = {},
): Promise<void> {
  try {
    await store.settle(work, live)
    if (!keepSource) await store.releaseSource(work.mediaKey)
  } catch (error) {
    log(`${work.mediaKey}: could not remove earlier outputs: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** One line for the log: "1920x1080 shown 1080x1920 (turned 90°), interlaced tff (flag), 25.000 fps -> 50.000, h264/aac 6 ch (stream 1, 1 audio track), 62.0 s". */
function describeSource(source: SourceInfo, scanBy: 'flag' | 'idet'): string {
  const audio = mainAudioTrack(source.audioTracks)
  return [
    `${source.width}x${source.height}${source.rotation ? ` shown ${source.displayWidth}x${source.displayHeight} (turned ${source.rotation}°)` : ''}`,
    source.fieldOrder === 'progressive' ? `progressive (${scanBy})` : `interlaced ${source.fieldOrder} (${scanBy})`,
    `${source.frameRate.toFixed(3)} fps -> ${rateValue(outputFrameRate(source)).toFixed(3)}`,
    `${source.videoCodec}/${audio ? `${audio.codec} ${audio.channels} ch (stream ${audio.index}, ${source.audioTracks.length} audio track${source.audioTracks.length > 1 ? 's' : ''})` : 'no audio'}`,
    `${source.durationSeconds.toFixed(1)} s`,
  ].join(', ')
}

/** What making a video's outputs takes. */
interface Making {
  sourceFile: string
  source: SourceInfo
  /** The whole ladder planned for the source (planLadder). */
  rungs: Rung[]
  /** The source's SHA-256, kept with the outputs (a later job knows which source a first publication came from). */
  sourceSha256?: string | null
  progress: { stage(weight: number): (fraction: number) => void }
  signal?: AbortSignal
  observer?: WorkerObserver
  /** The store the outputs are published to: finished files are handed to it early (EarlyUpload). */
  store?: MediaStore
  /** Make the posters' tour renditions (blurred; default). Off only in the transcode bench, to measure what they cost. */
  tour?: boolean
}

/** Every output of a video, written into `work` (one publication); returns the stored paths. */
export async function makeVideoMedia(
  sourceFile: string,
  source: SourceInfo,
  work: WorkDir,
  progress: Making['progress'],
  { signal, observer, store, tour }: Pick<Making, 'signal' | 'observer' | 'store' | 'tour'> = {},
): Promise<VideoMedia> {
  const making: Making = { sourceFile, source, rungs: planLadder(source), progress, signal, observer, store, tour }
  const first = await makeFirstOutputs(making, work)
  return first.ladder.length < making.rungs.length ? makeHigherRungs(making, first, work) : first
}

/**
 * What the first publication needs, written into `work`: the poster and stills (the card and
 * the page show them), the lowest rung (one ffmpeg process that decodes the source and encodes
 * that rung alone: fast), a master playlist naming it, and scrub thumbnails from its keyframes.
 * A one-rung ladder is complete with it: its hover clips and download MP4 come too.
 */
async function makeFirstOutputs(making: Making, work: WorkDir): Promise<VideoMedia> {
  const { sourceFile, source, rungs, progress, signal } = making
  const display = displaySize(source, Number.MAX_SAFE_INTEGER)

  // Featured preview in a few widths (each with its blurred tour rendition), and stills across
  // the video: one ffmpeg process, beside the lowest rung's.
  const posterWidths = POSTER_WIDTHS.filter((width) => width <= display.width)
  const poster: PictureTarget[] = (posterWidths.length ? posterWidths : [display.width]).map((width) => ({
    ...work.file('public', `poster-${width}.jpg`),
    ...fitWithin(display.width, display.height, width, 'width'),
    tour: making.tour ?? true,
  }))
  const full = fitWithin(display.width, display.height, STILL_FULL_MAX_WIDTH, 'width')
  const thumb = fitWithin(full.width, full.height, STILL_THUMB_WIDTH, 'width')
  const stillGroups = stillTimes(source.durationSeconds, STILL_COUNT).map((at, index) => {
    const name = `${String(index + 1).padStart(2, '0')}.jpg`
    return {
      at,
      targets: [
        { ...work.file('public', 'stills', name), ...thumb },
        { ...work.file('protected', 'stills', name), ...full },
      ],
    }
  })
  const lowest = rungs[0]!
  const hlsDir = work.file('protected', 'hls')
  const early = new EarlyUpload(making.store, work)
  // Both at once: seeking and decoding single frames leaves a core free that the encoder uses.
  const [[posterRefs, ...stillRefs], ladder] = await alongside(
    async (stop) => {
      const groups = [{ at: posterTime(source.durationSeconds), pick: 25, targets: poster }, ...stillGroups]
      const refs = await grabFrames(sourceFile, source, groups, { signal: stop, onProgress: progress.stage(WEIGHTS.pictures) })
      early.files(groups.flatMap((group) => group.targets.flatMap(filesOf)))
      return refs
    },
    (stop) => encodeRungs({ ...making, signal: stop }, [lowest], work),
    signal,
  )
  const master = await writeMaster(making, ladder, hlsDir)

  // Scrub thumbnails from the lowest rung's keyframes (the source is not decoded again).
  const scrubDir = work.file('protected', SCRUB.folder)
  const scrub = await makeScrubThumbnails(
    rungPlaylist(hlsDir.file, lowest),
    scrubDir.file,
    { ...lowest, durationSeconds: source.durationSeconds },
    {
      signal,
      onProgress: progress.stage(WEIGHTS.scrub),
    },
  )
  await early.folder(scrubDir.file)

  const complete = rungs.length === 1
  return {
    poster: posterRefs!,
    stills: stillRefs.map(([thumbRef, fullRef]) => ({ thumb: thumbRef!, full: fullRef! })),
    ...(complete ? await makeClips(making, work) : { previewClip: null, thumbnailClip: null }),
    master,
    ladder,
    download: complete ? await makeDownload(making, work, hlsDir) : null,
    scrub: { track: `${scrubDir.stored}/${SCRUB.track}`, interval: scrub.interval, count: scrub.times.length, sheets: scrub.sheets },
    source: {
      container: source.container,
      width: source.width,
      height: source.height,
      rotation: source.rotation,
      displayWidth: source.displayWidth,
      displayHeight: source.displayHeight,
      scan: source.fieldOrder,
      durationSeconds: source.durationSeconds,
      frameRate: source.frameRate,
      outputFrameRate: rateValue(outputFrameRate(source)),
      videoCodec: source.videoCodec,
      audioCodec: source.audioCodec,
      audioChannels: mainAudioTrack(source.audioTracks)?.channels ?? 0,
      ...(making.sourceSha256 ? { sha256: making.sourceSha256 } : {}),
    },
  }
}

/**
 * The rest on top of `media` (its published lower rungs), written into `work`: every higher rung
 * from one ffmpeg process (the source decoded once for all of them), a master playlist naming
 * every rung (the lower ones where they are published), then the hover and thumbnail clips (the
 * card shows the poster until they come) alongside the download MP4 of the top rung, whose
 * remux and upload to the store thus cost no time of their own.
 */
async function makeHigherRungs(making: Making, media: VideoMedia, work: WorkDir): Promise<VideoMedia> {
  const hlsDir = work.file('protected', 'hls')
  const ladder = [...media.ladder, ...(await encodeRungs(making, making.rungs.slice(media.ladder.length), work))]
  const master = await writeMaster(making, ladder, hlsDir)
  const [clips, download] = await alongside(
    (stop) => makeClips({ ...making, signal: stop }, work),
    (stop) => makeDownload({ ...making, signal: stop }, work, hlsDir),
    making.signal,
  )
  return { ...media, ...clips, master, ladder, download }
}

/** The silent hover preview and the tiny thumbnail clip, stitched from the same moments in one ffmpeg process. */
async function makeClips({ sourceFile, source, progress, signal, store }: Making, work: WorkDir): Promise<Pick<VideoMedia, 'previewClip' | 'thumbnailClip'>> {
  const display = displaySize(source, Number.MAX_SAFE_INTEGER)
  const clipSize = (height: number) => fitWithin(display.width, display.height, (Math.min(height, display.height) * display.width) / display.height, 'width')
  const preview = work.file('public', 'preview.mp4')
  const tiny = work.file('public', 'thumb.mp4')
  await stitchClips(
    sourceFile,
    source,
    clipMoments(source.durationSeconds, PREVIEW_CLIP.pieces, PREVIEW_CLIP.pieceSeconds),
    [
      { file: preview.file, ...clipSize(PREVIEW_CLIP.height), frameRate: PREVIEW_CLIP.frameRate, crf: 27 },
      { file: tiny.file, ...clipSize(THUMBNAIL_CLIP.height), frameRate: THUMBNAIL_CLIP.frameRate, crf: 30 },
    ],
    { signal, onProgress: progress.stage(WEIGHTS.clips) },
  )
  new EarlyUpload(store, work).files([preview.file, tiny.file])
  return { previewClip: preview.stored, thumbnailClip: tiny.stored }
}

/** Runs two steps at once; when one fails, the other is stopped (its ffmpeg killed) before the failure goes on. */
async function alongside<A, B>(a: (stop: AbortSignal) => Promise<A>, b: (stop: AbortSignal) => Promise<B>, signal?: AbortSignal): Promise<[A, B]> {
  const failed = new AbortController()
  const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal
  const steps = [a(stop), b(stop)] as const
  try {
    return await Promise.all(steps)
  } catch (error) {
    failed.abort()
    await Promise.allSettled(steps)
    throw error
  }
}

type PublishedRung = VideoMedia['ladder'][number]
type Folder = { file: string; stored: string }

/**
 * Encodes `rungs` in one ffmpeg process into `work`'s HLS folder (each closed segment handed to
 * the store at once), and measures each: their entries of the stored ladder.
 */
async function encodeRungs(
  { sourceFile, source, rungs: all, progress, signal, observer, store }: Making,
  rungs: Rung[],
  work: WorkDir,
): Promise<PublishedRung[]> {
  const hlsDir = work.file('protected', 'hls')
  const started = performance.now()
  const segments = new EarlyUpload(store, work).segments(rungs.map((rung) => rungPlaylist(hlsDir.file, rung)))
  let finished = false
  try {
    await encodeLadder(sourceFile, source, rungs, hlsDir.file, { signal, onProgress: progress.stage(ladderWeight(all, rungs)) })
    finished = true
  } finally {
    await segments.stop(finished)
  }
  observer?.ladderEncoded(rungs.at(-1)!.resolution, source.durationSeconds, (performance.now() - started) / 1000)
  const published: PublishedRung[] = []
  for (const rung of rungs) {
    const playlist = rungPlaylist(hlsDir.file, rung)
    const measured = await measureRung(playlist)
    const [first] = measured.segments
    if (!first) throw new MediaRejected('ffmpeg decoded no video frame from the source (damaged?)')
    // CODECS names what the stream's parameter set says (x264 was told the planned profile and level).
    const codecs = (await readAvcCodec(path.join(path.dirname(playlist), first.file))) ?? rung.codecs
    published.push({
      resolution: rung.resolution,
      width: rung.width,
      height: rung.height,
      bandwidth: measured.bandwidth,
      averageBandwidth: measured.averageBandwidth,
      codecs: rungCodecs({ codecs }, source.hasAudio),
      level: rung.level,
      profile: rung.profile,
      playlist: `${hlsDir.stored}/${rung.resolution}/index.m3u8`,
    })
  }
  return published
}

/**
 * Writes `hlsDir`'s master playlist naming every rung of `ladder` by its path relative to it
 * (rungs of an earlier publication may lie in another attempt's folder); returns its stored path.
 */
async function writeMaster({ source, rungs }: Making, ladder: PublishedRung[], hlsDir: Folder): Promise<string> {
  const frameRate = rateValue(outputFrameRate(source))
  const variants = ladder.map((rung) => ({
    width: rung.width,
    height: rung.height,
    frameRate,
    codecs:
      rung.codecs ??
      rungCodecs(
        rungs.find((planned) => planned.resolution === rung.resolution)!,
        source.hasAudio,
      ),
    bandwidth: rung.bandwidth,
    averageBandwidth: rung.averageBandwidth ?? rung.bandwidth,
    uri: path.posix.relative(hlsDir.stored, rung.playlist),
  }))
  await fs.mkdir(hlsDir.file, { recursive: true })
  await fs.writeFile(path.join(hlsDir.file, 'master.m3u8'), masterPlaylist(variants))
  return `${hlsDir.stored}/master.m3u8`
}

/** The top rung (encoded into `hlsDir`) as one MP4 for downloads: a remux, no second encode. */
async function makeDownload({ source, rungs, progress, signal, store }: Making, work: WorkDir, hlsDir: Folder): Promise<string> {
  const top = rungs.at(-1)!
  const download = work.file('protected', 'download', `video-${Math.min(top.width, top.height)}p.mp4`)
  await fs.mkdir(path.dirname(download.file), { recursive: true })
  await remuxToMp4(rungPlaylist(hlsDir.file, top), download.file, source.hasAudio, {
    signal,
    durationSeconds: source.durationSeconds,
    onProgress: progress.stage(WEIGHTS.download),
  })
  new EarlyUpload(store, work).files([download.file])
  return download.stored
}
