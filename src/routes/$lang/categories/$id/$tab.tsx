import { Avatar, Group, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { isLocale } from '../../../../../core/domain/locale.js'
import { ButtonLink } from '../../../../components/links'
import { ContentList } from '../../../../features/catalog/ContentList'
import { ensureList } from '../../../../features/catalog/list-route'
import { loadDetail, parseId } from '../../../../features/catalog/detail'
import { listSearchDefaults, listSearchSchema } from '../../../../features/catalog/list-search'
import { RouteTabs, tabProps } from '../../../../features/catalog/RouteTabs'
import { useI18n } from '../../../../lib/locale'
import { useTRPC } from '../../../../lib/trpc'
import { categorySeo, detailRouteHead } from '../../../../features/catalog/structured-data'
import type { CategoryDetail } from '../../../../lib/api-types.js'

const TABS = { videos: 'videos', images: 'imageSets' } as const

export const Route = createFileRoute('/$lang/categories/$id/$tab')({
  validateSearch: listSearchSchema('videos'),
  search: { middlewares: listSearchDefaults('videos') },
  beforeLoad: ({ params }) => {
    if (!(params.tab in TABS)) throw notFound()
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const category = await loadDetail<CategoryDetail>(context.queryClient, params, (locale, id) => context.trpc.catalog.category.queryOptions({ locale, id }))
    if (isLocale(params.lang)) await ensureList(context, TABS[params.tab as keyof typeof TABS], params.lang, deps, { category: category.id })
    return categorySeo(category)
  },
  head: detailRouteHead,
  component: CategoryPage,
})

function CategoryPage() {
  const trpc = useTRPC()
  const { LL, locale } = useI18n()
  const params = Route.useParams()
  const search = Route.useSearch()
  const { data: category } = useSuspenseQuery(trpc.catalog.category.queryOptions({ locale, id: parseId(params.id)! }))
  const tab = params.tab as keyof typeof TABS
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        {category.logo && <Avatar src={category.logo.src} alt="" size="lg" radius="md" />}
        <Stack gap={2}>
          <Title order={1}>{category.title}</Title>
          <Text c="dimmed">{category.description}</Text>
        </Stack>
      </Group>
      <RouteTabs label={LL.catalog.category.contentOf({ title: category.title })}>
        <ButtonLink to="/$lang/categories/$id/$tab" params={{ ...params, tab: 'videos' }} {...tabProps(tab === 'videos')}>
          {LL.catalog.tabs.videos()}
        </ButtonLink>
        <ButtonLink to="/$lang/categories/$id/$tab" params={{ ...params, tab: 'images' }} {...tabProps(tab === 'images')}>
          {LL.catalog.tabs.images()}
        </ButtonLink>
      </RouteTabs>
      <ContentList kind={TABS[tab]} search={search} filters={{ category: category.id }} />
    </Stack>
  )
}
