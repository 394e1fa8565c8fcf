/**
 * The members' player: media-chrome's controls around a <video>, fed by hls.js with the signed
 * master playlist, or natively (Safari, and browsers that play HLS themselves) with the signed
 * media playlist of the chosen rung. The resolution choice is kept in session storage (spec:
 * default fhd, else the best available). On touch screens a double tap on the left or right
 * third seeks 10 s back or forward. Loaded as its own chunk, only for members.
 */
import { Box, NativeSelect } from '@mantine/core'
import type Hls from 'hls.js'
import {
  MediaControlBar, MediaController, MediaFullscreenButton, MediaLoadingIndicator, MediaMuteButton, MediaPlayButton,
  MediaTimeDisplay, MediaTimeRange, MediaVolumeRange,
} from 'media-chrome/react'
import { useEffect, useRef, useState } from 'react'
import { RESOLUTION_STORAGE_KEY, chooseResolution } from '../../../server/domain/playback.js'
import type { Resolution } from '../../../server/domain/resolutions.js'
import type { VideoPlayback } from '../../../server/services/playback.js'
import { DOUBLE_TAP_MS, doubleTapSeek } from '../../lib/gestures'
import { useI18n } from '../../lib/locale'
import { useSaveWatchPosition } from './watch-position'

function storedResolution(): string | null {
  try {
    return sessionStorage.getItem(RESOLUTION_STORAGE_KEY)
  } catch {
    return null
  }
}

function storeResolution(resolution: Resolution): void {
  try {
    sessionStorage.setItem(RESOLUTION_STORAGE_KEY, resolution)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

const canPlayHlsNatively = (video: HTMLVideoElement) => video.canPlayType('application/vnd.apple.mpegurl') !== ''

export interface VideoPlayerProps {
  videoId: number
  playback: VideoPlayback
  poster: string | undefined
  title: string
  /** Play at once (the member pressed the big play button). */
  autoPlay: boolean
  /** Start here (seconds): the member chose to resume. */
  startAt?: number
  /** The first play of this page (marks the video viewed). */
  onFirstPlay: () => void
  /** The signed URLs stopped working (expired): fetch new ones. */
  onExpired: () => void
  onFailed: () => void
}

export default function VideoPlayer({ videoId, playback, poster, title, autoPlay, startAt = 0, onFirstPlay, onExpired, onFailed }: VideoPlayerProps) {
  const { LL } = useI18n()
  const videoRef = useRef<HTMLVideoElement>(null)
  const hlsRef = useRef<Hls | null>(null)
  const resumeAt = useRef(startAt)
  const available = playback.rungs.map((rung) => rung.resolution)
  const [resolution, setResolution] = useState<Resolution | null>(() => chooseResolution(available, storedResolution()))
  const callbacks = useRef({ onFirstPlay, onExpired, onFailed })
  callbacks.current = { onFirstPlay, onExpired, onFailed }
  // Before the source effect: its clean-up empties the element, and the last save reads it first.
  useSaveWatchPosition(videoRef, videoId)

  // One source per set of signed URLs (new URLs after an expiry resume where playback was).
  useEffect(() => {
    const video = videoRef.current
    if (!video || !playback.master || !resolution) return
    let disposed = false
    const wasPlaying = autoPlay || !video.paused || resumeAt.current > 0
    const startAt = resumeAt.current
    const resume = () => {
      if (startAt > 0) video.currentTime = startAt
      if (wasPlaying) void video.play().catch(() => undefined)
    }
    const level = Math.max(0, available.indexOf(resolution))
    const failed = (expired: boolean) => {
      resumeAt.current = video.currentTime
      if (expired) callbacks.current.onExpired()
      else callbacks.current.onFailed()
    }

    if (canPlayHlsNatively(video)) {
      video.src = playback.rungs[level]!.playlist
      // With preload=none nothing loads before play(); the position is restored once known.
      if (startAt > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startAt), { once: true })
      if (wasPlaying) void video.play().catch(() => undefined)
      const onError = () => failed(true)
      video.addEventListener('error', onError)
      return () => {
        disposed = true
        video.removeEventListener('error', onError)
        video.removeAttribute('src')
        video.load()
      }
    }

    void import('hls.js/light').then(({ default: HlsClass }) => {
      if (disposed) return
      if (!HlsClass.isSupported()) return failed(false)
      const hls = new HlsClass({ startLevel: level, capLevelToPlayerSize: false })
      hlsRef.current = hls
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
        hls.currentLevel = level
        resume()
      })
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return
        const status = (data.response as { code?: number } | undefined)?.code
        hls.destroy()
        hlsRef.current = null
        failed(data.type === HlsClass.ErrorTypes.NETWORK_ERROR && (status === 403 || status === undefined))
      })
      hls.loadSource(playback.master!)
      hls.attachMedia(video)
    })
    return () => {
      disposed = true
      hlsRef.current?.destroy()
      hlsRef.current = null
    }
    // The source changes with new URLs; a resolution change is handled below without a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playback.master])

  const choose = (next: Resolution) => {
    setResolution(next)
    storeResolution(next)
    const video = videoRef.current
    const index = available.indexOf(next)
    if (!video || index < 0) return
    if (hlsRef.current) {
      hlsRef.current.currentLevel = index
      return
    }
    if (canPlayHlsNatively(video)) {
      const at = video.currentTime
      const playing = !video.paused
      video.src = playback.rungs[index]!.playlist
      video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true })
      if (playing) void video.play().catch(() => undefined)
      else video.load()
    }
  }

  const seeked = useDoubleTapSeek(videoRef)

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const onPlay = () => callbacks.current.onFirstPlay()
    video.addEventListener('play', onPlay, { once: true })
    return () => video.removeEventListener('play', onPlay)
  }, [])

  return (
    <Box ref={seeked.area} pos="relative" style={{ touchAction: 'manipulation' }}>
      <MediaController style={{ width: '100%', aspectRatio: '16 / 9', display: 'block', background: '#000' }}>
        <video slot="media" ref={videoRef} poster={poster} playsInline preload="none" aria-label={title} style={{ width: '100%', height: '100%' }}>
          {/* Scrub thumbnails: media-chrome's seek bar shows the tile of the moment under the pointer. */}
          {playback.thumbnails && <track kind="metadata" label="thumbnails" src={playback.thumbnails} default />}
        </video>
        <MediaLoadingIndicator slot="centered-chrome" noAutohide />
        <MediaControlBar>
          <MediaPlayButton />
          <MediaTimeRange />
          <MediaTimeDisplay showDuration />
          <MediaMuteButton />
          <MediaVolumeRange />
          {available.length > 0 && resolution && (
            <NativeSelect
              aria-label={LL.playback.player.resolution()}
              size="xs"
              value={resolution}
              onChange={(event) => choose(event.currentTarget.value as Resolution)}
              data={available.map((value) => ({ value, label: LL.catalog.resolution[value]() }))}
              styles={{ input: { background: 'rgba(20,21,23,0.7)', color: 'white', border: 'none', height: '100%' } }}
            />
          )}
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
      <div role="status">
        {seeked.last && (
          <span key={seeked.last.at} className="seek-hint" data-side={seeked.last.seconds < 0 ? 'left' : 'right'}>
            {seeked.last.seconds < 0 ? `« ${LL.playback.player.seekBack()}` : `${LL.playback.player.seekForward()} »`}
          </span>
        )}
      </div>
    </Box>
  )
}

