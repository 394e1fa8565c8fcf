import type { TitleOrder } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isLocale, type Locale } from '../../../server/domain/locale.js'
import { sortsFor, type ListKind, type SortName } from '../../../server/domain/list.js'
import { SEARCH_COUNT_LIMIT } from '../../../server/domain/search.js'
import type { ListQueryInput } from '../../../server/domain/schemas/catalog.js'
import { currentBreakpoint, useBreakpoint } from '../../lib/breakpoint'
import { countText } from '../../lib/format'
import { useI18n } from '../../lib/locale'
import { useTRPC } from '../../lib/trpc'
import type { RouterContext } from '../../router'
import { CardGrid, GRID_COLUMNS } from './CardGrid'
import { CategoryCard } from './cards/CategoryCard'
import { ImageSetCard } from './cards/ImageSetCard'
import { ModelCard } from './cards/ModelCard'
import { VideoCard } from './cards/VideoCard'
import { ListView } from './ListView'
import { listSearchDefaults, listSearchSchema } from './list-search'
import { PageTitle } from '../../components/PageTitle'
import { listQuery, pageInput } from './queries'
import { staticHead } from '../../lib/seo'
import type { ListResult } from '../../lib/api-types.js'

type Filters = Omit<ListQueryInput, 'locale' | 'with' | 'per_page' | 'page' | 'sort_by'>
export interface ListSearch {
  sort: SortName
  page: number
}

/** For route loaders: fetches the page the component will show (same query key). */
export function ensureList(context: RouterContext, kind: ListKind, locale: Locale, search: ListSearch, filters: Filters = {}) {
  const input = pageInput(kind, locale, currentBreakpoint(context.env), search, filters)
  return context.queryClient.ensureQueryData(listQuery(context.trpc)[kind](input) as never)
}

interface Props {
  kind: ListKind
  search: ListSearch
  filters?: Filters
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
  return <ListBody {...props} data={data} render={(video, order) => <VideoCard key={video.id} video={video} headingOrder={order} />} />
}

function ImageSetList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).imageSets(useInput(props)))
  return <ListBody {...props} data={data} render={(set, order) => <ImageSetCard key={set.id} imageSet={set} headingOrder={order} />} />
}

function ModelList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).models(useInput(props)))
  return <ListBody {...props} data={data} render={(model, order) => <ModelCard key={model.id} model={model} headingOrder={order} />} />
}

function CategoryList(props: Props) {
  const { data } = useSuspenseQuery(listQuery(useTRPC()).categories(useInput(props)))
  return <ListBody {...props} data={data} render={(category, order) => <CategoryCard key={category.id} category={category} headingOrder={order} />} />
}

function ListBody<T>({ kind, search, searching, headingOrder = 2, empty, sortable = true, data, render }: Props & { data: ListResult<T>; render: (item: T, order: TitleOrder) => ReactNode }) {
  const { LL, locale } = useI18n()
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
        {data.items.map((item) => render(item, headingOrder))}
      </CardGrid>
    </ListView>
  )
}

const LIST_META_KEY = { videos: 'videos', imageSets: 'images', models: 'models', categories: 'categories' } as const

/**
 * The options of a plain list route (/videos, /images, /models, /categories): sort and page
 * in the query string, the page loaded before it shows.
 */
export function listRouteOptions<K extends ListKind>(kind: K, Page: (props: { kind: K }) => ReactNode) {
  return {
    validateSearch: listSearchSchema(kind),
    search: { middlewares: listSearchDefaults(kind) },
    head: staticHead(LIST_META_KEY[kind]),
    loaderDeps: ({ search }: { search: ListSearch }) => search,
    loader: ({ context, params, deps }: { context: RouterContext; params: { lang: string }; deps: ListSearch }) =>
      isLocale(params.lang) ? ensureList(context, kind, params.lang, deps) : undefined,
    component: () => <Page kind={kind} />,
  }
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
