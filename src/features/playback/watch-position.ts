/**
 * Resume and "Continue watching" on the client: the saved position of a video (watch.position)
 * and the player's saving of it (watch.save): every SAVE_INTERVAL_MS while it plays, on pause,
 * at the end, when the player goes away (another page of the site) and when the page is left or
 * hidden (pagehide, visibilitychange: a keepalive request through the tRPC client, which
 * outlives the page and carries the CSRF header and the session cookie).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, type RefObject } from 'react'
import { SAVE_INTERVAL_MS } from '../../../core/domain/playback/watch.js'
import { createTRPCClient, httpLink } from '@trpc/client'
import type { AppRouter } from '../../../server/trpc/root.js'
import { apiHeaders, useTRPC, useTRPCClient, type ApiClient } from '../../lib/trpc'

/**
 * A browser API client whose requests outlive the page (fetch `keepalive`): for the last word
 * of a page that is being left (the player's watch position on pagehide). Unbatched, with the
 * same headers as every call; sendBeacon could not send them (nor JSON without a preflight).
 */
function createKeepaliveApiClient(): ApiClient {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: '/trpc', headers: apiHeaders, fetch: (url, init) => fetch(url, { ...(init as RequestInit), keepalive: true }) })],
  })
}

let keepaliveClient: ApiClient | null = null
const keepalive = () => (keepaliveClient ??= createKeepaliveApiClient())

/** A position worth telling apart from the last saved one (a tenth of a second). */
const same = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 0.1

/**
 * Saves the position of the player's video. Call it before the player's own effects: its
 * clean-up must run while the element still has its source.
 */
export function useSaveWatchPosition(videoRef: RefObject<HTMLVideoElement | null>, videoId: number, enabled = true): void {
  const client = useTRPCClient()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const lastSaved = useRef<number | null>(null)
  const lastSavedAt = useRef(0)

  useEffect(() => {
    const video = videoRef.current
    if (!video || !enabled) return
    /** Played at all (a member who opened the player and left at once has nothing to resume). */
    let started = false
    let seen = 0
    const positionKey = trpc.watch.position.queryKey({ id: videoId })
    const save = (how: 'normal' | 'leaving') => {
      if (!started) return
      // After the source is gone (readyState 0) the element says 0: the last position seen counts.
      const position = video.ended && Number.isFinite(video.duration) ? video.duration : video.readyState > 0 ? video.currentTime : seen
      if (!Number.isFinite(position) || same(lastSaved.current, position)) return
      lastSaved.current = position
      lastSavedAt.current = Date.now()
      const request = (how === 'leaving' ? keepalive() : client).watch.save.mutate({ id: videoId, position })
      request.then(
        (answer) => {
          queryClient.setQueryData(positionKey, answer)
          void queryClient.invalidateQueries({ queryKey: trpc.watch.continue.queryKey() })
        },
        // A lost save is not worth a toast; the next one (10 s later, or the next pause) follows.
        () => undefined,
      )
    }
    const onPlaying = () => {
      if (!started) lastSavedAt.current = Date.now()
      started = true
    }
    const onTimeUpdate = () => {
      if (video.readyState > 0) seen = video.currentTime
      if (!video.paused && Date.now() - lastSavedAt.current >= SAVE_INTERVAL_MS) save('normal')
    }
    const onPause = () => save('normal')
    const onLeave = () => save('leaving')
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save('leaving')
    }
    const listening = new AbortController()
    const { signal } = listening
    video.addEventListener('playing', onPlaying, { signal })
    video.addEventListener('timeupdate', onTimeUpdate, { signal })
    video.addEventListener('pause', onPause, { signal })
    video.addEventListener('ended', onPause, { signal })
    window.addEventListener('pagehide', onLeave, { signal })
    document.addEventListener('visibilitychange', onVisibility, { signal })
    return () => {
      listening.abort()
      // The player goes away (another page of the site): the page stays, but keepalive costs nothing.
      save('leaving')
    }
  }, [videoRef, videoId, enabled, client, trpc, queryClient])
}
