/**
 * The members' playlists and scrub tracks as the gateway hands them out: every URI signed
 * (each stays inside the item's protected folder), master playlists capped at the plan's rung,
 * and a media playlist's length (how long its signed URLs must last).
 */
import { RESOLUTION_HEIGHT, type Resolution } from '../../domain/media/resolutions.js'
import { isProtectedPath } from './signing.js'

/**
 * Rewrites an HLS playlist (master or media) served from `playlistPath` so that every URI in
 * it, the lines and the URI="…" attributes, becomes its own signed gateway URL. URIs are
 * resolved against the playlist's folder and must stay inside the item's protected folder;
 * anything else (absolute URLs, `..` out of the folder) is an error.
 */
export function rewritePlaylist(text: string, playlistPath: string, sign: (stored: string) => string): string {
  const resolve = childResolver(playlistPath, sign)
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim()
      if (!trimmed) return line
      if (!trimmed.startsWith('#')) return resolve(trimmed)
      return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${resolve(uri)}"`)
    })
    .join('\n')
}

/**
 * A scrub-thumbnail track (WebVTT, core/domain/media/scrub.ts) with every sheet named in a cue
 * (`sheet-001.jpg#xywh=…`) as its own signed URL, the tile's fragment kept.
 */
export function rewriteThumbnailTrack(text: string, trackPath: string, sign: (stored: string) => string): string {
  const resolve = childResolver(trackPath, sign)
  const lines = text.split(/\r?\n/)
  return lines
    .map((line, index) => {
      const trimmed = line.trim()
      // A cue's text is the line after its timing line.
      if (!trimmed || index === 0 || !lines[index - 1]!.includes('-->')) return line
      const hash = trimmed.indexOf('#')
      return hash < 0 ? resolve(trimmed) : resolve(trimmed.slice(0, hash)) + trimmed.slice(hash)
    })
    .join('\n')
}

/** Resolves a URI of a playlist or track to its stored path and signs it; nothing outside the item's folder. */
function childResolver(parentPath: string, sign: (stored: string) => string) {
  const root = parentPath.split('/').slice(0, 2).join('/') + '/'
  const dir = parentPath.slice(0, parentPath.lastIndexOf('/') + 1)
  return (uri: string) => {
    const parts: string[] = []
    for (const part of (dir + uri).split('/')) {
      if (part === '..') parts.pop()
      else if (part !== '.' && part !== '') parts.push(part)
    }
    const stored = parts.join('/')
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || !stored.startsWith(root) || !isProtectedPath(stored)) {
      throw new Error(`${parentPath} names a URI outside its folder: ${uri}`)
    }
    return sign(stored)
  }
}

/**
 * A master playlist without the variants above `cap` (by their RESOLUTION height), so a
 * member is never handed a signed URL of a rung the plan does not include.
 */
export function capMasterPlaylist(text: string, cap: Resolution): string {
  const maxHeight = RESOLUTION_HEIGHT[cap]
  const out: string[] = []
  let dropNextUri = false
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (trimmed.startsWith('#EXT-X-STREAM-INF:')) {
      const height = Number(trimmed.match(/RESOLUTION=\d+x(\d+)/)?.[1] ?? 0)
      dropNextUri = height > maxHeight
      if (dropNextUri) continue
    } else if (trimmed && !trimmed.startsWith('#') && dropNextUri) {
      dropNextUri = false
      continue
    }
    out.push(line)
  }
  return out.join('\n')
}

/** The total of a media playlist's EXTINF durations (seconds); 0 for a master playlist. */
export function playlistSeconds(text: string): number {
  let total = 0
  for (const match of text.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number.parseFloat(match[1]!) || 0
  return total
}
