/**
 * npm run bench:transcode
 * For a synthetic 1080p source of 60 s (made once, cached in .data/demo-cache), measures in
 * one run:
 *   (a) the pipeline's ladder job: one ffmpeg process through fluent-ffmpeg with progress,
 *       then the measured master playlist and the download MP4 (remux);
 *   (b) one bare single-pass ffmpeg command making the same rungs (same options);
 *   (c) one ffmpeg run per rung, one after the other;
 * the scrub thumbnails: (d) as the pipeline makes them, from the lowest rung of (a)'s ladder,
 * keyframes only, against (e) the naive way, decoding the whole source at 1080p;
 * the whole ingest (stills, clips, ladder, scrub thumbnails, download: what a job makes), and
 * (f) from the drop to playable (the lowest rung published) and to ready, through the worker's
 * job on the bench database (transcode-early.ts); it prints wall times, ratios and the speed as a
 * multiple of real time. (a), (b), (c) and (f) run BENCH_REPEAT times (default 2), and each
 * keeps its best run: on a shared machine a single run swings by 10% or more.
 *
 * (g) the whole ingest with and without the posters' tour renditions (blurred, for visitors who may
 * not see explicit media), side by side with their ratio, (h) the same for the pictures' ffmpeg
 * process alone (poster and stills), where the step's own cost shows, and the bytes of each
 * blurred poster against its original.
 *
 * `-- --early-only`: (f) and the scrub thumbnails (d) from its lowest rung only.
 * `-- --tour-only`: (g) and (h) only.
 *
 * `-- --store s3`: instead, the whole ingest through the media store on the local disk and on
 * S3 (transcode-store.ts).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  fitWithin,
  masterPlaylist,
  planLadder,
  posterTime,
  rungCodecs,
  stillTimes,
  POSTER_WIDTHS,
  STILL_COUNT,
  STILL_FULL_MAX_WIDTH,
  STILL_THUMB_WIDTH,
} from '../../core/domain/media/media.js'
import { tourPathOf } from '../../core/domain/media/tour.js'
import { displaySize, grabFrames, webpPathOf, type FrameGroup } from '../../core/ffmpeg/pictures.js'
import { WorkDir } from '../../core/services/media/store.js'
import { ffmpegBinaries, ffmpegVersion } from '../../core/ffmpeg/binaries.js'
import {
  encodeLadder,
  LADDER_INPUT_OPTIONS,
  ladderFilterGraph,
  measureRung,
  remuxToMp4,
  rungOutputOptions,
  rungPlaylist,
  X264_PRESET,
} from '../../core/ffmpeg/ladder.js'
import { probe } from '../../core/ffmpeg/probe.js'
import { makeVideoMedia } from '../../worker/media/video-pipeline.js'
import { makeScrubThumbnails } from '../../core/ffmpeg/scrub.js'
import { SCRUB, scrubInterval, scrubRows, scrubTileSize } from '../../core/domain/media/scrub.js'
import { makeToneVideo } from '../seed/video-sources.js'
import { timed, type Timing } from './cpu.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 2))
/** `--scrub-only`: one pipeline ladder job (a), then the scrub thumbnails (d) and (e) only: minutes less on a busy machine. */
const SCRUB_ONLY = process.argv.includes('--scrub-only')
/** `--early-only`: (f) the drop to playable and ready, and (d) from its lowest rung: what the two-step publication's targets need. */
const EARLY_ONLY = process.argv.includes('--early-only')
/** `--tour-only`: (g) and (h), the tour renditions' cost, only. */
const TOUR_ONLY = process.argv.includes('--tour-only')
const binaries = ffmpegBinaries({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH })

