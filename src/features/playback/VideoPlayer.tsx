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
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaPlaybackRateButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { RESOLUTION_STORAGE_KEY, chooseResolution } from '../../../core/domain/playback/playback.js'
import type { Resolution } from '../../../core/domain/media/resolutions.js'
import { DOUBLE_TAP_MS, doubleTapSeek } from '../../lib/gestures'
import { useI18n } from '../../lib/locale'
import { PLAYBACK_RATES, shortcutFor, stepRate, type ShortcutAction } from './shortcuts'
import { useSaveWatchPosition } from './watch-position'
import type { VideoPlayback } from '../../lib/api-types.js'

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
  const controllerRef = useRef<HTMLElement | null>(null)
  useKeyboardShortcuts(videoRef, controllerRef, seeked.show)
  const playing = usePlayingHeight(videoRef)

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const onPlay = () => callbacks.current.onFirstPlay()
    video.addEventListener('play', onPlay, { once: true })
    return () => video.removeEventListener('play', onPlay)
  }, [])

  return (
    <Box ref={seeked.area} pos="relative" style={{ touchAction: 'manipulation' }}>
      {/* media-chrome's own hotkeys are off: the page-wide shortcuts below cover them (and more), once. */}
      <MediaController
        ref={controllerRef as never}
        noHotkeys
        aria-keyshortcuts="Space K F M ArrowLeft ArrowRight J L ArrowUp ArrowDown"
        style={{ width: '100%', aspectRatio: '16 / 9', display: 'block', background: '#000' }}
      >
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
          <MediaPlaybackRateButton className="player-extra" rates={[...PLAYBACK_RATES]} />
          {playing && (
            <span
              className="playing-resolution player-extra"
              title={LL.playback.player.playing({ resolution: `${playing}p` })}
              aria-label={LL.playback.player.playing({ resolution: `${playing}p` })}
              data-testid="playing-resolution"
            >
              {playing}p
            </span>
          )}
          {available.length > 0 && resolution && (
            <NativeSelect
              aria-label={LL.playback.player.resolution()}
              size="xs"
              value={resolution}
              onChange={(event) => choose(event.currentTarget.value as Resolution)}
              data={[
                ...available.map((value) => ({ value, label: LL.catalog.resolution[value]() })),
                // Rungs still being made: shown, not yet choosable (they join on the next visit).
                ...playback.preparing.map((value) => ({
                  value,
                  label: LL.playback.player.resolutionPreparing({ resolution: LL.catalog.resolution[value]() }),
                  disabled: true,
                })),
              ]}
              styles={{ input: { background: 'rgba(20,21,23,0.7)', color: 'white', border: 'none', height: '100%' } }}
            />
          )}
          <MediaPipButton className="player-extra" />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
      <div role="status">
        {seeked.last && (
          <span key={seeked.last.at} className="seek-hint" data-side={seeked.last.seconds < 0 ? 'left' : 'right'}>
            {seeked.last.seconds < 0
              ? `« ${LL.playback.player.seekBackBy({ seconds: -seeked.last.seconds })}`
              : `${LL.playback.player.seekForwardBy({ seconds: seeked.last.seconds })} »`}
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
  const show = useCallback((seconds: number) => setLast({ seconds, at: performance.now() }), [])
  return { area: setArea, last, show }
}

/** Sends a media-chrome request to the controller (it knows fullscreen and picture-in-picture on every browser). */
function request(controller: HTMLElement, type: string, detail?: unknown) {
  controller.dispatchEvent(new CustomEvent(type, { composed: true, bubbles: true, detail }))
}

/**
 * The page-wide keyboard shortcuts while the player is open (shortcuts.ts decides which key
 * does what, and where a key keeps its usual meaning); seeks show the same hint as a double tap.
 */
function useKeyboardShortcuts(
  videoRef: React.RefObject<HTMLVideoElement | null>,
  controllerRef: React.RefObject<HTMLElement | null>,
  showSeek: (seconds: number) => void,
) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const video = videoRef.current
      const controller = controllerRef.current
      if (!video || !controller || event.defaultPrevented) return
      const target = (event.composedPath()[0] ?? event.target) as HTMLElement | null
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        targetTag: target?.tagName?.toLowerCase(),
        targetRole: target?.getAttribute?.('role') ?? null,
        targetEditable: !!target?.isContentEditable,
        insidePlayer: !!target && controller.contains(target),
      })
      if (!action) return
      event.preventDefault()
      apply(action, video, controller, showSeek)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [videoRef, controllerRef, showSeek])
}

function apply(action: ShortcutAction, video: HTMLVideoElement, controller: HTMLElement, showSeek: (seconds: number) => void) {
  switch (action.kind) {
    case 'togglePlay':
      return request(controller, video.paused ? 'mediaplayrequest' : 'mediapauserequest')
    case 'toggleMute':
      return request(controller, video.muted ? 'mediaunmuterequest' : 'mediamuterequest')
    case 'toggleFullscreen':
      return request(controller, document.fullscreenElement ? 'mediaexitfullscreenrequest' : 'mediaenterfullscreenrequest')
    case 'seekBy': {
      const end = Number.isFinite(video.duration) ? video.duration : Infinity
      request(controller, 'mediaseekrequest', Math.min(end, Math.max(0, video.currentTime + action.seconds)))
      return showSeek(action.seconds)
    }
    case 'volumeBy':
      if (video.muted && action.step > 0) request(controller, 'mediaunmuterequest')
      return request(controller, 'mediavolumerequest', Math.round(Math.min(1, Math.max(0, video.volume + action.step)) * 100) / 100)
    case 'rateStep':
      return request(controller, 'mediaplaybackraterequest', stepRate(video.playbackRate, action.step))
  }
}

/** The short side of the picture being played (the rung actually decoded), once known. */
function usePlayingHeight(videoRef: React.RefObject<HTMLVideoElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null)
  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    const update = () => setHeight(video.videoWidth && video.videoHeight ? Math.min(video.videoWidth, video.videoHeight) : null)
    const listening = new AbortController()
    for (const event of ['resize', 'loadedmetadata', 'emptied']) video.addEventListener(event, update, { signal: listening.signal })
    return () => listening.abort()
  }, [videoRef])
  return height
}
