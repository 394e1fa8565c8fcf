/**
 * Scrub thumbnails (the pictures over the player's seek bar), made the way Jellyfin's trickplay
 * makes them: one small picture every few seconds, tiled into JPEG sprite sheets, and a WebVTT
 * track whose cues name a sheet and the tile's rectangle (`sheet-001.jpg#xywh=240,0,240,136`),
 * which media-chrome reads from `<track kind="metadata" label="thumbnails">`.
 *
 * They are made cheaply from the lowest rung of the finished ladder, decoding its keyframes
 * only (every rung has one every KEYFRAME_SECONDS, aligned), so a thumbnail costs one small
 * keyframe decode, one scale and a share of one JPEG; the source is not decoded again.
 */
import { fitWithin } from './media.js'

export const SCRUB = {
  /** The longer side of a thumbnail (px): 240x136 for 16:9, 136x240 for 9:16. */
  maxSide: 240,
  /** Tiles per sheet: 10 across, up to 10 down (a sheet covers 100 thumbnails). */
  columns: 10,
  rows: 10,
  /** Seconds between thumbnails: at least the keyframe spacing, at most 10 s (Jellyfin's default). */
  minInterval: 2,
  maxInterval: 10,
  /** About this many thumbnails per video at most, below the 10 s interval. */
  targetCount: 200,
  /** ffmpeg's JPEG quality scale (2 best .. 31 worst). */
  jpegQuality: 6,
  folder: 'scrub',
  track: 'thumbnails.vtt',
} as const

/** The keyframe spacing of every rung (core/domain/media/media.ts forces one every 2 s). */
const KEYFRAME_SECONDS = 2

/**
 * Seconds between thumbnails: a whole number of keyframe spacings, so every thumbnail is a
 * keyframe; 2 s up to about 6.5 minutes, longer for long videos (at most 10 s).
 */
export function scrubInterval(durationSeconds: number): number {
  const spacings = Math.ceil(Math.max(0, durationSeconds) / SCRUB.targetCount / KEYFRAME_SECONDS)
  return Math.min(SCRUB.maxInterval, Math.max(SCRUB.minInterval, spacings * KEYFRAME_SECONDS))
}

/** A thumbnail's size for a picture shown at width x height (never larger than the picture). */
export function scrubTileSize(width: number, height: number): { width: number; height: number } {
  return fitWithin(width, height, SCRUB.maxSide, 'long')
}

/** Rows of a sheet: no more than the expected thumbnails need (short videos get one short sheet). */
export function scrubRows(durationSeconds: number, interval: number): number {
  const expected = Math.floor(Math.max(0, durationSeconds) / interval) + 1
  return Math.max(1, Math.min(SCRUB.rows, Math.ceil(expected / SCRUB.columns)))
}

export const sheetName = (index: number) => `sheet-${String(index + 1).padStart(3, '0')}.jpg`

function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

/**
 * The WebVTT track: one cue per thumbnail, from its moment to the next one's (the last to the
 * end of the video), naming its sheet (relative to the track) and its tile.
 */
export function scrubTrack(
  times: readonly number[],
  durationSeconds: number,
  tile: { width: number; height: number },
  columns: number = SCRUB.columns,
  rows: number = SCRUB.rows,
): string {
  const perSheet = columns * rows
  const cues = times.map((start, index) => {
    const end = index + 1 < times.length ? times[index + 1]! : Math.max(durationSeconds, start + 0.001)
    const onSheet = index % perSheet
    const x = (onSheet % columns) * tile.width
    const y = Math.floor(onSheet / columns) * tile.height
    return `${timestamp(index === 0 ? 0 : start)} --> ${timestamp(end)}\n${sheetName(Math.floor(index / perSheet))}#xywh=${x},${y},${tile.width},${tile.height}`
  })
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}
