import fs from 'node:fs/promises'
import path from 'node:path'
import type { Orm } from '../../server/db/orm.js'
import { Video, type VideoMedia } from '../../server/db/entities/index.js'
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
  type SourceInfo,
} from '../../server/domain/media.js'
import type { MediaStore, WorkDir } from '../../server/services/media/store.js'
import { videoSourceFile } from '../../server/services/ingest.js'
import { releaseDueItems } from '../../server/services/release.js'
import { SCRUB } from '../../server/domain/scrub.js'
import { stitchClips } from '../ffmpeg/clips.js'
import { makeScrubThumbnails } from '../ffmpeg/scrub.js'
import { encodeLadder, measureRung, remuxToMp4, rungPlaylist } from '../ffmpeg/ladder.js'
import { detectScan, readAvcCodec } from '../ffmpeg/inspect.js'
import { displaySize, grabFrames, type PictureTarget } from '../ffmpeg/pictures.js'
import { probe } from '../ffmpeg/probe.js'
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

/** Share of the whole job each stage takes, for the progress bar. */
const WEIGHTS = { pictures: 0.04, clips: 0.04, ladder: 0.87, scrub: 0.01, download: 0.04 }

/**
 * Makes everything the site needs from a video's source: probe, featured preview in a few
 * widths, stills (public thumbnail + members-only full size), hover and thumbnail clips,
 * the HLS ladder from one ffmpeg process, its master playlist and the download MP4. All
 * of it is written to a scratch folder and moved into place only when complete; only then
 * does the row say ready (and is released when its publish time has come).
 */
export async function processVideo(orm: Orm, store: MediaStore, id: number, options: PipelineOptions): Promise<Outcome> {
  const em = orm.em.fork()
  const video = await em.findOne(Video, id)
  if (!video || video.mediaStatus === 'ready') return 'skipped'
  const log = options.log ?? (() => undefined)
  if (!(await markProcessing(em, 'video', id, options.attempt.number > 1 ? `attempt ${options.attempt.number} of ${options.attempt.max}` : null))) return 'skipped'
  let work: WorkDir | null = null
  try {
    await store.fetchSource(video.mediaKey)
    const sourceFile = await videoSourceFile(store, video.mediaKey)
    if (!sourceFile) throw new MediaRejected('the source file is missing from the media store')
    if ((await fs.stat(sourceFile)).size === 0) throw new MediaRejected('the file is empty (0 bytes)')
    const probed = await probe(sourceFile)
    const problem = sourceProblem(probed)
    if (problem) throw new MediaRejected(problem)
    const scan = await detectScan(sourceFile, probed, options.signal)
    const source: SourceInfo = { ...probed, fieldOrder: scan.order }
    log(`video ${id}: ${describeSource(source, scan.by)}`)

    work = await store.freshWorkDir(video.mediaKey, video.media.master)
    const progress = new ProgressReporter(em, 'video', id)
    const media = await makeVideoMedia(sourceFile, source, work, progress, options.signal, options.observer)
    await progress.flush()
    // Cancelled while the last step ran: nothing is published. (A cancel within the watch's
    // interval before this point still publishes; the result is then not written: JobCancelled.)
    options.signal?.throwIfAborted()
    await store.publish(work)

    const summary = ladderSummary(planLadder(source))
    // The result is written even when PostgreSQL restarts at this moment: the work is done.
    const writeResult = () =>
      em.transactional(async (tx) => {
        const row = await tx.findOneOrFail(Video, id, { refresh: true })
        // Cancelled in the console a moment ago: the item keeps the console's state.
        if (row.mediaStatus !== 'processing') throw new JobCancelled()
        row.media = media
        row.durationSeconds = Math.round(source.durationSeconds)
        row.resolutions = summary.resolutions
        row.highestResolution = summary.highestResolution
        row.mediaStatus = 'ready'
        row.mediaError = null
        row.mediaProgress = 1
      })
    await writeWhenDatabaseAnswers(orm, writeResult, options.signal, log)
    await settleStore(store, work, log)
    const released = await writeWhenDatabaseAnswers(orm, () => releaseDueItems(em, new Date()), options.signal, log)
    options.observer?.released(released)
    log(`video ${id}: ready (${summary.resolutions.join(', ')})`)
    return 'ready'
  } catch (error) {
    if (work) await store.discard(work).catch(() => undefined)
    return settleFailure(em, 'video', id, error, options.attempt, options.signal)
  }
}

/**
 * After the row points at the new outputs: removes what earlier outputs left and this
 * machine's copy of the source. A failure here leaves garbage, never a broken item.
 */
