import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DETAIL_BLOCKS } from '../../../../core/domain/catalog/catalog-blocks.js'
import { AnchorLink } from '../../../components/anchor-links'
import { CardPicture } from '../../../features/catalog/cards/CardPicture'
import { ModelNames } from '../../../features/catalog/cards/ModelNames'
import { loadDetail, parseId } from '../../../features/catalog/detail'
import { ItemActionsSlot } from '../../../features/catalog/detail-slots'
import { Facts } from '../../../features/catalog/Facts'
import { ImageSetGrid } from '../../../features/playback/MemberPictures'
import { MembersOnlyHint } from '../../../features/playback/MembersOnlyHint'
import { ImagesIcon } from '../../../features/catalog/icons'
import { blockInput } from '../../../features/catalog/queries'
import { RelatedBlock } from '../../../features/catalog/RelatedBlock'
import { Section } from '../../../features/catalog/Section'
import { countText, formatDate } from '../../../lib/format'
import { useI18n } from '../../../lib/locale'
import { useTRPC } from '../../../lib/trpc'
import { deferHydration } from '../../../lib/deferred'
import { detailRouteHead, imageSetSeo } from '../../../features/catalog/structured-data'
import type { ImageSetDetail } from '../../../lib/api-types.js'

export const Route = createFileRoute('/$lang/images/$id')({
  loader: async ({ context, params }) =>
    imageSetSeo(await loadDetail<ImageSetDetail>(context.queryClient, params, (locale, id) => context.trpc.catalog.imageSet.queryOptions({ locale, id }))),
  head: detailRouteHead,
  component: ImageSetPage,
})

function ImageSetPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const id = parseId(Route.useParams().id)!
  const { data: set } = useSuspenseQuery(trpc.catalog.imageSet.queryOptions({ locale, id }))
  const collage = set.previews.slice(0, 4)
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{set.title}</Title>
        <ModelNames models={set.models} />
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section id="image-set-preview" title={LL.catalog.imageSet.previews()}>
            {collage.length ? (
              <SimpleGrid cols={collage.length > 1 ? 2 : 1} spacing="xs">
                {collage.map((picture, index) => (
                  // The first is the page's likely LCP; four at high priority shared a slow phone's
                  // bandwidth with the page's CSS and delayed its first paint.
                  <CardPicture key={index} picture={picture} ratio={4 / 3} eager={index === 0} sizes="(min-width: 75em) 33vw, 50vw" />
                ))}
              </SimpleGrid>
            ) : (
              <CardPicture
                picture={null}
                ratio={16 / 9}
                seed={set.id + 7}
                placeholderIcon={<ImagesIcon size={56} />}
                placeholderText={LL.catalog.card.pictureComing()}
              />
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Title order={2} fz="h3">
              {LL.catalog.imageSet.details()}
            </Title>
            <ItemActionsSlot item={set} />
            <SetDetails set={set} />
            {set.membersOnly && <MembersOnlyNote />}
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The tour shows none of the set's pictures: the server sends none. */}
      {!set.tour && (
        <Section id="image-set-images" title={LL.catalog.imageSet.images()}>
          <ImageSetGrid set={set} />
        </Section>
      )}
      <RelatedBlock
        id="recommendations"
        title={LL.catalog.imageSet.recommendations()}
        kind="imageSets"
        columns="three"
        input={blockInput('imageSets', locale, DETAIL_BLOCKS.imageSetRecommendations, {
          ...(set.category ? { category: set.category.id } : {}),
          not: [set.id],
          random_persist: set.id,
        })}
        fill={blockInput('imageSets', locale, DETAIL_BLOCKS.imageSetRecommendations, { not: [set.id], random_persist: set.id })}
      />
    </Stack>
  )
}

/**
 * The set's facts and description: nothing in them acts on a tap (the category is an ordinary link), so
 * they keep the server's HTML until the visitor starts using the page (src/lib/deferred.tsx).
 */
const SetDetails = deferHydration(function SetDetails({ set }: { set: ImageSetDetail }) {
  const { LL, locale } = useI18n()
  return (
    <>
      <Facts
        items={[
          set.imagesCount > 0 && { label: LL.catalog.imageSet.images(), value: countText(LL.catalog.count.images, set.imagesCount, locale) },
          set.category && {
            label: LL.catalog.video.category(),
            value: (
              <AnchorLink to="/$lang/categories/$id/$tab" params={{ lang: locale, id: String(set.category.id), tab: 'images' }}>
                {set.category.title}
              </AnchorLink>
            ),
          },
          set.publishedAt && { label: LL.catalog.video.released(), value: formatDate(set.publishedAt, locale) },
        ]}
      />
      {set.description && <Text>{set.description}</Text>}
    </>
  )
})

/**
 * The hint that the full set is for members, not shown to one: its own component, so the
 * signed-in user's arrival renders it again and not the page (whose deferred parts would be
 * drawn anew).
 */
function MembersOnlyNote() {
  const { LL } = useI18n()
  const me = useQuery(useTRPC().auth.me.queryOptions())
  return me.data?.isMember ? null : <MembersOnlyHint text={LL.catalog.imageSet.membersOnlyHint()} />
}
