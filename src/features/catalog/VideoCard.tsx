import { AspectRatio, Badge, Card, Group, Image, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root.js'
import { useCurrentLocale } from '../../lib/locale'
import { AnchorLink } from '../../components/links'
import { formatDuration } from '../../lib/format'

export type VideoCardData = inferRouterOutputs<AppRouter>['catalog']['latestVideos'][number]

export function VideoCard({ video }: { video: VideoCardData }) {
  const lang = useCurrentLocale()
  const picture = (
    <AspectRatio ratio={16 / 9}>
      {video.poster ? (
        <Image src={video.poster.src} alt={video.poster.alt} loading="lazy" />
      ) : (
        <div aria-hidden="true" style={{ background: 'linear-gradient(135deg, var(--mantine-color-dark-5), var(--mantine-color-pink-9))' }} />
      )}
    </AspectRatio>
  )
  return (
    <Card padding="sm" withBorder component="article" aria-label={video.title}>
      <Card.Section>
        {video.publishState === 'published' ? (
          <Link to="/$lang/videos/$id" params={{ lang, id: String(video.id) }} aria-label={video.title} tabIndex={-1}>
            {picture}
          </Link>
        ) : (
          picture
        )}
      </Card.Section>
      <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
        {video.publishState === 'published' ? (
          <AnchorLink to="/$lang/videos/$id" params={{ lang, id: String(video.id) }} fw={600} lineClamp={1} c="gray.0">
            {video.title}
          </AnchorLink>
        ) : (
          <Text fw={600} lineClamp={1}>
            {video.title}
          </Text>
        )}
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {formatDuration(video.durationSeconds)}
        </Badge>
      </Group>
    </Card>
  )
}
