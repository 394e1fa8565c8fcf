import { Box, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Suspense, lazy, useState } from 'react'
import { formatDuration } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { fetchMe, useMe } from '../auth/session'
import { CardPicture } from '../catalog/cards/CardPicture'
import { PlayIcon } from '../catalog/icons'
import { HoverClip } from './HoverClip'
import { useInteraction } from './interactions'
import { MembersOnlyHint } from './MembersOnlyHint'
import type { VideoDetail } from '../../lib/api-types.js'

const VideoPlayer = lazy(() => import('./VideoPlayer'))

/**
 * The video page's player area (spec sections 2, 4, 6). Before the first play: the poster, the
 * preview clip on hover and a play button. A member pressing play gets the player (signed
 * URLs from playback.video, checked by the membership rule on the server); anyone else is sent
 * to /account/select-plan. Signed-in users without a plan see the members-only hint.
 */
export function PlayerArea({ video }: { video: VideoDetail }) {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const me = useMe()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [started, setStarted] = useState(false)
  const [startAt, setStartAt] = useState(0)
  const [failures, setFailures] = useState(0)
  const member = !!me.data?.isMember
  const options = trpc.playback.video.queryOptions({ locale, id: video.id }, { staleTime: 60_000 })
  const playback = useQuery({ ...options, enabled: started })
  const markViewed = useInteraction('video', video.id)
  // Where this member stopped last time (any browser): offered as "Resume at 12:34" / "Start over".
  const saved = useQuery({ ...trpc.watch.position.queryOptions({ id: video.id }, { staleTime: 0 }), enabled: member && !started })
  const resumeAt = member ? (saved.data?.resumeAt ?? null) : null
  const best = video.highestResolution ? LL.catalog.resolution[video.highestResolution]() : null

  const play = async (from = 0) => {
    // Right after the page opened, who is signed in may still be loading: ask, then decide.
    const current = me.data ?? (await fetchMe({ queryClient, trpc }).catch(() => null))
    if (!current?.isMember) return void navigate({ to: '/account/select-plan' })
    setStartAt(from)
    setStarted(true)
  }

  const failed = failures > 2 || playback.isError || (playback.data && !playback.data.master)
  return (
    <Stack gap="xs">
      <Box role="region" aria-label={LL.catalog.video.player()} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        {started && playback.data?.master && !failed ? (
          <Suspense fallback={<PosterLoading video={video} />}>
            <VideoPlayer
              videoId={video.id}
              startAt={startAt}
              playback={playback.data}
              poster={video.poster?.src}
              title={video.title}
              autoPlay
              onFirstPlay={() => {
                if (!video.state?.view) void markViewed({ view: true }, { requireUser: false })
              }}
              onExpired={() => {
                setFailures((n) => n + 1)
                void queryClient.invalidateQueries({ queryKey: options.queryKey })
              }}
              onFailed={() => setFailures(3)}
            />
          </Suspense>
        ) : started && !failed ? (
          <PosterLoading video={video} />
        ) : (
          <CardPicture
            picture={video.poster}
            ratio={16 / 9}
            seed={video.id}
            eager
            sizes="(min-width: 75em) 66vw, 100vw"
            placeholderIcon={<PlayIcon size={64} />}
          >
            <HoverClip src={video.previewClipUrl} />
            <Box
              pos="absolute"
              style={{
                inset: 0,
                background: 'linear-gradient(0deg, rgba(0,0,0,0.75), rgba(0,0,0,0) 55%)',
                display: 'flex',
                alignItems: 'flex-end',
                pointerEvents: 'none',
              }}
              p="lg"
            >
              <Stack gap="xs" style={{ pointerEvents: 'auto' }}>
                {/* Above the buttons: the area is anchored at the bottom, so the members-only line that goes
                    once the browser knows a member is signed in does not move the button under a finger. */}
                {failed ? (
                  <Text c="white" fw={600}>
                    {playback.data && !playback.data.master
                      ? LL.playback.player.preparing()
                      : // In the tour the server refuses the player and says why (verify the age first).
                        playback.error?.data?.key === 'tourRefused'
                        ? playback.error.message
                        : LL.playback.player.failed()}
                  </Text>
                ) : (
                  !member && (
                    <Text c="white" fw={600} fz={{ base: 'sm', sm: 'md' }}>
                      {best ? LL.catalog.video.membersOnly({ resolution: best }) : LL.catalog.video.membersOnlyNoResolution()}
                    </Text>
                  )
                )}
                {resumeAt !== null ? (
                  <Group gap="sm">
                    <Button size="md" radius="xl" leftSection={<PlayIcon size={22} />} onClick={() => play(resumeAt)}>
                      {LL.playback.resume.resumeAt({ time: formatDuration(Math.floor(resumeAt)) })}
                    </Button>
                    <Button size="md" radius="xl" variant="white" color="dark" onClick={() => play(0)}>
                      {LL.playback.resume.startOver()}
                    </Button>
                  </Group>
                ) : (
                  <div>
                    <Button size="md" radius="xl" leftSection={<PlayIcon size={22} />} onClick={() => play(0)} aria-label={LL.playback.player.play()}>
                      {LL.playback.player.play()}
                    </Button>
                  </div>
                )}
              </Stack>
            </Box>
          </CardPicture>
        )}
      </Box>
      {me.data && !member && <MembersOnlyHint text={LL.playback.player.membersOnlyHint()} />}
    </Stack>
  )
}

function PosterLoading({ video }: { video: VideoDetail }) {
  return (
    <CardPicture picture={video.poster} ratio={16 / 9} seed={video.id} eager>
      <Box pos="absolute" style={{ inset: 0, display: 'grid', placeItems: 'center', background: 'rgba(0,0,0,0.35)' }}>
        <Loader color="white" />
      </Box>
    </CardPicture>
  )
}
