/**
 * The demo's video sources: every demo video gets one of its own, so each card's duration is
 * its own and the "longest" sort shows a spread from seconds to over ten minutes.
 *
 * - Four featured sources, short and sharp, with a tone: 1080p (a three-rung ladder, on the
 *   newest video), 720p, 480p and 360p.
 * - Every other video: a long-form source at 426x240, 2 fps, without sound, in a look and hue of
 *   its own. Such a source costs the pipeline little: one rung, few frames, no audio to encode
 *   (about 2.5 s of CPU for ten minutes here). It is made cheaply too: a 12-second loop is
 *   encoded once, then repeated to the video's length by stream copy.
 */
import fs from 'node:fs/promises'
import { command, run } from '../../core/ffmpeg/run.js'
import { createRandom } from './words.js'

export interface VideoSource {
  /** The cache file name (without the cache version). */
  name: string
  seconds: number
  make: (file: string) => Promise<void>
}

interface FeaturedRecipe {
  name: string
  seconds: number
  /** A lavfi source and the filters after it. */
  video: string
  tone: number
}

const FEATURED: FeaturedRecipe[] = [
  { name: 'pattern-fhd', seconds: 6, video: 'testsrc2=size=1920x1080:rate=24', tone: 440 },
  { name: 'bars-hd', seconds: 5, video: 'smptehdbars=size=1280x720:rate=24,hue=H=2*PI*t/5', tone: 523 },
  {
    name: 'life-360',
    seconds: 42,
    video: 'life=size=320x180:rate=12:mold=10:ratio=0.3:life_color=#ff4fa0:death_color=#2a1a5e,scale=640:360:flags=neighbor',
    tone: 659,
  },
  { name: 'pattern-sd', seconds: 14, video: 'testsrc=size=854x480:rate=20,hue=h=200:s=1.4', tone: 784 },
]

/** The long-form sources' picture: small and slow (the pipeline's cost grows with pixels times frames). */
const LONG_FORM = { width: 426, height: 240, rate: 2, loopSeconds: 12 } as const

/**
 * Looks of the long-form sources (lavfi, ffmpeg 4.1); {S} is the size, {R} the rate, {HUE} a hue
 * in degrees. Smooth pictures that change slowly: x264 spends little on them (a cellular
 * automaton or a fractal costs the pipeline three to five times as much).
 */
const LOOKS = [
  'smptebars=size={S}:rate={R},hue=H=2*PI*t/12+{HUE}*PI/180',
  'testsrc=size={S}:rate={R},hue=h={HUE}:s=1.4',
  'rgbtestsrc=size={S}:rate={R},hue=H=2*PI*t/12+{HUE}*PI/180:s=0.8',
  "color=black:size={S}:rate={R},format=rgb24,geq=r='128+100*sin(X/41+T)':g='128+100*sin(Y/29+T/2)':b='128+100*cos((X+Y)/53)',hue=h={HUE}",
  'smptehdbars=size={S}:rate={R},hue=H=2*PI*t/12+{HUE}*PI/180',
  'testsrc2=size={S}:rate={R},hue=h={HUE}',
]

/** The shortest and the longest long-form video, in seconds. */
const SHORTEST = 20
const LONGEST = 760

/**
 * `count` distinct whole-second lengths from SHORTEST to LONGEST, none of them in `taken`:
 * most of them short (half under about a minute), a few over ten minutes, the total near two
 * hours for 60 (x^2 on a log scale, a little jitter), so the first start stays quick.
 */
export function longFormLengths(count: number, taken: ReadonlySet<number> = new Set()): number[] {
  const random = createRandom(20261128)
  const used = new Set(taken)
  return Array.from({ length: count }, (_, i) => {
    const x = count === 1 ? 1 : i / (count - 1)
    let seconds = Math.round(SHORTEST * (LONGEST / SHORTEST) ** (x * x) * (1 + (random.next() - 0.5) * 0.06))
    while (used.has(seconds)) seconds++
    used.add(seconds)
    return seconds
  })
}

/**
 * A synthetic video with a tone, as the featured sources and the transcode bench use it: `video`
 * (a lavfi source and its filters) for `seconds`, H.264 at `crf` and AAC, in MP4.
 */
export function makeToneVideo(file: string, { video, seconds, tone, crf }: { video: string; seconds: number; tone: number; crf: number }) {
  return run(
    command()
      .input(video)
      .inputOptions(['-f', 'lavfi', '-t', String(seconds)])
      .input(`sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`)
      .inputOptions(['-f', 'lavfi'])
      .output(file)
      .outputOptions(['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), '-g', '48'])
      .outputOptions(['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-shortest', '-f', 'mp4']),
  )
}

function featuredSource(recipe: FeaturedRecipe): VideoSource {
  return { name: recipe.name, seconds: recipe.seconds, make: (file) => makeToneVideo(file, { ...recipe, crf: 20 }) }
}

function longFormSource(index: number, seconds: number): VideoSource {
  const { width, height, rate, loopSeconds } = LONG_FORM
  const hue = (index * 137) % 360
  const look = LOOKS[index % LOOKS.length]!.replaceAll('{S}', `${width}x${height}`).replaceAll('{R}', String(rate)).replaceAll('{HUE}', String(hue))
  return {
    name: `long-v2-${String(index + 1).padStart(2, '0')}-${seconds}s`,
    seconds,
    make: async (file) => {
      const loop = `${file}.loop.mp4`
      try {
        await run(
          command()
            .input(look)
            .inputOptions(['-f', 'lavfi', '-t', String(loopSeconds)])
            .output(loop)
            .outputOptions(['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-g', String(rate * 2), '-pix_fmt', 'yuv420p', '-f', 'mp4']),
        )
        await run(
          command()
            .input(loop)
            .inputOptions(['-stream_loop', '-1'])
            .output(file)
            .outputOptions(['-t', String(seconds), '-c', 'copy', '-f', 'mp4']),
        )
      } finally {
        await fs.rm(loop, { force: true })
      }
    },
  }
}

/**
 * The sources of `count` demo videos, in the order of the rows they go to: the featured ones
 * first, then the long-form ones in an order shuffled by a fixed seed (so lengths do not follow
 * publication dates).
 */
export function demoVideoSources(count: number): VideoSource[] {
  const featured = FEATURED.slice(0, count).map(featuredSource)
  const lengths = longFormLengths(Math.max(0, count - featured.length), new Set(FEATURED.map((recipe) => recipe.seconds)))
  const shuffled = createRandom(1128).sample(lengths, lengths.length)
  return [...featured, ...shuffled.map((seconds, index) => longFormSource(index, seconds))]
}