function bare(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-500)}`))))
  })
}

async function source(): Promise<string> {
  const file = path.resolve('.data', 'demo-cache', `bench-1080p-${SECONDS}s.mp4`)
  if ((await fs.stat(file).catch(() => null))?.size) return file
  await fs.mkdir(path.dirname(file), { recursive: true })
  console.log(`making the ${SECONDS} s 1080p source once (cached: ${file}) …`)
  await makeToneVideo(`${file}.part`, { video: 'testsrc2=size=1920x1080:rate=30', seconds: SECONDS, tone: 440, crf: 18 })
  await fs.rename(`${file}.part`, file)
  return file
}

const file = await source()
const info = await probe(file)
const rungs = planLadder(info)
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'streamclub-bench-'))
const dir = (name: string) => path.join(scratch, name)
const d0 = (probed: { durationSeconds: number }) => probed.durationSeconds
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const storeArg = process.argv.indexOf('--store')
if (storeArg > 0) {
  if (process.argv[storeArg + 1] !== 's3') throw new Error('--store takes s3 (the whole ingest on the local disk and on S3)')
  const { benchStores } = await import('./transcode-store.js')
  await benchStores(file, REPEAT, load)
  await fs.rm(scratch, { recursive: true, force: true })
  process.exit(0)
}

console.log(`${ffmpegVersion(binaries)} (${binaries.source}), x264 preset ${X264_PRESET}, ${os.cpus().length} CPUs, load ${load()}`)
console.log(
  `source: ${info.width}x${info.height} ${info.frameRate} fps, ${info.durationSeconds.toFixed(1)} s; rungs: ${rungs.map((r) => `${r.resolution} ${r.width}x${r.height}`).join(', ')}`,
)

const best = (timings: Timing[]): Timing => ({ wall: Math.min(...timings.map((t) => t.wall)), cpu: Math.min(...timings.map((t) => t.cpu)) })
const d = info.durationSeconds
const row = (label: string, t: Timing) =>
  `${label.padEnd(30)} ${t.wall.toFixed(1).padStart(7)} s wall  ${t.cpu.toFixed(1).padStart(7)} s CPU   ${(d / t.wall).toFixed(2).padStart(5)}x real time   ${(t.wall / d).toFixed(2)}x the duration`
const lowest = rungs[0]!
const cores = os.cpus().length
const interval = scrubInterval(d0(info))
const tile = scrubTileSize(lowest.width, lowest.height)

/** (f) BENCH_REPEAT times: the best times to playable and to ready, each run's encodes, and the last run's lowest rung. */
async function earlyPlay() {
  const { openEarlyPlayBench } = await import('./transcode-early.js')
  const bench = await openEarlyPlayBench(dir('early'))
  try {
    const runs = []
    for (let round = 1; round <= REPEAT; round++) {
      process.stdout.write(`(f) drop to playable and to ready through the worker's job${REPEAT > 1 ? `, run ${round}` : ''} … `)
      const run = await bench.dropAndWait(file)
      console.log(
        `playable after ${run.playable.wall.toFixed(1)} s, ready after ${run.ready.wall.toFixed(1)} s (${run.ready.cpu.toFixed(1)} s CPU); encodes ${run.encodes.map((e) => `up to ${e.topRung} ${e.wall.toFixed(1)} s`).join(', ')}; load ${load()}`,
      )
      runs.push(run)
    }
    return { playable: best(runs.map((r) => r.playable)), ready: best(runs.map((r) => r.ready)), runs, lowestPlaylist: runs.at(-1)!.lowestPlaylist }
  } finally {
    await bench.close()
  }
}

function earlyPlayLines(f: Awaited<ReturnType<typeof earlyPlay>>, scrub: Timing): string[] {
  return [
    `(f) playable / duration = ${(f.playable.wall / d).toFixed(2)}   (target at most 0.35)`,
    `(f) ready / duration = ${(f.ready.wall / d).toFixed(2)}   (target at most 0.90)`,
    `(f) best runs: the lowest rung alone (the poster and stills beside it) ${Math.min(...f.runs.map((r) => r.encodes[0]!.wall)).toFixed(1)} s of the time to playable (the rest: ingest, probe, scrub thumbnails, publication ${Math.min(...f.runs.map((r) => r.playable.wall - r.encodes[0]!.wall)).toFixed(1)} s); the higher rungs in one process ${Math.min(...f.runs.map((r) => r.encodes.slice(1).reduce((sum, e) => sum + e.wall, 0))).toFixed(1)} s`,
    `(f) no wall time can be under its CPU seconds spread over every core: on ${cores} idle cores playable at best ${(f.playable.cpu / cores).toFixed(1)} s (${(f.playable.cpu / cores / d).toFixed(2)}x), ready at best ${(f.ready.cpu / cores).toFixed(1)} s (${(f.ready.cpu / cores / d).toFixed(2)}x): a bound, not a measurement`,
    `(d) scrub thumbnails: ${scrub.cpu.toFixed(2)} s CPU = ${((scrub.cpu / f.ready.cpu) * 100).toFixed(1)} % of (f)'s CPU from the drop to ready   (target at most 5 %)`,
  ]
}

