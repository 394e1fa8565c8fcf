import { Avatar, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DETAIL_BLOCKS } from '../../../../core/domain/catalog/catalog-blocks.js'
import { AnchorLink } from '../../../components/anchor-links'
import { ModelNames } from '../../../features/catalog/cards/ModelNames'
import { loadDetail, parseId } from '../../../features/catalog/detail'
import { ItemActionsSlot, VideoPlayerSlot } from '../../../features/catalog/detail-slots'
import { Facts } from '../../../features/catalog/Facts'
import { PreviewStills } from '../../../features/playback/MemberPictures'
import { blockInput } from '../../../features/catalog/queries'
import { RelatedBlock } from '../../../features/catalog/RelatedBlock'
import { Section } from '../../../features/catalog/Section'
import { formatDate, formatDuration, formatRelativeTime } from '../../../lib/format'
import { useNow } from '../../../lib/now'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'
import { deferHydration } from '../../../lib/deferred'
import { detailRouteHead, videoSeo } from '../../../features/catalog/structured-data'
import type { VideoDetail } from '../../../lib/api-types.js'

export const Route = createFileRoute('/$lang/videos/$id')({
  loader: async ({ context, params }) =>
    videoSeo(await loadDetail<VideoDetail>(context.queryClient, params, (locale, id) => context.trpc.catalog.video.queryOptions({ locale, id }))),
  head: detailRouteHead,
  component: VideoPage,
})

function VideoPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const id = parseId(Route.useParams().id)!
  const { data: video } = useSuspenseQuery(trpc.catalog.video.queryOptions({ locale, id }))
  const modelIds = video.models.map((model) => model.id)
  const names = video.models.map((model) => model.name).join(', ')
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{video.title}</Title>
        <Group gap="md" c="dimmed">
          <ModelNames models={video.models} />
          {video.publishedAt && (
            <Text size="sm" component="time" dateTime={video.publishedAt}>
              <LaterTimeAgo date={video.publishedAt} />
            </Text>
          )}
        </Group>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <VideoPlayerSlot video={video} />
            <ItemActionsSlot item={video} />
            {video.description && (
              <Section id="video-description" title={LL.catalog.video.description()}>
                <Text>{video.description}</Text>
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <VideoDetails video={video} />
        </Grid.Col>
      </Grid>
      {/* The tour shows no stills: the server sends none. */}
      {!video.tour && (
        <Section id="video-previews" title={LL.catalog.video.previews()}>
          {video.previews.length ? <PreviewStills video={video} /> : <Text c="dimmed">{LL.catalog.video.previewsPreparing()}</Text>}
        </Section>
      )}
      {modelIds.length > 0 && (
        <RelatedBlock
          id="models-other-videos"
          title={LL.catalog.video.modelsOtherVideos({ names })}
          kind="videos"
          columns="three"
          input={blockInput('videos', locale, DETAIL_BLOCKS.modelsOtherVideos, { models: modelIds, not: [video.id] })}
        />
      )}
      <RelatedBlock
        id="recommendations"
        title={LL.catalog.video.recommendations()}
        kind="videos"
        input={blockInput('videos', locale, DETAIL_BLOCKS.videoRecommendations, {
          ...(video.category ? { category: video.category.id } : {}),
          not: [video.id],
          random_persist: video.id,
        })}
        fill={blockInput('videos', locale, DETAIL_BLOCKS.videoRecommendations, { not: [video.id], random_persist: video.id })}
      />
    </Stack>
  )
}

/**
 * The video's facts and models: below the player on a phone and never interactive (its links
 * work as plain links), so it keeps the server's HTML until the visitor starts using the page.
 */
const VideoDetails = deferHydration(function VideoDetails({ video }: { video: VideoDetail }) {
  const { LL, locale } = useI18n()
  return (
    <Stack gap="md" data-nav="">
      <Title order={2} fz="h3">
        {LL.catalog.video.details()}
      </Title>
      <Facts
        items={[
          { label: LL.catalog.video.duration(), value: formatDuration(video.durationSeconds) },
          video.category && {
            label: LL.catalog.video.category(),
            value: (
              <AnchorLink to="/$lang/categories/$id/$tab" params={{ lang: locale, id: String(video.category.id), tab: 'videos' }}>
                {video.category.title}
              </AnchorLink>
            ),
          },
          video.highestResolution && { label: LL.catalog.video.highestResolution(), value: LL.catalog.resolution[video.highestResolution]() },
          video.publishedAt && { label: LL.catalog.video.released(), value: formatDate(video.publishedAt, locale) },
        ]}
      />
      {video.models.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="sm" c="dimmed" fw={500}>
            {LL.catalog.video.models()}
          </Title>
          {video.models.map((model) => (
            <Group key={model.id} gap="sm">
              <Avatar src={model.avatar?.src} alt="" radius="xl" color="pink">
                {model.name.slice(0, 1)}
              </Avatar>
              <AnchorLink to="/$lang/models/$id" params={{ lang: locale, id: String(model.id) }} search={{ type: 'videos' }}>
                {model.name}
              </AnchorLink>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  )
})

/**
 * "3 days ago": its own component, so that the switch from the server's clock to the browser's
 * once the page is live (useNow) renders this text again, not the page, whose parts that are not
 * hydrated yet (VideoDetails) would have to be drawn anew. Hydrated when the page settles (from
 * the server's clock, as it was drawn): its relative-time format would start ICU at once.
 */
function TimeAgo({ date }: { date: string }) {
  const { locale } = useI18n()
  return formatRelativeTime(date, locale, useNow())
}

const LaterTimeAgo = deferHydration(TimeAgo)