/**
 * Two taps within DOUBLE_TAP_MS on the same outer third of the picture seek 10 s (taps on the
 * control bar are its own). Returns the area's ref and the last seek, for the hint.
 */
function useDoubleTapSeek(videoRef: React.RefObject<HTMLVideoElement | null>) {
  const [area, setArea] = useState<HTMLDivElement | null>(null)
  const [last, setLast] = useState<{ seconds: number; at: number } | null>(null)
  useEffect(() => {
    if (!area) return
    let previous: { at: number; seconds: number } | null = null
    const onPointerUp = (event: PointerEvent) => {
      const video = videoRef.current
      if (event.pointerType !== 'touch' || !video || (event.target as Element).closest?.('media-control-bar')) return
      const rect = area.getBoundingClientRect()
      const seconds = doubleTapSeek(event.clientX - rect.left, rect.width)
      const now = event.timeStamp
      if (seconds !== 0 && previous && previous.seconds === seconds && now - previous.at < DOUBLE_TAP_MS) {
        const end = Number.isFinite(video.duration) ? video.duration : Infinity
        video.currentTime = Math.min(end, Math.max(0, video.currentTime + seconds))
        setLast({ seconds, at: now })
        previous = null
        return
      }
      previous = { at: now, seconds }
    }
    area.addEventListener('pointerup', onPointerUp)
    return () => area.removeEventListener('pointerup', onPointerUp)
  }, [area, videoRef])
  return { area: setArea, last }
}
