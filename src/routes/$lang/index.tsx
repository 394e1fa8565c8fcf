import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { HOME_BLOCKS } from '../../../core/domain/catalog/catalog-blocks.js'
import { isLocale, type Locale } from '../../../core/domain/locale.js'
import { CardGrid } from '../../features/catalog/CardGrid'
import { BannerCarousel, CardCarousel } from '../../features/catalog/DeferredCarousels'
import { CategoryCard } from '../../features/catalog/cards/CategoryCard'
import { ModelCard } from '../../features/catalog/cards/ModelCard'
import { VideoCard } from '../../features/catalog/cards/VideoCard'
import { blockInput, listQuery } from '../../features/catalog/queries'
import { Section } from '../../features/catalog/Section'
import { ContinueWatching } from '../../features/playback/ContinueWatching'
import { deferHydration, fetchedWhenHydrated } from '../../lib/deferred'
import { useI18n } from '../../lib/locale'
import { useTRPC, type Trpc } from '../../lib/trpc'
import { headContext, pageHead, websiteData } from '../../lib/seo'
import type { BannerItem, ListResult, VideoItem } from '../../lib/api-types.js'

/**
 * The home page's six blocks (spec section 2), fetched in one batched request. The card blocks
 * and the bottom banners are drawn by the server but their data stays out of the page: their
 * cards are plain elements (links and clips work before any hydration), so each block hydrates
 * once the page settles and asks for its data then (src/lib/deferred.tsx).
 */
function homeQueries(trpc: Trpc, locale: Locale) {
  const lists = listQuery(trpc)
  return [
    trpc.catalog.banners.queryOptions({ locale, position: 'top' }),
    fetchedWhenHydrated(lists.videos(blockInput('videos', locale, HOME_BLOCKS.latestVideos))),
    fetchedWhenHydrated(lists.categories(blockInput('categories', locale, HOME_BLOCKS.featuredCategories, { featured: true }))),
    fetchedWhenHydrated(lists.videos(blockInput('videos', locale, HOME_BLOCKS.popularVideos, { sort: 'most_watched' }))),
    fetchedWhenHydrated(lists.models(blockInput('models', locale, HOME_BLOCKS.topModels, { sort: 'best_rated' }))),
    fetchedWhenHydrated(trpc.catalog.banners.queryOptions({ locale, position: 'bottom' })),
  ] as const
}

function useHomeQueries() {
  const { locale } = useI18n()
  return homeQueries(useTRPC(), locale)
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
  const top = useSuspenseQuery(useHomeQueries()[0])
  return (
    <div className="home-blocks">
      <h1 className="visually-hidden">{LL.meta.home()}</h1>
      {top.data.length > 0 && (
        <Section id="top-banners" title={LL.catalog.home.topBanners()} showAll={`/${locale}/videos`}>
          <BannerCarousel label={LL.catalog.home.topBanners()} banners={top.data} />
        </Section>
      )}
      <ContinueWatching />
      <VideosBlock id="latest-videos" title={LL.catalog.home.latestVideos()} query={1} showAll={`/${locale}/videos`} />
      <FeaturedCategories />
      <VideosBlock id="popular-videos" title={LL.catalog.home.popularVideos()} query={3} showAll={`/${locale}/videos?sort=most_watched`} />
      <TopModels />
      <BottomBanners />
    </div>
  )
}

/** A block of video cards: the latest (query 1) or the most watched (query 3). */
const VideosBlock = deferHydration(function VideosBlock({ id, title, query, showAll }: { id: string; title: string; query: 1 | 3; showAll: string }) {
  const videos = useSuspenseQuery(useHomeQueries()[query])
  return (
    <Section id={id} title={title} showAll={showAll}>
      <CardGrid columns="block">
        {videos.data.items.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </CardGrid>
    </Section>
  )
})

const FeaturedCategories = deferHydration(function FeaturedCategories() {
  const { LL, locale } = useI18n()
  const categories = useSuspenseQuery(useHomeQueries()[2])
  return (
    <Section id="featured-categories" title={LL.catalog.home.featuredCategories()} showAll={`/${locale}/categories`}>
      <CardGrid columns="featured">
        {categories.data.items.map((category) => (
          <CategoryCard key={category.id} category={category} />
        ))}
      </CardGrid>
    </Section>
  )
})

const TopModels = deferHydration(function TopModels() {
  const { LL, locale } = useI18n()
  const models = useSuspenseQuery(useHomeQueries()[4])
  return (
    <Section id="top-models" title={LL.catalog.home.topModels()} showAll={`/${locale}/models?sort=best_rated`}>
      <CardCarousel label={LL.catalog.home.topModels()}>
        {models.data.items.map((model) => (
          <ModelCard key={model.id} model={model} />
        ))}
      </CardCarousel>
    </Section>
  )
})

const BottomBanners = deferHydration(function BottomBanners() {
  const { LL, locale } = useI18n()
  const bottom = useSuspenseQuery(useHomeQueries()[5])
  if (!bottom.data.length) return null
  return (
    <Section id="bottom-banners" title={LL.catalog.home.bottomBanners()} showAll={`/${locale}/coming-soon?type=videos`}>
      <BannerCarousel label={LL.catalog.home.bottomBanners()} banners={bottom.data} />
    </Section>
  )
})
