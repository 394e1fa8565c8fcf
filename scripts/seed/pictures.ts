/**
 * Synthetic, safe-for-work pictures for the demo catalog's models, categories and banners,
 * made locally with ffmpeg: an abstract silhouette and soft gradients, tinted per item. A few
 * base images are rendered once, then each item gets a hue-shifted copy in its sizes, so the
 * whole set takes a few seconds. Videos and image sets get their media from the pipeline.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import type { Banner, Category, ImageRef, Model } from '../../server/db/entities/index.js'

const run = promisify(execFile)

export function ffmpegBinary(): string {
  return process.env.FFMPEG_PATH || ffmpegInstaller.path
}

async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegBinary(), ['-v', 'error', '-y', ...args])
}

/** Silhouette mask: a head and shoulders with soft edges (1 inside, 0 outside). */
const SILHOUETTE = [
  'max(clip((W*0.16-hypot(X-W/2\\,Y-H*0.40))/5\\,0\\,1)',
  'clip((1-hypot((X-W/2)/(W*0.42)\\,(Y-H*1.04)/(H*0.44)))*30\\,0\\,1))',
].join('\\,')

const BASES = {
  portrait: {
    size: '600x800',
    filter: `geq=r='(1-${SILHOUETTE})*(45+50*Y/H)+${SILHOUETTE}*(215-40*Y/H)':g='(1-${SILHOUETTE})*(22+25*Y/H)+${SILHOUETTE}*(160-30*Y/H)':b='(1-${SILHOUETTE})*(80+60*(1-X/W))+${SILHOUETTE}*(200-20*Y/H)'`,
  },
  landscape: {
    size: '1600x500',
    filter: `geq=r='40+70*(X/W)+25*sin(Y/45)':g='18+30*(Y/H)+10*sin(X/140)':b='95+90*(1-X/W)'`,
  },
  wide: {
    size: '960x540',
    filter: `geq=r='60+80*(X/W)*(Y/H)+30*sin(X/60)':g='30+40*(1-Y/H)':b='110+70*sin((X+Y)/220)'`,
  },
} as const

export interface SeededPictures {
  models: number
  categories: number
  banners: number
}

/**
 * Writes the pictures under MEDIA_DIR/public/seed and stores their references on the rows
 * (the caller flushes). Rows must have their ids.
 */
export async function seedPictures(
  mediaDir: string,
  rows: { models: Model[]; categories: Category[]; banners: Banner[] },
): Promise<SeededPictures> {
  const root = path.join(mediaDir, 'public', 'seed')
  const work = path.join(root, '.base')
  await fs.mkdir(work, { recursive: true })
  const base = Object.fromEntries(
    await Promise.all(
      Object.entries(BASES).map(async ([name, spec]) => {
        const file = path.join(work, `${name}.png`)
        await ffmpeg(['-f', 'lavfi', '-i', `color=c=black:s=${spec.size}`, '-vf', spec.filter, '-frames:v', '1', file])
        return [name, file] as const
      }),
    ),
  ) as Record<keyof typeof BASES, string>

  const ref = (relative: string, width: number, height: number): ImageRef => ({ path: `public/seed/${relative}`, width, height })

  // Each item: one ffmpeg run that tints the base and writes every size it needs.
  const tint = async (input: string, hue: number, outputs: Array<{ file: string; filter: string }>) => {
    await fs.mkdir(path.dirname(path.join(root, outputs[0]!.file)), { recursive: true })
    const split = outputs.map((_, i) => `[o${i}]`).join('')
    const chains = outputs.map((output, i) => `[o${i}]${output.filter}[r${i}]`).join(';')
    const args = ['-i', input, '-filter_complex', `[0]hue=h=${hue}:s=1.1,split=${outputs.length}${split};${chains}`]
    outputs.forEach((output, i) => args.push('-map', `[r${i}]`, '-frames:v', '1', '-q:v', '3', path.join(root, output.file)))
    await ffmpeg(args)
  }

  const jobs: Array<() => Promise<void>> = []
  rows.models.forEach((model, index) => {
    const dir = `models/${model.id}`
    jobs.push(async () => {
      await tint(base.portrait, (index * 37) % 360, [
        { file: `${dir}/preview.jpg`, filter: 'null' },
        { file: `${dir}/thumb.jpg`, filter: 'scale=300:400' },
        { file: `${dir}/avatar.jpg`, filter: 'crop=600:600:0:60,scale=160:160' },
      ])
      model.preview = ref(`${dir}/preview.jpg`, 600, 800)
      model.previewThumbnail = ref(`${dir}/thumb.jpg`, 300, 400)
      model.avatar = ref(`${dir}/avatar.jpg`, 160, 160)
    })
  })
  rows.categories.forEach((category, index) => {
    const dir = `categories/${category.id}`
    jobs.push(async () => {
      await tint(base.wide, (index * 45 + 200) % 360, [
        { file: `${dir}/preview.jpg`, filter: 'scale=640:360' },
        { file: `${dir}/logo.jpg`, filter: 'crop=540:540:210:0,scale=128:128' },
      ])
      category.preview = ref(`${dir}/preview.jpg`, 640, 360)
      category.logo = ref(`${dir}/logo.jpg`, 128, 128)
    })
  })
  rows.banners.forEach((banner, index) => {
    jobs.push(async () => {
      await tint(base.landscape, (index * 60 + 300) % 360, [{ file: `banners/${banner.id}.jpg`, filter: 'null' }])
      banner.image = ref(`banners/${banner.id}.jpg`, 1600, 500)
    })
  })

  // Two at a time: the machine's cores are shared.
  let next = 0
  await Promise.all([0, 1].map(async () => {
    while (next < jobs.length) await jobs[next++]!()
  }))
  await fs.rm(work, { recursive: true, force: true })
  return { models: rows.models.length, categories: rows.categories.length, banners: rows.banners.length }
}