/**
 * (g) the whole ingest and (h) the pictures' process alone, each with and without the tour
 * renditions, BENCH_REPEAT times in alternating order (drift on a shared machine hits both);
 * then the bytes of the blurred posters against the originals, same size and format.
 */
async function tourCost() {
  const whole: Record<'with' | 'without', Timing[]> = { with: [], without: [] }
  const pictures: Record<'with' | 'without', Timing[]> = { with: [], without: [] }
  const display = displaySize(info, Number.MAX_SAFE_INTEGER)
  const pictureGroups = (out: string, tour: boolean): FrameGroup[] => [
    {
      at: posterTime(d),
      pick: 25,
      targets: POSTER_WIDTHS.map((width) => ({
        file: path.join(out, `poster-${width}.jpg`),
        stored: `public/b/poster-${width}.jpg`,
        ...fitWithin(display.width, display.height, width, 'width'),
        tour,
      })),
    },
    ...stillTimes(d, STILL_COUNT).map((at, i) => ({
      at,
      targets: [
        { file: path.join(out, `s${i}.jpg`), stored: `public/b/s${i}.jpg`, ...fitWithin(display.width, display.height, STILL_THUMB_WIDTH, 'width') },
        { file: path.join(out, `f${i}.jpg`), stored: `protected/b/f${i}.jpg`, ...fitWithin(display.width, display.height, STILL_FULL_MAX_WIDTH, 'width') },
      ],
    })),
  ]
  let sizes: string[] = []
  for (let round = 1; round <= REPEAT; round++) {
    const order = round % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const)
    for (const variant of order) {
      const out = dir(`tour-${variant}-${round}`)
      whole[variant].push(
        await timed(`(g) whole ingest ${variant} tour renditions${REPEAT > 1 ? `, run ${round}` : ''}`, async () => {
          await fs.mkdir(out, { recursive: true })
          await makeVideoMedia(file, info, new WorkDir(out, 'bench'), { stage: () => () => undefined }, { tour: variant === 'with' })
        }),
      )
      if (variant === 'with') {
        const posters = (await fs.readdir(path.join(out, 'public')))
          .filter((name) => /^poster-\d+\.jpg$/.test(name))
          .sort((a, b) => parseInt(a.slice(7)) - parseInt(b.slice(7)))
        const size = async (name: string) => (await fs.stat(path.join(out, 'public', name))).size
        sizes = []
        for (const poster of posters) {
          for (const [full, blurred] of [
            [poster, tourPathOf(poster)],
            [webpPathOf(poster), webpPathOf(tourPathOf(poster))],
          ] as const) {
            const [f, b] = [await size(full), await size(blurred)]
            sizes.push(`${blurred}: ${b} of ${f} bytes (${((b / f) * 100).toFixed(1)} %)`)
          }
        }
      }
      await fs.rm(out, { recursive: true, force: true })
      const pictureOut = dir(`pictures-${variant}-${round}`)
      pictures[variant].push(
        await timed(`(h) poster and stills process ${variant} tour renditions${REPEAT > 1 ? `, run ${round}` : ''}`, () =>
          grabFrames(file, info, pictureGroups(pictureOut, variant === 'with')),
        ),
      )
      await fs.rm(pictureOut, { recursive: true, force: true })
    }
  }
  return { whole: { with: best(whole.with), without: best(whole.without) }, pictures: { with: best(pictures.with), without: best(pictures.without) }, sizes }
}

function tourLines(g: Awaited<ReturnType<typeof tourCost>>): string[] {
  const ratio = (x: Timing, y: Timing) => `${(x.wall / y.wall).toFixed(3)} wall, ${(x.cpu / y.cpu).toFixed(3)} CPU`
  return [
    row('(g) whole ingest without tour', g.whole.without),
    row('(g) whole ingest with tour', g.whole.with),
    row('(h) pictures without tour', g.pictures.without),
    row('(h) pictures with tour', g.pictures.with),
    '',
    `(g) with/without = ${ratio(g.whole.with, g.whole.without)}   (target at most 1.10)`,
    `(h) with/without = ${ratio(g.pictures.with, g.pictures.without)}; the step's own CPU: ${(g.pictures.with.cpu - g.pictures.without.cpu).toFixed(2)} s = ${(((g.pictures.with.cpu - g.pictures.without.cpu) / g.whole.without.cpu) * 100).toFixed(2)} % of the whole ingest's`,
    `blurred posters of the bench's source (testsrc2: flat colour fields, little detail to lose; photo-like scenes: tests/integration/tour-pictures.test.ts):`,
    ...g.sizes.map((line) => `  ${line}`),
  ]
}