export async function settleStore(store: MediaStore, work: WorkDir, log: (line: string) => void): Promise<void> {
  try {
    await store.settle(work)
    await store.releaseSource(work.mediaKey)
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

/** Every output of a video, written into `work`; returns the stored paths. */
export async function makeVideoMedia(
  sourceFile: string,
  source: SourceInfo,
  work: WorkDir,
  progress: { stage(weight: number): (fraction: number) => void },
  signal?: AbortSignal,
  observer?: WorkerObserver,
): Promise<VideoMedia> {
  const display = displaySize(source, Number.MAX_SAFE_INTEGER)

  // Featured preview in a few widths, and stills across the video: one ffmpeg process.
  const posterWidths = POSTER_WIDTHS.filter((width) => width <= display.width)
  const poster: PictureTarget[] = (posterWidths.length ? posterWidths : [display.width]).map((width) => ({
    ...work.file('public', `poster-${width}.jpg`),
    ...fitWithin(display.width, display.height, width, 'width'),
  }))
  const full = fitWithin(display.width, display.height, STILL_FULL_MAX_WIDTH, 'width')
  const thumb = fitWithin(full.width, full.height, STILL_THUMB_WIDTH, 'width')
  const stillGroups = stillTimes(source.durationSeconds, STILL_COUNT).map((at, index) => {
    const name = `${String(index + 1).padStart(2, '0')}.jpg`
    return { at, targets: [{ ...work.file('public', 'stills', name), ...thumb }, { ...work.file('protected', 'stills', name), ...full }] }
  })
  const [posterRefs, ...stillRefs] = await grabFrames(
    sourceFile,
    source,
    [{ at: posterTime(source.durationSeconds), pick: 25, targets: poster }, ...stillGroups],
    { signal, onProgress: progress.stage(WEIGHTS.pictures) },
  )

  // Hover preview and the tiny thumbnail clip, stitched from the same moments.
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

  // The ladder: one ffmpeg process, every rung; then the master playlist from measured rates.
  const rungs = planLadder(source)
  const hlsDir = work.file('protected', 'hls')
  const ladderStarted = performance.now()
  await encodeLadder(sourceFile, source, rungs, hlsDir.file, { signal, onProgress: progress.stage(WEIGHTS.ladder) })
  observer?.ladderEncoded(rungs.at(-1)!.resolution, source.durationSeconds, (performance.now() - ladderStarted) / 1000)
  const variants = []
  for (const rung of rungs) {
    const playlist = rungPlaylist(hlsDir.file, rung)
    const measured = await measureRung(playlist)
    const [first] = measured.segments
    if (!first) throw new MediaRejected('ffmpeg decoded no video frame from the source (damaged?)')
    // CODECS names what the stream's parameter set says (x264 was told the planned profile and level).
    const codecs = (await readAvcCodec(path.join(path.dirname(playlist), first.file))) ?? rung.codecs
    variants.push({ rung: { ...rung, codecs }, bandwidth: measured.bandwidth, averageBandwidth: measured.averageBandwidth, uri: `${rung.resolution}/index.m3u8` })
  }
  await fs.writeFile(path.join(hlsDir.file, 'master.m3u8'), masterPlaylist(variants, source.hasAudio))

  // Scrub thumbnails from the lowest rung's keyframes (the source is not decoded again).
  const scrubDir = work.file('protected', SCRUB.folder)
  const scrub = await makeScrubThumbnails(rungPlaylist(hlsDir.file, rungs[0]!), scrubDir.file, { ...rungs[0]!, durationSeconds: source.durationSeconds }, {
    signal,
    onProgress: progress.stage(WEIGHTS.scrub),
  })

  // The top rung as one MP4 for downloads (a remux, no second encode).
  const top = rungs.at(-1)!
  const download = work.file('protected', 'download', `video-${Math.min(top.width, top.height)}p.mp4`)
  await fs.mkdir(path.dirname(download.file), { recursive: true })
  await remuxToMp4(rungPlaylist(hlsDir.file, top), download.file, source.hasAudio, {
    signal,
    durationSeconds: source.durationSeconds,
    onProgress: progress.stage(WEIGHTS.download),
  })

  return {
    poster: posterRefs!,
    stills: stillRefs.map(([thumbRef, fullRef]) => ({ thumb: thumbRef!, full: fullRef! })),
    previewClip: preview.stored,
    thumbnailClip: tiny.stored,
    master: `${hlsDir.stored}/master.m3u8`,
    ladder: variants.map(({ rung, bandwidth, averageBandwidth, uri }) => ({
      resolution: rung.resolution,
      width: rung.width,
      height: rung.height,
      bandwidth,
      averageBandwidth,
      codecs: rungCodecs(rung, source.hasAudio),
      level: rung.level,
      profile: rung.profile,
      playlist: `${hlsDir.stored}/${uri}`,
    })),
    download: download.stored,
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
    },
  }
}
