import { Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { isLocale, type Locale } from '../../../server/domain/locale.js'
import { VideoCard } from '../../features/catalog/VideoCard'
import { useDocumentHead } from '../../lib/head'
import { useI18n } from '../../lib/locale'
import { AnchorLink } from '../../components/links'

/** Spec section 9: the home page's latest-videos block holds 8 videos. */
export const HOME_LATEST_VIDEOS = 8

const latestOptions = (trpc: import('../../lib/trpc').Trpc, locale: Locale) =>
  trpc.catalog.latestVideos.queryOptions({ locale, limit: HOME_LATEST_VIDEOS })

export const Route = createFileRoute('/$lang/')({
  loader: ({ context, params }) =>
    isLocale(params.lang) ? context.queryClient.ensureQueryData(latestOptions(context.trpc, params.lang)) : undefined,
  component: Home,
})

function Home() {
  const { LL, locale } = useI18n()
  const { trpc } = Route.useRouteContext()
  const latest = useSuspenseQuery(latestOptions(trpc, locale))
  useDocumentHead()
  return (
    <Stack gap="xl">
      <VisuallyHidden>
        <Title order={1}>{LL.meta.home()}</Title>
      </VisuallyHidden>
      <section aria-labelledby="latest-videos">
        <Group justify="space-between" mb="sm">
          <Title order={2} id="latest-videos">
            {LL.catalog.home.latestVideos()}
          </Title>
          <AnchorLink  to="/$lang/videos" params={{ lang: locale }}>
            {LL.common.showAll()}
          </AnchorLink>
        </Group>
        {latest.data.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {latest.data.map((video) => (
              <VideoCard key={video.id} video={video} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{LL.catalog.empty()}</Text>
        )}
      </section>
    </Stack>
  )
}