if (TOUR_ONLY) {
  try {
    const g = await tourCost()
    console.log(REPEAT > 1 ? `\nbest of ${REPEAT} runs each:` : '')
    for (const line of tourLines(g)) console.log(line)
    console.log(`load average now: ${load()}`)
  } finally {
    await fs.rm(scratch, { recursive: true, force: true })
  }
  process.exit(0)
}

if (EARLY_ONLY) {
  try {
    const f = await earlyPlay()
    const scrubRuns: Timing[] = []
    for (let round = 1; round <= REPEAT; round++) {
      scrubRuns.push(
        await timed(`(d) scrub thumbnails from (f)'s lowest rung${REPEAT > 1 ? `, run ${round}` : ''}`, () =>
          makeScrubThumbnails(f.lowestPlaylist, dir(`scrub${round}`), { ...lowest, durationSeconds: d }),
        ),
      )
    }
    console.log(REPEAT > 1 ? `\nbest of ${REPEAT} runs each:` : '')
    console.log(row(`(f) drop to playable (${lowest.resolution})`, f.playable))
    console.log(row('(f) drop to ready', f.ready))
    console.log(row('(d) scrub thumbnails', best(scrubRuns)))
    console.log('')
    for (const line of earlyPlayLines(f, best(scrubRuns))) console.log(line)
    console.log(`load average now: ${load()} (2 cores shared with other work: wall times stretch with the load, CPU seconds much less)`)
  } finally {
    await fs.rm(scratch, { recursive: true, force: true })
  }
  process.exit(0)
}

