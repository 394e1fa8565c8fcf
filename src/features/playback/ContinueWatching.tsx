import { useQuery } from '@tanstack/react-query'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { useMe } from '../auth/session'
import { CardCarousel } from '../catalog/DeferredCarousels'
import { VideoCard } from '../catalog/cards/VideoCard'
import { Section } from '../catalog/Section'

/**
 * The home page's "Continue watching" row for a signed-in member: the videos begun and not yet
 * watched to 95 %, the most recently watched first, each card with a progress bar. Read in the
 * browser only (the server renders the page as a visitor sees it); nothing when empty.
 */
export function ContinueWatching() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const member = !!useMe().data?.isMember
  const videos = useQuery({ ...trpc.watch.continue.queryOptions({ locale }, { staleTime: 0 }), enabled: member })
  if (!member || !videos.data?.length) return null
  const title = LL.playback.resume.continueWatching()
  return (
    <Section id="continue-watching" title={title}>
      <CardCarousel label={title} autoplay={false}>
        {videos.data.map((video) => (
          <VideoCard key={video.id} video={video} positionSeconds={video.positionSeconds} />
        ))}
      </CardCarousel>
    </Section>
  )
}
