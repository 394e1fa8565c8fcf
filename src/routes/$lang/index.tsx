import { Stack, Title, VisuallyHidden } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { HOME_BLOCKS } from '../../../core/domain/catalog/catalog-blocks.js'
import { isLocale, type Locale } from '../../../core/domain/locale.js'
import { AnchorLink } from '../../components/links'
import { CardGrid } from '../../features/catalog/CardGrid'
import { BannerCarousel, CardCarousel } from '../../features/catalog/DeferredCarousels'
import { CategoryCard } from '../../features/catalog/cards/CategoryCard'
import { ModelCard } from '../../features/catalog/cards/ModelCard'
import { VideoCard } from '../../features/catalog/cards/VideoCard'
import { blockInput, listQuery } from '../../features/catalog/queries'
import { Section } from '../../features/catalog/Section'
import { ContinueWatching } from '../../features/playback/ContinueWatching'
import { deferHydration } from '../../lib/deferred'
import { useI18n } from '../../lib/locale'
import { useTRPC, type Trpc } from '../../lib/trpc'
import { headContext, pageHead, websiteData } from '../../lib/seo'
import type { BannerItem, ListResult, VideoItem } from '../../lib/api-types.js'

/** Blocks below the fold hydrate once the page settles (src/lib/deferred.tsx): less work before the page is live. */
const LaterCardGrid = deferHydration(CardGrid)

/** The home page's six blocks (spec section 2), fetched in one batched request. */
function homeQueries(trpc: Trpc, locale: Locale) {
  const lists = listQuery(trpc)
  return [
    trpc.catalog.banners.queryOptions({ locale, position: 'top' }),
    lists.videos(blockInput('videos', locale, HOME_BLOCKS.latestVideos)),
    lists.categories(blockInput('categories', locale, HOME_BLOCKS.featuredCategories, { featured: true })),
    lists.videos(blockInput('videos', locale, HOME_BLOCKS.popularVideos, { sort: 'most_watched' })),
    lists.models(blockInput('models', locale, HOME_BLOCKS.topModels, { sort: 'best_rated' })),
    trpc.catalog.banners.queryOptions({ locale, position: 'bottom' }),
  ] as const
}

export const Route = createFileRoute('/$lang/')({
  loader: async ({ context, params }) => {
    if (!isLocale(params.lang)) return
    const [top, latest] = (await Promise.all(
      homeQueries(context.trpc, params.lang).map((options) => context.queryClient.ensureQueryData(options as never)),
    )) as [BannerItem[], ListResult<VideoItem>]
    // The link preview's picture: the first banner, else the newest video's still.
    return { image: top[0]?.picture ?? latest.items[0]?.featuredPreview ?? null }
  },
  head: ({ match, loaderData }) => {
    const { env, locale } = headContext(match)
    return pageHead({ env, locale, path: '', image: loaderData?.image, jsonLd: [websiteData(env, locale)] })
  },
  component: Home,
})

function Home() {
  const { LL, locale } = useI18n()
  const queries = homeQueries(useTRPC(), locale)
  // One hook per block rather than useSuspenseQueries (its observer is 1 KB more script); the
  // loader has fetched all six, so none of them waits.
  const top = useSuspenseQuery(queries[0])
  const latest = useSuspenseQuery(queries[1])
  const categories = useSuspenseQuery(queries[2])
  const popular = useSuspenseQuery(queries[3])
  const models = useSuspenseQuery(queries[4])
  const bottom = useSuspenseQuery(queries[5])
  const lang = { lang: locale }
  return (
    <Stack gap={40}>
      <VisuallyHidden>
        <Title order={1}>{LL.meta.home()}</Title>
      </VisuallyHidden>
      {top.data.length > 0 && (
        <Section
          id="top-banners"
          title={LL.catalog.home.topBanners()}
          showAll={(label) => (
            <AnchorLink to="/$lang/videos" params={lang} aria-label={label}>
              {LL.common.showAll()}
            </AnchorLink>
          )}
        >
          <BannerCarousel label={LL.catalog.home.topBanners()} banners={top.data} />
        </Section>
      )}
      <ContinueWatching />
      <Section
        id="latest-videos"
        title={LL.catalog.home.latestVideos()}
        showAll={(label) => (
          <AnchorLink to="/$lang/videos" params={lang} aria-label={label}>
            {LL.common.showAll()}
          </AnchorLink>
        )}
      >
        <CardGrid columns="block">
          {latest.data.items.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </CardGrid>
      </Section>
      <Section
        id="featured-categories"
        title={LL.catalog.home.featuredCategories()}
        showAll={(label) => (
          <AnchorLink to="/$lang/categories" params={lang} aria-label={label}>
            {LL.common.showAll()}
          </AnchorLink>
        )}
      >
        <LaterCardGrid columns="featured">
          {categories.data.items.map((category) => (
            <CategoryCard key={category.id} category={category} />
          ))}
        </LaterCardGrid>
      </Section>
      <Section
        id="popular-videos"
        title={LL.catalog.home.popularVideos()}
        showAll={(label) => (
          <AnchorLink to="/$lang/videos" params={lang} search={{ sort: 'most_watched' }} aria-label={label}>
            {LL.common.showAll()}
          </AnchorLink>
        )}
      >
        <LaterCardGrid columns="block">
          {popular.data.items.map((video) => (
            <VideoCard key={video.id} video={video} />
          ))}
        </LaterCardGrid>
      </Section>
      <Section
        id="top-models"
        title={LL.catalog.home.topModels()}
        showAll={(label) => (
          <AnchorLink to="/$lang/models" params={lang} search={{ sort: 'best_rated' }} aria-label={label}>
            {LL.common.showAll()}
          </AnchorLink>
        )}
      >
        <CardCarousel label={LL.catalog.home.topModels()}>
          {models.data.items.map((model) => (
            <ModelCard key={model.id} model={model} />
          ))}
        </CardCarousel>
      </Section>
      {bottom.data.length > 0 && (
        <Section
          id="bottom-banners"
          title={LL.catalog.home.bottomBanners()}
          showAll={(label) => (
            <AnchorLink to="/$lang/coming-soon" params={lang} search={{ type: 'videos' }} aria-label={label}>
              {LL.common.showAll()}
            </AnchorLink>
          )}
        >
          <BannerCarousel label={LL.catalog.home.bottomBanners()} banners={bottom.data} />
        </Section>
      )}
    </Stack>
  )
}