try {
  const variants = {
    b: [
      '(b) bare single-pass ffmpeg, all rungs',
      async (out: string) => {
        for (const rung of rungs) await fs.mkdir(path.join(out, rung.resolution), { recursive: true })
        await bare([
          ...LADDER_INPUT_OPTIONS,
          '-i',
          file,
          '-filter_complex',
          ladderFilterGraph(info, rungs),
          ...rungs.flatMap((rung, i) => [...rungOutputOptions(rung, i, info, out), rungPlaylist(out, rung)]),
        ])
      },
    ],
    a: [
      '(a) pipeline ladder job (fluent-ffmpeg + progress, master, download MP4)',
      async (out: string) => {
        await encodeLadder(file, info, rungs, out, { onProgress: () => undefined })
        const measured = []
        for (const rung of rungs) {
          const { bandwidth, averageBandwidth } = await measureRung(rungPlaylist(out, rung))
          measured.push({ ...rung, codecs: rungCodecs(rung, info.hasAudio), bandwidth, averageBandwidth, uri: `${rung.resolution}/index.m3u8` })
        }
        await fs.writeFile(path.join(out, 'master.m3u8'), masterPlaylist(measured))
        await remuxToMp4(rungPlaylist(out, rungs.at(-1)!), path.join(out, 'download.mp4'), info.hasAudio)
      },
    ],
    c: [
      '(c) one ffmpeg per rung, one after another',
      async (out: string) => {
        for (const rung of rungs) {
          await fs.mkdir(path.join(out, rung.resolution), { recursive: true })
          await bare([
            ...LADDER_INPUT_OPTIONS,
            '-i',
            file,
            '-filter_complex',
            ladderFilterGraph(info, [rung]),
            ...rungOutputOptions(rung, 0, info, out),
            rungPlaylist(out, rung),
          ])
        }
      },
    ],
  } as const
  const runs: Record<keyof typeof variants, Timing[]> = { a: [], b: [], c: [] }
  const ladderRounds = SCRUB_ONLY ? 1 : REPEAT
  for (let round = 1; round <= ladderRounds; round++) {
    for (const key of SCRUB_ONLY ? (['a'] as const) : (['b', 'a', 'c'] as const)) {
      const [label, work] = variants[key]
      const out = dir(`${key}${round}`)
      runs[key].push(await timed(ladderRounds > 1 ? `${label}, run ${round}` : label, () => work(out)))
      // The last pipeline ladder stays for the scrub thumbnails below.
      if (!(key === 'a' && round === ladderRounds)) await fs.rm(out, { recursive: true, force: true })
    }
  }
  const a = best(runs.a)

  // Scrub thumbnails: the pipeline's way (keyframes of the lowest rung) and the naive way (every frame of the source).
  const scrubRuns: Timing[] = []
  const naiveRuns: Timing[] = []
  let made = { count: 0, sheets: 0 }
  for (let round = 1; round <= REPEAT; round++) {
    scrubRuns.push(
      await timed(`(d) scrub thumbnails from the lowest rung's keyframes${REPEAT > 1 ? `, run ${round}` : ''}`, async () => {
        const result = await makeScrubThumbnails(rungPlaylist(dir(`a${ladderRounds}`), lowest), dir(`scrub${round}`), { ...lowest, durationSeconds: d0(info) })
        made = { count: result.times.length, sheets: result.sheets }
      }),
    )
    naiveRuns.push(
      await timed(`(e) the same from the whole 1080p source, every frame decoded${REPEAT > 1 ? `, run ${round}` : ''}`, async () => {
        await fs.mkdir(dir(`naive${round}`), { recursive: true })
        await bare([
          '-i',
          file,
          '-an',
          '-vf',
          `fps=1/${interval},scale=${tile.width}:${tile.height},tile=${SCRUB.columns}x${scrubRows(d0(info), interval)}`,
          '-q:v',
          String(SCRUB.jpegQuality),
          path.join(dir(`naive${round}`), 'sheet-%03d.jpg'),
        ])
      }),
    )
  }
  const [scrub, naive] = [best(scrubRuns), best(naiveRuns)]

  const ratio = (x: Timing, y: Timing) => `${(x.wall / y.wall).toFixed(2)} wall, ${(x.cpu / y.cpu).toFixed(2)} CPU`
  const scrubLine = `(d) scrub thumbnails: ${made.count} tiles of ${tile.width}x${tile.height} every ${interval} s on ${made.sheets} sheet(s); ${scrub.cpu.toFixed(2)} s CPU = ${((scrub.cpu / a.cpu) * 100).toFixed(1)} % of the ladder job's CPU; (e)/(d) = ${ratio(naive, scrub)}`
  if (SCRUB_ONLY) {
    console.log(REPEAT > 1 ? `\nbest of ${REPEAT} runs each for (d), (e):` : '')
    console.log(row('(a) pipeline ladder job', a))
    console.log(row('(d) scrub thumbnails', scrub))
    console.log(row('(e) scrub, naive (source)', naive))
    console.log('')
    console.log(scrubLine)
    console.log(`load average now: ${load()}`)
    await fs.rm(scratch, { recursive: true, force: true })
    process.exit(0)
  }
  const [b, c] = [best(runs.b), best(runs.c)]

  const whole = await timed('whole ingest (poster, stills, clips, lowest rung, scrub thumbnails, higher rungs, master, download)', async () => {
    await fs.mkdir(dir('whole'), { recursive: true })
    await makeVideoMedia(file, info, new WorkDir(dir('whole'), 'bench'), { stage: () => () => undefined })
  })
  const f = await earlyPlay()
  const g = await tourCost()

  console.log(REPEAT > 1 ? `\nbest of ${REPEAT} runs each for (a), (b), (c), (d), (e), (g), (h):` : '')
  console.log(row('(a) pipeline ladder job', a))
  console.log(row('(b) bare single-pass ffmpeg', b))
  console.log(row('(c) one ffmpeg per rung', c))
  console.log(row('(d) scrub thumbnails', scrub))
  console.log(row('(e) scrub, naive (source)', naive))
  console.log(row('whole ingest', whole))
  console.log(row(`(f) drop to playable (${lowest.resolution})`, f.playable))
  console.log(row('(f) drop to ready', f.ready))
  console.log('')
  console.log(`(a)/(b) = ${ratio(a, b)}   (target at most 1.10)`)
  console.log(`(c)/(b) = ${ratio(c, b)}   ((b) should be clearly faster than (c))`)
  console.log(`${scrubLine}, ${((scrub.cpu / whole.cpu) * 100).toFixed(1)} % of the whole ingest's`)
  console.log(`whole ingest / duration = ${(whole.wall / d).toFixed(2)}   (target at most 1.50 on 2 cores)`)
  for (const line of earlyPlayLines(f, scrub)) console.log(line)
  for (const line of tourLines(g)) console.log(line)
  console.log(`load average now: ${load()}; with other work on the machine the wall times stretch, CPU seconds much less`)
} finally {
  await fs.rm(scratch, { recursive: true, force: true })
}
