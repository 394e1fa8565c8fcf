import type { TitleOrder } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { sortsFor, type ListKind } from '../../../core/domain/catalog/list.js'
import { SEARCH_COUNT_LIMIT } from '../../../core/domain/catalog/search.js'
import { useBreakpoint } from '../../lib/breakpoint'
import { deferHydration } from '../../lib/deferred'
import { countText } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import { CardGrid, GRID_COLUMNS } from './CardGrid'
import { CategoryCard } from './cards/CategoryCard'
import { ImageSetCard } from './cards/ImageSetCard'
import { ModelCard } from './cards/ModelCard'
import { VideoCard } from './cards/VideoCard'
import { ListView } from './ListView'
import { PageTitle } from '../../components/PageTitle'
import { listQuery, pageInput } from './queries'
import type { ListFilters, ListSearch } from './list-route'
import type { CategoryItem, ImageSetItem, ListResult, ModelItem, VideoItem } from '../../lib/api-types.js'

/**
 * A list's first cards (a phone's first row) fetch their pictures at once, with high priority:
 * the largest of them is the page's likely LCP. The rest load as they are scrolled to.
 */
const EAGER_CARDS = 2

/**
 * The cards React makes live as the page starts: a phone's first two rows. The rest keep the
 * server's HTML (their links work as plain links) and hydrate once the visitor starts using the
 * page (src/lib/deferred.tsx): hydrating a card costs a phone about as much as drawing it.
 */
const HYDRATED_CARDS = 4

const LaterCards = deferHydration(function LaterCards({ items, order, render }: { items: unknown[]; order: TitleOrder; render: CardOf<unknown> }) {
  return <>{items.map((item) => render(item, order, false))}</>
})

interface Props {
  kind: ListKind
  search: ListSearch
  filters?: ListFilters
  /** A search list offers relevance as a sort. */
  searching?: boolean
  headingOrder?: TitleOrder
  /** Shown instead of the generic "nothing here" text. */
  empty?: string
  /** false: no sort choice (coming soon is always by release date). */
  sortable?: boolean
}

/** A paginated, sortable list of any catalog kind, with the cards of that kind. */
export function ContentList(props: Props) {
  switch (props.kind) {
    case 'videos':
      return <VideoList {...props} />
    case 'imageSets':
      return <ImageSetList {...props} />
    case 'models':
      return <ModelList {...props} />
    case 'categories':
      return <CategoryList {...props} />
  }
}

function useInput({ kind, search, filters }: Props) {
  const { locale } = useI18n()
  return pageInput(kind, locale, useBreakpoint(), search, filters)
}

function VideoList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).videos(useInput(props)))
  return <ListBody {...props} data={data} render={videoCard} />
}

function ImageSetList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).imageSets(useInput(props)))
  return <ListBody {...props} data={data} render={imageSetCard} />
}

function ModelList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).models(useInput(props)))
  return <ListBody {...props} data={data} render={modelCard} />
}

function CategoryList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).categories(useInput(props)))
  return <ListBody {...props} data={data} render={categoryCard} />
}

// The cards of each kind, made once.
type CardOf<T> = (item: T, order: TitleOrder, eager: boolean) => ReactNode
const videoCard: CardOf<VideoItem> = (video, order, eager) => <VideoCard key={video.id} video={video} headingOrder={order} eager={eager} />
const imageSetCard: CardOf<ImageSetItem> = (set, order, eager) => <ImageSetCard key={set.id} imageSet={set} headingOrder={order} eager={eager} />
const modelCard: CardOf<ModelItem> = (model, order, eager) => <ModelCard key={model.id} model={model} headingOrder={order} eager={eager} />
const categoryCard: CardOf<CategoryItem> = (category, order, eager) => <CategoryCard key={category.id} category={category} headingOrder={order} eager={eager} />

function ListBody<T>({ kind, search, searching, headingOrder = 2, empty, sortable = true, data, render }: Props & { data: ListResult<T>; render: CardOf<T> }) {
  const { LL, locale } = useI18n()
  const later = useMemo(() => data.items.slice(HYDRATED_CARDS), [data.items])
  const sorts = sortable ? sortsFor(kind, searching) : []
  const sort = sorts.includes(search.sort) ? search.sort : (sorts[0] ?? search.sort)
  const countLabel = !searching
    ? countText(LL.catalog.count[kind], data.meta.total, locale)
    : data.meta.estimated
      ? LL.catalog.search.about({ count: data.meta.total })
      : data.meta.total >= SEARCH_COUNT_LIMIT
        ? LL.catalog.search.atLeast({ count: data.meta.total })
        : countText(LL.catalog.count[kind], data.meta.total, locale)
  return (
    <ListView meta={data.meta} countLabel={countLabel} sorts={sorts} sort={sort}>
      <CardGrid columns={kind as keyof typeof GRID_COLUMNS} empty={empty}>
        {[
          ...data.items.slice(0, HYDRATED_CARDS).map((item, index) => render(item, headingOrder, index < EAGER_CARDS)),
          // Keyed by the cards it holds: other cards (another page size, another page) are drawn at once.
          ...(later.length
            ? [
                <LaterCards
                  key={later.map((item) => (item as { id: number }).id).join()}
                  items={later}
                  order={headingOrder}
                  render={render as CardOf<unknown>}
                />,
              ]
            : []),
        ]}
      </CardGrid>
    </ListView>
  )
}

/** A list page: its title and the list, reading sort and page from the URL. */
export function ListPage({ kind, title }: { kind: ListKind; title: string }) {
  const search = useSearch({ strict: false }) as ListSearch
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <ContentList kind={kind} search={search} />
    </>
  )
}
